/**
 * The emails the server sent, as the browser tests read them. The e2e server runs as a demo (no
 * SMTP_URL): it sends its emails through SMTP to the demo mailbox it starts (MailDev), the inbox a
 * person opens from the site's "Demo mailbox" link. The tests read that inbox through MailDev's
 * REST API (the one its web inbox uses), at the address the site gives (GET /api/demo-mailbox). A
 * test finds its email by recipient and kind, and follows its link.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { emailTexts } from '@recell/contract';

/** The site's address, which playwright.config.ts sets for every worker. */
export const baseUrlVar = 'RECELL_E2E_BASE_URL';

export interface ReceivedEmail {
  to: string;
  subject: string;
  text: string;
  /** When it was sent (ms), to the second: the Date header's precision. */
  receivedAt: number;
}

/** An email as MailDev's REST API answers it (the fields read here). */
interface MailDevEmail {
  to: { address: string }[];
  subject: string;
  text?: string;
  time: string;
}

const subjectOf = {
  password_reset: emailTexts.resetSubject,
  email_confirmation: emailTexts.confirmSubject,
} as const;

let mailboxUrl: Promise<string> | undefined;
/** The demo mailbox's address, as the site tells its visitors. */
export const demoMailboxUrl = (): Promise<string> =>
  (mailboxUrl ??= (async () => {
    const site = process.env[baseUrlVar];
    if (!site) throw new Error(`${baseUrlVar} is not set: run the browser tests through playwright.config.ts`);
    const answer = (await (await fetch(`${site}/api/demo-mailbox`)).json()) as { url: string | null };
    if (!answer.url) throw new Error('the e2e server runs no demo mailbox (is SMTP_URL set?)');
    return answer.url;
  })());

/** The emails to `to`, newest first. */
const receivedEmails = async (to: string): Promise<ReceivedEmail[]> => {
  const url = new URL('api/email', await demoMailboxUrl());
  url.searchParams.set('to.address', to);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`the demo mailbox answered ${response.status}`);
  return ((await response.json()) as MailDevEmail[])
    .map((email) => ({ to, subject: email.subject, text: email.text ?? '', receivedAt: Date.parse(email.time) }))
    .reverse();
};

/**
 * The newest email of `kind` to `to` sent after `since` (ms), waited for: the server sends it in the
 * background right after the request's answer.
 */
export const latestEmail = async (to: string, kind: keyof typeof subjectOf, since = 0): Promise<ReceivedEmail> =>
  latestEmailWithSubject(to, subjectOf[kind], since);

/** The newest email with `subject` to `to` sent after `since` (ms; its whole second counts), waited for. */
export const latestEmailWithSubject = async (to: string, subject: string, since = 0): Promise<ReceivedEmail> => {
  const fromSecond = Math.floor(since / 1000) * 1000;
  let found: ReceivedEmail | undefined;
  await expect
    .poll(
      async () => {
        found = (await receivedEmails(to)).find((email) => email.subject === subject && email.receivedAt >= fromSecond);
        return found !== undefined;
      },
      { message: `an email (${subject}) to ${to}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
};

/** The link an email carries (the site's own address). */
export const linkIn = (email: Pick<ReceivedEmail, 'text'>): string => {
  const link = /https?:\/\/\S+\?token=[A-Za-z0-9_-]+/.exec(email.text)?.[0];
  if (!link) throw new Error('the email has no link');
  return link;
};

/** Confirms a new account's address by the link of its confirmation email, as its owner would. */
export const confirmEmailOf = async (request: APIRequestContext, email: string) => {
  const token = new URL(linkIn(await latestEmail(email, 'email_confirmation'))).searchParams.get('token');
  const response = await request.post('/api/auth/confirm-email', { data: { token } });
  expect(response.status(), `confirming ${email}: ${await response.text()}`).toBe(200);
};
