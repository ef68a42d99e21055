/**
 * Google sign-in end to end against a real OpenID Connect issuer (oidc-provider on 127.0.0.1):
 * our start route → the issuer's authorize, login and consent pages over real HTTP → our callback
 * (code exchange with PKCE, ID token checks) → an account and a session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { authMessages } from '@recell/contract';
import { identities, sessions, users } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { insertUser } from './fixtures.ts';
import { startLocalOidcIssuer, type LocalOidcIssuer } from './support/local-oidc-issuer.ts';
import { callBack, startSignIn } from './support/social-flow.ts';

const publicUrl = 'http://recell.test';
const callbackUri = `${publicUrl}/api/auth/google/callback`;

const googleEnv = (issuer: LocalOidcIssuer) => ({
  PUBLIC_URL: publicUrl,
  GOOGLE_ISSUER: issuer.issuer,
  GOOGLE_CLIENT_ID: issuer.clientId,
  GOOGLE_CLIENT_SECRET: issuer.clientSecret,
});

const countUsers = async (t: TestApp, email: string) =>
  (
    await t.app.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
  ).length;

/** The whole round trip: start, the issuer's pages, our callback. */
const signInWithGoogle = async (t: TestApp, issuer: LocalOidcIssuer, query?: string) => {
  const { authorizationUrl, cookie } = await startSignIn(t, 'google', query);
  expect(authorizationUrl.origin).toBe(issuer.issuer);
  const callbackUrl = await issuer.completeLogin(authorizationUrl);
  return callBack(t, callbackUrl, cookie);
};

describe('Google sign-in against a local OpenID Connect issuer', () => {
  let issuer: LocalOidcIssuer;
  let t: TestApp;
  beforeAll(async () => {
    issuer = await startLocalOidcIssuer({ redirectUris: [callbackUri] });
    t = await createTestApp(googleEnv(issuer));
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.stop();
  });

  it('sends the browser to the issuer with PKCE, state and nonce, keeping them in a sealed, short-lived cookie', async () => {
    const { authorizationUrl, response } = await startSignIn(t, 'google');
    expect(authorizationUrl.searchParams.get('redirect_uri')).toBe(callbackUri);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('state')).toBeTruthy();
    expect(authorizationUrl.searchParams.get('nonce')).toBeTruthy();
    const cookie = response.cookies.find((c) => c.name === 'recell_social_flow')!;
    expect(cookie).toMatchObject({ path: '/api/auth', httpOnly: true, sameSite: 'Lax', maxAge: 600 });
    expect(cookie.value).not.toContain(authorizationUrl.searchParams.get('state'));
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('refuses a callback whose state was tampered with, and creates nobody', async () => {
    const { authorizationUrl, cookie } = await startSignIn(t, 'google');
    const callbackUrl = await issuer.completeLogin(authorizationUrl);
    callbackUrl.searchParams.set('state', 'forged-state');
    const { complete, refresh, clearedFlow } = await callBack(t, callbackUrl, cookie);
    expect(complete).toMatchObject({
      status: 'error',
      mode: 'popup',
      message: 'Google sign-in failed. Please try again.',
    });
    expect(refresh).toBeUndefined();
    expect(clearedFlow?.value).toBe('');
    expect(await countUsers(t, issuer.account.email)).toBe(0);
  });

  it('refuses a callback without its flow cookie, or with a forged one', async () => {
    const { authorizationUrl, cookie } = await startSignIn(t, 'google');
    const callbackUrl = await issuer.completeLogin(authorizationUrl);
    for (const presented of [undefined, `${cookie.slice(0, -4)}AAAA`]) {
      const { complete, refresh } = await callBack(t, callbackUrl, presented);
      expect(complete).toMatchObject({ status: 'error', mode: 'redirect' });
      expect(complete.message).toMatch(/took too long/);
      expect(refresh).toBeUndefined();
    }
    expect(await countUsers(t, issuer.account.email)).toBe(0);
  });

  it('says so when the person cancels at the issuer', async () => {
    const { authorizationUrl, cookie } = await startSignIn(t, 'google', 'mode=redirect');
    const callbackUrl = await issuer.completeLogin(authorizationUrl, { deny: true });
    const { complete } = await callBack(t, callbackUrl, cookie);
    expect(complete).toEqual({
      status: 'error',
      mode: 'redirect',
      isNew: null,
      next: null,
      message: 'Google sign-in was cancelled.',
    });
    expect(await countUsers(t, issuer.account.email)).toBe(0);
  });

  it('creates a user (role user, not verified, no password, no photo) on a first sign-in and starts a session', async () => {
    const { complete, refresh, clearedFlow } = await signInWithGoogle(t, issuer);
    expect(complete).toEqual({ status: 'ok', mode: 'popup', isNew: '1', next: '/dashboard', message: null });
    expect(clearedFlow?.value).toBe('');

    const [user] = await t.app.db.select().from(users).where(eq(users.email, issuer.account.email));
    expect(user).toMatchObject({
      name: 'Ada Lovelace',
      role: 'user',
      verified: false,
      passwordHash: null,
      imageUrl: null,
      disabledAt: null,
    });
    const links = await t.app.db.select().from(identities).where(eq(identities.userId, user!.id));
    expect(links).toMatchObject([{ provider: 'google', subject: issuer.account.login }]);

    expect(refresh).toMatchObject({ path: '/api/auth', httpOnly: true });
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { recell_refresh: refresh!.value },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json()).toMatchObject({
      user: { id: user!.id, email: issuer.account.email, role: 'user', isVerified: false },
    });
  });

  it('logs a returning person into the same account, without a duplicate', async () => {
    const { complete, refresh } = await signInWithGoogle(t, issuer, 'next=%2Fcategories%2F1');
    expect(complete).toMatchObject({ status: 'ok', isNew: '0', next: '/categories/1', mode: 'redirect' });
    expect(refresh?.value).toBeTruthy();
    expect(await countUsers(t, issuer.account.email)).toBe(1);
    expect(await t.app.db.select().from(identities)).toHaveLength(1);
    const [user] = await t.app.db.select().from(users).where(eq(users.email, issuer.account.email));
    // Two sign-ins, two session families (the first one was also rotated once by the refresh above).
    const rows = await t.app.db.select().from(sessions).where(eq(sessions.userId, user!.id));
    expect(new Set(rows.map((row) => row.familyId)).size).toBe(2);
  });

  it('refuses a disabled account', async () => {
    await t.app.db.update(users).set({ disabledAt: new Date() }).where(eq(users.email, issuer.account.email));
    const { complete, refresh } = await signInWithGoogle(t, issuer);
    expect(complete).toMatchObject({ status: 'error', message: authMessages.accountDisabled });
    expect(refresh).toBeUndefined();
    await t.app.db.update(users).set({ disabledAt: null }).where(eq(users.email, issuer.account.email));
  });
});

describe('Google sign-in and an existing email account (docs/decisions/0006)', () => {
  let verifiedIssuer: LocalOidcIssuer;
  let unverifiedIssuer: LocalOidcIssuer;
  beforeAll(async () => {
    verifiedIssuer = await startLocalOidcIssuer({
      redirectUris: [callbackUri],
      account: { login: 'grace-sub', email: 'grace@issuer.test', name: 'Grace Hopper' },
    });
    unverifiedIssuer = await startLocalOidcIssuer({
      redirectUris: [callbackUri],
      account: { login: 'mallory-sub', email: 'grace@issuer.test', name: 'Mallory', isEmailVerified: false },
    });
  });
  afterAll(async () => {
    await verifiedIssuer?.stop();
    await unverifiedIssuer?.stop();
  });

  it('links to the password account with the same email when Google vouches for it', async () => {
    const t = await createTestApp(googleEnv(verifiedIssuer));
    try {
      const seller = await insertUser(t.app.db, {
        name: 'Grace the Seller',
        email: 'Grace@Issuer.test',
        role: 'seller',
        verified: true,
        passwordHash: '$argon2id$placeholder',
      });
      const { complete, refresh } = await signInWithGoogle(t, verifiedIssuer);
      expect(complete).toMatchObject({ status: 'ok', isNew: '0' });
      expect(refresh?.value).toBeTruthy();
      expect(await countUsers(t, 'grace@issuer.test')).toBe(1);
      expect(await t.app.db.select().from(identities)).toMatchObject([
        { userId: seller.id, provider: 'google', subject: 'grace-sub' },
      ]);
      // Linking changes nothing else about the account.
      const [after] = await t.app.db.select().from(users).where(eq(users.id, seller.id));
      expect(after).toMatchObject({
        name: 'Grace the Seller',
        role: 'seller',
        verified: true,
        passwordHash: '$argon2id$placeholder',
      });
    } finally {
      await t.close();
    }
  });

  it('neither links nor creates an account on an email Google has not verified', async () => {
    const t = await createTestApp(googleEnv(unverifiedIssuer));
    try {
      const noAccount = await signInWithGoogle(t, unverifiedIssuer);
      expect(noAccount.complete).toMatchObject({ status: 'error' });
      expect(noAccount.complete.message).toMatch(/no verified email address/);
      expect(await countUsers(t, 'grace@issuer.test')).toBe(0);

      await insertUser(t.app.db, { email: 'grace@issuer.test', passwordHash: '$argon2id$placeholder' });
      const withAccount = await signInWithGoogle(t, unverifiedIssuer);
      expect(withAccount.complete).toMatchObject({ status: 'error' });
      expect(withAccount.complete.message).toMatch(/sign in with your email and password/);
      expect(withAccount.refresh).toBeUndefined();
      expect(await t.app.db.select().from(identities)).toHaveLength(0);
    } finally {
      await t.close();
    }
  });
});
