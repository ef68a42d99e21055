/**
 * Account recovery and email confirmation, as a person meets them: the reset request answers the
 * same for any address, its link works once and for 30 minutes, and using it ends every sign-in;
 * a new account confirms its address by a link before it may book, pay or list. The emails are read
 * from the outbox (no SMTP configured: the default).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { AuthSessionSchema, messages, recoveryMessages } from '@recell/contract';
import { accountTokens, outboxEmails, sessions } from '../src/db/schema.ts';
import { hashAccountToken, refreshCookieName } from '../src/modules/auth/index.ts';
import { expectError, useTestApp } from './support/api.ts';
import {
  callerWithRole,
  insertPasswordUser,
  logIn,
  password,
  randomIp,
  refreshCookie,
  signUp,
  uniqueEmail,
} from './support/accounts.ts';
import { bookingFor, listPhone, postBooking } from './support/buying.ts';
import { filledListing, postListingForm } from './support/listings.ts';
import { photo } from './support/accounts.ts';
import { bookOrder, requestIntent } from './support/payments.ts';
import type { TestApp } from './helpers.ts';

const t = useTestApp({ env: () => ({ RECOVERY_REQUESTS_PER_IP: '6' }) });

const newPassword = 'a-brand-new-passphrase';

const forgot = (email: string, ip = randomIp()) =>
  t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress: ip });

const reset = (token: string, newOne = newPassword, ip = randomIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, password: newOne },
    remoteAddress: ip,
  });

const emailsTo = async (app: TestApp, to: string) =>
  app.app.db.select().from(outboxEmails).where(eq(outboxEmails.recipient, to)).orderBy(outboxEmails.createdAt);

/** The link's token in the newest email of `kind` to `to`, once it is in the outbox. */
const linkTokenFor = async (to: string, kind: string) =>
  vi.waitFor(
    async () => {
      const email = (await emailsTo(t, to)).filter((row) => row.kind === kind).at(-1);
      const token = email && /token=([A-Za-z0-9_-]+)/.exec(email.textBody)?.[1];
      if (!token) throw new Error('no email yet');
      return token;
    },
    { timeout: 5000, interval: 50 },
  );

const signedInUser = async (email: string) => {
  const response = await logIn(t, { email, password });
  expect(response.statusCode).toBe(200);
  return { session: AuthSessionSchema.parse(response.json()), cookie: refreshCookie(response)!.value };
};

describe('forgot password', () => {
  it('answers the same for an address with an account and one without, and emails only the account', async () => {
    const user = await insertPasswordUser(t.app.db, { name: 'Rosa Reset' });
    const unknown = uniqueEmail('nobody');
    // The lookup and the email happen after the answer: keep hold of that work to wait for its end.
    const afterAnswers: Promise<unknown>[] = [];
    const deferWork = t.app.deferWork;
    const deferred = vi.spyOn(t.app, 'deferWork').mockImplementation((task) => {
      const work = task();
      afterAnswers.push(work.catch(() => undefined));
      deferWork(() => work);
    });
    const known = await forgot(user.email.toUpperCase());
    const missing = await forgot(unknown);
    expect(known.statusCode).toBe(200);
    expect(missing.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: recoveryMessages.resetRequested });
    expect(missing.body).toBe(known.body);

    const token = await linkTokenFor(user.email, 'password_reset');
    const [email] = await emailsTo(t, user.email);
    expect(email!.subject).toBe('Reset your ReCell password');
    expect(email!.textBody).toContain(`${t.config.publicUrl}/reset-password?token=${token}`);
    expect(email!.textBody).toContain('Rosa Reset');
    // Only the hash is stored; it expires 30 minutes after it was made.
    const [row] = await t.app.db.select().from(accountTokens).where(eq(accountTokens.userId, user.id));
    expect(row!.tokenHash).toBe(hashAccountToken(token));
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeCloseTo(30 * 60_000, -4);
    // Once the work after both answers is over, still nothing for the address without an account.
    deferred.mockRestore();
    expect(afterAnswers.length).toBeGreaterThanOrEqual(2);
    await Promise.all(afterAnswers);
    expect(await emailsTo(t, unknown)).toEqual([]);
  });

  it('refuses a malformed address with the sign-up form’s message', async () => {
    expectError(await forgot('not-an-email'), 400, {
      code: 'validation',
      message: 'Enter a valid email address',
      fields: { email: 'Enter a valid email address' },
    });
  });

  it('limits requests per address from one IP (known or not, alike), per address overall, and per IP', async () => {
    const user = await insertPasswordUser(t.app.db);
    for (const address of [user.email, uniqueEmail('ghost')]) {
      const asker = randomIp();
      for (let i = 0; i < 3; i++) expect((await forgot(address, asker)).statusCode).toBe(200);
      const limited = await forgot(address, asker);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
    }
    const ip = randomIp();
    for (let i = 0; i < 6; i++) expect((await forgot(uniqueEmail(), ip)).statusCode).toBe(200);
    expect((await forgot(uniqueEmail(), ip)).statusCode).toBe(429);
  });

  it('lets the owner ask for their reset after a stranger used up their own tries for the address', async () => {
    const user = await insertPasswordUser(t.app.db);
    const stranger = randomIp();
    for (let i = 0; i < 3; i++) await forgot(user.email, stranger);
    expect((await forgot(user.email, stranger)).statusCode).toBe(429);
    // Before: the 3 per hour counted every IP, so this was a 429 too.
    expect((await forgot(user.email, randomIp())).statusCode).toBe(200);
    // Many IPs together still meet the address's ceiling (10 an hour).
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push((await forgot(user.email, randomIp())).statusCode);
    expect(answers.filter((status) => status === 429).length).toBeGreaterThan(0);
  });
});

describe('reset password', () => {
  it('sets the new password once and ends every sign-in of the account', async () => {
    const user = await insertPasswordUser(t.app.db);
    const first = await signedInUser(user.email);
    const second = await signedInUser(user.email);
    const bearer = { authorization: `Bearer ${first.session.accessToken}` };
    expect((await t.app.inject({ url: '/api/me', headers: bearer })).statusCode).toBe(200);
    const before = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { [refreshCookieName]: second.cookie },
    });
    expect(before.statusCode).toBe(200);
    second.cookie = refreshCookie(before)!.value;

    await forgot(user.email);
    const token = await linkTokenFor(user.email, 'password_reset');
    const done = await reset(token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: recoveryMessages.passwordChanged });

    // The access token issued before, and both refresh cookies, no longer work.
    expect((await t.app.inject({ url: '/api/me', headers: bearer })).statusCode).toBe(401);
    for (const { cookie } of [first, second]) {
      const refreshed = await t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        cookies: { [refreshCookieName]: cookie },
      });
      expect(refreshed.statusCode).toBe(401);
    }
    const live = await t.app.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
    expect(live).toEqual([]);
    // The old password is gone; the new one logs in, and its session works.
    expect((await logIn(t, { email: user.email, password })).statusCode).toBe(401);
    const fresh = await logIn(t, { email: user.email, password: newPassword });
    expect(fresh.statusCode).toBe(200);
    const me = await t.app.inject({
      url: '/api/me',
      headers: { authorization: `Bearer ${AuthSessionSchema.parse(fresh.json()).accessToken}` },
    });
    expect(me.statusCode).toBe(200);

    // The link works once.
    expectError(await reset(token, 'yet-another-passphrase'), 400, {
      code: 'validation',
      message: recoveryMessages.resetLinkInvalid,
      fields: { token: recoveryMessages.resetLinkInvalid },
    });
    expect((await logIn(t, { email: user.email, password: newPassword })).statusCode).toBe(200);
  });

  it('refuses an expired link and an unknown one with the same clear message, changing nothing', async () => {
    const user = await insertPasswordUser(t.app.db);
    await forgot(user.email);
    const token = await linkTokenFor(user.email, 'password_reset');
    await t.app.db
      .update(accountTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(accountTokens.tokenHash, hashAccountToken(token)));
    for (const link of [token, 'not-a-token-we-made']) {
      expectError(await reset(link), 400, {
        code: 'validation',
        message: recoveryMessages.resetLinkInvalid,
        fields: { token: recoveryMessages.resetLinkInvalid },
      });
    }
    expect((await logIn(t, { email: user.email, password })).statusCode).toBe(200);
  });

  it('holds the new password to the sign-up rules, and keeps the link for a second try', async () => {
    const user = await insertPasswordUser(t.app.db);
    await forgot(user.email);
    const token = await linkTokenFor(user.email, 'password_reset');
    const short = await reset(token, 'abc');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields).toEqual({ password: messages.passwordMin });
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('an older link dies when a newer one is used', async () => {
    const user = await insertPasswordUser(t.app.db);
    await forgot(user.email);
    const older = await linkTokenFor(user.email, 'password_reset');
    await forgot(user.email);
    const newer = await vi.waitFor(async () => {
      const token = await linkTokenFor(user.email, 'password_reset');
      if (token === older) throw new Error('second email not yet written');
      return token;
    });
    expect((await reset(newer)).statusCode).toBe(200);
    expect((await reset(older, 'another-passphrase')).statusCode).toBe(400);
  });
});

describe('email confirmation', () => {
  const signUpAs = async (role: 'user' | 'seller') => {
    const email = uniqueEmail(role);
    const response = await signUp(t, { name: 'Nina New', email, password, role });
    expect(response.statusCode).toBe(201);
    const session = AuthSessionSchema.parse(response.json());
    expect(session.user.isEmailConfirmed).toBe(false);
    return { email, id: session.user.id, headers: { authorization: `Bearer ${session.accessToken}` } };
  };

  const unconfirmed = { code: 'email_unconfirmed', message: recoveryMessages.emailUnconfirmed };

  it('a new buyer may browse but not book or pay until the link confirms the address', async () => {
    const buyer = await signUpAs('user');
    const seller = await callerWithRole(t, 'seller');
    const phone = await listPhone(t, seller);
    const caller = { id: buyer.id, role: 'user' as const, headers: buyer.headers };

    expect((await t.app.inject({ url: '/api/me', headers: buyer.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/products/${phone.id}` })).statusCode).toBe(200);
    expectError(await postBooking(t, caller, bookingFor(phone.id)), 403, unconfirmed);
    const order = await bookOrder(t, buyer, phone);
    expectError(await requestIntent(t, caller, order.id), 403, unconfirmed);

    const token = await linkTokenFor(buyer.email, 'email_confirmation');
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/confirm-email',
      payload: { token },
      remoteAddress: randomIp(),
    });
    expect(confirmed.json()).toEqual({ message: recoveryMessages.emailConfirmed });
    const me = await t.app.inject({ url: '/api/me', headers: buyer.headers });
    expect(me.json().isEmailConfirmed).toBe(true);
    expect((await requestIntent(t, caller, order.id)).statusCode).toBe(200);
    const other = await listPhone(t, seller);
    expect((await postBooking(t, caller, bookingFor(other.id))).statusCode).toBe(201);

    // Used once.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/confirm-email',
      payload: { token },
      remoteAddress: randomIp(),
    });
    expectError(again, 400, {
      code: 'validation',
      message: recoveryMessages.confirmLinkInvalid,
      fields: { token: recoveryMessages.confirmLinkInvalid },
    });
  });

  it('a new seller may not list until confirmed; a resent link confirms too', async () => {
    const seller = await signUpAs('seller');
    const listing = async () => postListingForm(t, seller.headers, filledListing(), { bytes: await photo() });
    expectError(await listing(), 403, unconfirmed);

    const resend = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/me/confirmation-email',
        headers: seller.headers,
        remoteAddress: randomIp(),
      });
    const first = await linkTokenFor(seller.email, 'email_confirmation');
    const resent = await resend();
    expect(resent.json()).toEqual({ message: recoveryMessages.confirmationSent });
    const second = await linkTokenFor(seller.email, 'email_confirmation');
    expect(second).not.toBe(first);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/confirm-email',
      payload: { token: second },
      remoteAddress: randomIp(),
    });
    expect((await listing()).statusCode).toBe(201);
    expect((await resend()).json()).toEqual({ message: recoveryMessages.alreadyConfirmed });
  });

  it('a password reset confirms the address too (the link reached it)', async () => {
    const user = await signUpAs('user');
    await forgot(user.email);
    await reset(await linkTokenFor(user.email, 'password_reset'));
    const session = AuthSessionSchema.parse((await logIn(t, { email: user.email, password: newPassword })).json());
    expect(session.user.isEmailConfirmed).toBe(true);
  });
});
