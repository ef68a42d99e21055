/**
 * The emails the server sent, as the browser tests read them: the e2e server sends through a real
 * SMTP server the runner starts on 127.0.0.1 (playwright.config.ts, `smtp-server`), which writes
 * each email it receives as a JSON file into a directory every worker reads. A test finds its
 * email by recipient and kind, and follows its link.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { emailTexts } from '@recell/contract';

export const mailDirVar = 'RECELL_E2E_MAIL_DIR';

export interface ReceivedEmail {
  to: string;
  subject: string;
  text: string;
  /** When the SMTP server received it (ms). */
  receivedAt: number;
}

const subjectOf = {
  password_reset: emailTexts.resetSubject,
  email_confirmation: emailTexts.confirmSubject,
} as const;

const receivedEmails = (): ReceivedEmail[] => {
  const dir = process.env[mailDirVar];
  if (!dir) throw new Error(`${mailDirVar} is not set: run the browser tests through playwright.config.ts`);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as ReceivedEmail)
    .sort((a, b) => b.receivedAt - a.receivedAt);
};

/**
 * The newest email of `kind` to `to` that arrived after `since` (ms), waited for: the server sends
 * it in the background right after the request's answer.
 */
export const latestEmail = async (to: string, kind: keyof typeof subjectOf, since = 0): Promise<ReceivedEmail> =>
  latestEmailWithSubject(to, subjectOf[kind], since);

/** The newest email with `subject` to `to` that arrived after `since` (ms), waited for. */
export const latestEmailWithSubject = async (to: string, subject: string, since = 0): Promise<ReceivedEmail> => {
  let found: ReceivedEmail | undefined;
  await expect
    .poll(
      () => {
        found = receivedEmails().find(
          (email) => email.to === to && email.subject === subject && email.receivedAt >= since,
        );
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
