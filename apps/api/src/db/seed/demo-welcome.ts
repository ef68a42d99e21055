/**
 * What a person needs after the demo catalogue is seeded: the demo accounts (all with confirmed
 * email addresses, so they book, pay, list and message at once), their one password, and where the
 * emails the site sends can be read. Printed once, by the start that seeds an empty database.
 */
import { demoAccounts, demoPassword } from './demo-catalogue.ts';

/** One line per demo account: its email and role. */
export const demoAccountLines = (): string[] =>
  demoAccounts.map(
    (a) =>
      `  ${a.email.padEnd(24)} ${a.role === 'user' ? 'buyer' : a.role}${a.role === 'seller' ? (a.verified ? ', verified' : ', not verified') : ''}`,
  );

export const demoWelcome = (demoMailboxUrl: string | undefined): string =>
  [
    '',
    `Demo accounts (password "${demoPassword}"; their email addresses are confirmed):`,
    ...demoAccountLines(),
    demoMailboxUrl
      ? `Demo mailbox (every email the site sends, such as a new account's confirmation link): ${demoMailboxUrl}`
      : 'Emails go to the mail server SMTP_URL names.',
    '',
  ].join('\n');
