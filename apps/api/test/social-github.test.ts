/**
 * GitHub sign-in through our routes against a local server speaking GitHub's token, /user and
 * /user/emails endpoints.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { identities, users } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { insertUser } from './fixtures.ts';
import { startFakeGithub, type FakeGithub, type FakeGithubUser } from './support/fake-github.ts';
import { callBack, startSignIn } from './support/social-flow.ts';

const publicUrl = 'http://recell.test';

const octocat: FakeGithubUser = {
  id: 583231,
  login: 'octocat',
  name: 'The Octocat',
  emails: [
    { email: 'octo-old@octo.test', primary: false, verified: true },
    { email: 'octo@octo.test', primary: true, verified: true },
  ],
};

describe('GitHub sign-in against a local GitHub', () => {
  let github: FakeGithub;
  let t: TestApp;
  beforeAll(async () => {
    github = await startFakeGithub();
    t = await createTestApp({
      PUBLIC_URL: publicUrl,
      GITHUB_CLIENT_ID: github.clientId,
      GITHUB_CLIENT_SECRET: github.clientSecret,
      GITHUB_OAUTH_URL: github.url,
      GITHUB_API_URL: github.url,
    });
  });
  afterAll(async () => {
    await t?.close();
    await github?.stop();
  });

  /** Start → (GitHub's consent, simulated by issuing a code) → our callback. */
  const signInWithGithub = async (user: FakeGithubUser, query?: string) => {
    const { authorizationUrl, cookie } = await startSignIn(t, 'github', query);
    expect(authorizationUrl.searchParams.get('redirect_uri')).toBe(`${publicUrl}/api/auth/github/callback`);
    const code = github.authorize(authorizationUrl, user);
    const callbackUrl = new URL('/api/auth/github/callback', publicUrl);
    callbackUrl.search = new URLSearchParams({ code, state: authorizationUrl.searchParams.get('state')! }).toString();
    return callBack(t, callbackUrl, cookie);
  };

  it('creates a user from the verified primary email on a first sign-in', async () => {
    const { complete, refresh } = await signInWithGithub(octocat);
    expect(complete).toEqual({ status: 'ok', mode: 'popup', isNew: '1', next: '/dashboard', message: null });
    expect(refresh?.value).toBeTruthy();
    const [user] = await t.app.db.select().from(users).where(eq(users.email, 'octo@octo.test'));
    expect(user).toMatchObject({
      name: 'The Octocat',
      role: 'user',
      verified: false,
      passwordHash: null,
      imageUrl: null,
    });
    expect(await t.app.db.select().from(identities).where(eq(identities.userId, user!.id))).toMatchObject([
      { provider: 'github', subject: '583231' },
    ]);
  });

  it('logs a returning person in by their GitHub id, even after they changed their email', async () => {
    const renamed = {
      ...octocat,
      login: 'octo-renamed',
      emails: [{ email: 'new@octo.test', primary: true, verified: true }],
    };
    const { complete } = await signInWithGithub(renamed, 'mode=redirect');
    expect(complete).toMatchObject({ status: 'ok', isNew: '0', mode: 'redirect', next: '/' });
    expect(await t.app.db.select().from(users)).toHaveLength(1);
    expect(await t.app.db.select().from(identities)).toHaveLength(1);
  });

  it('refuses an account without a verified primary email, and creates nobody', async () => {
    const unverified: FakeGithubUser = {
      id: 42,
      login: 'newbie',
      name: null,
      emails: [
        { email: 'newbie-primary@octo.test', primary: true, verified: false },
        { email: 'newbie-other@octo.test', primary: false, verified: true },
      ],
    };
    const { complete, refresh } = await signInWithGithub(unverified);
    expect(complete).toMatchObject({
      status: 'error',
      message:
        'Your GitHub account has no verified primary email address. Verify it on GitHub or sign in with your email and password.',
    });
    expect(refresh).toBeUndefined();
    expect(await t.app.db.select().from(users)).toHaveLength(1);
  });

  it('links to an existing account with the verified primary email', async () => {
    const seller = await insertUser(t.app.db, {
      email: 'Linus@Octo.test',
      role: 'seller',
      passwordHash: '$argon2id$placeholder',
    });
    const linus: FakeGithubUser = {
      id: 7,
      login: 'linus',
      name: 'Linus',
      emails: [{ email: 'linus@octo.test', primary: true, verified: true }],
    };
    const { complete } = await signInWithGithub(linus);
    expect(complete).toMatchObject({ status: 'ok', isNew: '0' });
    expect(await t.app.db.select().from(identities).where(eq(identities.subject, '7'))).toMatchObject([
      { userId: seller.id },
    ]);
  });

  it('turns a token endpoint error into an error redirect, never a 500', async () => {
    github.failTokenExchangeWith('bad_verification_code');
    try {
      const before = github.tokenRequests;
      const { complete, refresh } = await signInWithGithub({ ...octocat, id: 99 });
      expect(github.tokenRequests).toBe(before + 1);
      expect(complete).toMatchObject({ status: 'error', message: 'GitHub sign-in failed. Please try again.' });
      expect(refresh).toBeUndefined();
    } finally {
      github.failTokenExchangeWith(undefined);
    }
  });

  it('says so when the person cancels on GitHub, without calling the token endpoint', async () => {
    const { authorizationUrl, cookie } = await startSignIn(t, 'github');
    const before = github.tokenRequests;
    const callbackUrl = new URL('/api/auth/github/callback', publicUrl);
    callbackUrl.search = new URLSearchParams({
      error: 'access_denied',
      error_description: 'The user has denied your application access.',
      state: authorizationUrl.searchParams.get('state')!,
    }).toString();
    const { complete } = await callBack(t, callbackUrl, cookie);
    expect(complete).toMatchObject({ status: 'error', message: 'GitHub sign-in was cancelled.' });
    expect(github.tokenRequests).toBe(before);
  });

  it("refuses a code delivered with another flow's cookie (login CSRF)", async () => {
    const { authorizationUrl, cookie } = await startSignIn(t, 'github');
    const code = github.authorize(authorizationUrl, octocat);
    const forged = await startSignIn(t, 'github');
    const callbackUrl = new URL('/api/auth/github/callback', publicUrl);
    callbackUrl.search = new URLSearchParams({ code, state: authorizationUrl.searchParams.get('state')! }).toString();
    // Another flow's cookie (a login CSRF attempt: the attacker's code in the victim's browser) fails.
    const { complete } = await callBack(t, callbackUrl, forged.cookie);
    expect(complete).toMatchObject({ status: 'error' });
    // The right cookie still works.
    expect((await callBack(t, callbackUrl, cookie)).complete).toMatchObject({ status: 'ok', isNew: '0' });
  });
});
