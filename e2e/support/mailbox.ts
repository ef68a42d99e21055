/**
 * The emails the server sent, as the browser tests read them: the e2e server has no SMTP server,
 * so every email stays in the outbox, which the demo admin reads (GET /api/admin/outbox, the
 * development mailbox). A test finds its email by recipient and kind, and follows its link.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import type { AuthSession, Outbox, OutboxEmail } from '@recell/contract';
import { demoAccount } from './auth.ts';

let adminSession: { token: string; expiresAt: number } | undefined;

/** The demo admin's access token, signed in once per worker and again when it has expired. */
const adminToken = async (request: APIRequestContext) => {
  if (adminSession && adminSession.expiresAt - Date.now() > 60_000) return adminSession.token;
  const admin = demoAccount('admin');
  const response = await request.post('/api/auth/login', { data: { email: admin.email, password: admin.password } });
  expect(response.status(), `login as the demo admin: ${await response.text()}`).toBe(200);
  const session = (await response.json()) as AuthSession;
  adminSession = { token: session.accessToken, expiresAt: Date.parse(session.expiresAt) };
  return session.accessToken;
};

/** The newest email of `kind` sent to `to`, waited for (it is written right after the request's answer). */
export const latestEmail = async (
  request: APIRequestContext,
  to: string,
  kind: 'password_reset' | 'email_confirmation',
): Promise<OutboxEmail> => {
  let found: OutboxEmail | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/admin/outbox', {
          headers: { authorization: `Bearer ${await adminToken(request)}` },
        });
        expect(response.status()).toBe(200);
        const { items } = (await response.json()) as Outbox;
        found = items.find((email) => email.to === to && email.kind === kind);
        return found !== undefined;
      },
      { message: `an email (${kind}) to ${to}`, timeout: 10_000 },
    )
    .toBe(true);
  return found!;
};

/** The link an email carries (the site's own address). */
export const linkIn = (email: Pick<OutboxEmail, 'text'>): string => {
  const link = /https?:\/\/\S+\?token=[A-Za-z0-9_-]+/.exec(email.text)?.[0];
  if (!link) throw new Error('the email has no link');
  return link;
};

/** Confirms a new account's address by the link of its confirmation email, as its owner would. */
export const confirmEmailOf = async (request: APIRequestContext, email: string) => {
  const token = new URL(linkIn(await latestEmail(request, email, 'email_confirmation'))).searchParams.get('token');
  const response = await request.post('/api/auth/confirm-email', { data: { token } });
  expect(response.status(), `confirming ${email}: ${await response.text()}`).toBe(200);
};
