import type { Config } from '../../config.ts';
import { demoMailboxDir, startDemoMailbox, type DemoMailbox } from './demo-mailbox.ts';
import { outboxOnlySender, type MailSender } from './mail-sender.ts';
import { createSmtpSender } from './smtp-sender.ts';

export type { MailSender, OutgoingEmail } from './mail-sender.ts';
export { DemoMailboxError, type DemoMailbox } from './demo-mailbox.ts';

/**
 * The mail sender the configuration names, for a process that starts no mailbox (tests, `jobs:run`):
 * SMTP when SMTP_URL is set, else none (emails wait in the outbox). Only a running server starts the
 * demo mailbox (`startMail`).
 */
export const createMailSender = (mail: Config['mail']): MailSender =>
  mail.kind === 'smtp' ? createSmtpSender({ smtpUrl: mail.smtpUrl, from: mail.from }) : outboxOnlySender;

/**
 * The server's mail at start-up: SMTP when SMTP_URL is set; outside production without it, the demo
 * mailbox (MailDev), started here, which the app then sends to through SMTP as it would to any mail
 * server; in a production demo box without SMTP_URL, none. Throws a `DemoMailboxError` saying what to
 * change when the mailbox cannot start (a port in use).
 */
export const startMail = async (
  config: Pick<Config, 'mail' | 'dataDir' | 'publicUrl'>,
): Promise<{ sender: MailSender; demoMailbox: DemoMailbox | undefined }> => {
  const { mail } = config;
  if (mail.kind !== 'demoMailbox') return { sender: createMailSender(mail), demoMailbox: undefined };
  const demoMailbox = await startDemoMailbox({
    host: mail.host,
    smtpPort: mail.smtpPort,
    webPort: mail.webPort,
    mailDir: demoMailboxDir(config.dataDir),
    publicHostname: new URL(config.publicUrl).hostname,
  });
  return { sender: createSmtpSender({ smtpUrl: demoMailbox.smtpUrl, from: mail.from }), demoMailbox };
};
