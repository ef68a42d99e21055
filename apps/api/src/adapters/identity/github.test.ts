import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGithub, type FakeGithub, type FakeGithubUser } from '../../../test/support/fake-github.ts';
import { createGithubProvider } from './github.ts';
import type { IdentityProvider } from './identity-provider.ts';

const redirectUri = 'http://recell.test/api/auth/github/callback';
const octocat: FakeGithubUser = {
  id: 583231,
  login: 'octocat',
  name: 'The Octocat',
  emails: [
    { email: 'old@octo.test', primary: false, verified: true },
    { email: 'Octo@Octo.test', primary: true, verified: true },
  ],
};

describe('the GitHub adapter against a local server speaking GitHub', () => {
  let github: FakeGithub;
  let provider: IdentityProvider;
  beforeAll(async () => {
    github = await startFakeGithub();
    provider = createGithubProvider({ ...github, oauthUrl: github.url, apiUrl: github.url, redirectUri });
  });
  afterAll(() => github.stop());

  const signIn = async (user: FakeGithubUser, tamper: (params: URLSearchParams) => void = () => {}) => {
    const { url, checks } = await provider.startAuthorization();
    const params = new URLSearchParams({ code: github.authorize(url, user), state: checks.state });
    tamper(params);
    return provider.completeAuthorization(params, checks);
  };

  it('sends the browser to /login/oauth/authorize with state and a PKCE challenge', async () => {
    const { url, checks } = await provider.startAuthorization();
    expect(`${url.origin}${url.pathname}`).toBe(`${github.url}/login/oauth/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: github.clientId,
      redirect_uri: redirectUri,
      scope: 'read:user user:email',
      state: checks.state,
      code_challenge_method: 'S256',
    });
  });

  it('returns the numeric id as subject and the verified primary email', async () => {
    expect(await signIn(octocat)).toEqual({
      provider: 'github',
      subject: '583231',
      email: 'Octo@Octo.test',
      isEmailVerified: true,
      name: 'The Octocat',
      picture: 'https://avatars.example/u/583231',
    });
  });

  it('vouches for no email when the primary one is unverified, even if another is verified', async () => {
    const profile = await signIn({
      ...octocat,
      name: null,
      emails: [
        { email: 'other@octo.test', primary: false, verified: true },
        { email: 'primary@octo.test', primary: true, verified: false },
      ],
    });
    expect(profile).toMatchObject({ email: null, isEmailVerified: false, name: 'octocat' });
  });

  it('fails on a token endpoint error, a wrong verifier, a state mismatch and a refused consent', async () => {
    github.failTokenExchangeWith('bad_verification_code');
    await expect(signIn(octocat)).rejects.toMatchObject({ reason: 'failed' });
    github.failTokenExchangeWith(undefined);

    const first = await provider.startAuthorization();
    const other = await provider.startAuthorization();
    const code = github.authorize(first.url, octocat);
    await expect(
      provider.completeAuthorization(new URLSearchParams({ code, state: first.checks.state }), {
        ...first.checks,
        codeVerifier: other.checks.codeVerifier,
      }),
    ).rejects.toMatchObject({ reason: 'failed' });

    await expect(signIn(octocat, (p) => p.set('state', 'forged'))).rejects.toMatchObject({ reason: 'failed' });
    await expect(
      signIn(octocat, (p) => {
        p.delete('code');
        p.set('error', 'access_denied');
      }),
    ).rejects.toMatchObject({ reason: 'denied' });
  });

  it('reports an unreachable GitHub as unavailable', async () => {
    const offline = createGithubProvider({
      ...github,
      oauthUrl: 'http://127.0.0.1:9',
      apiUrl: 'http://127.0.0.1:9',
      redirectUri,
    });
    const { checks } = await offline.startAuthorization();
    await expect(
      offline.completeAuthorization(new URLSearchParams({ code: 'x', state: checks.state }), checks),
    ).rejects.toMatchObject({ reason: 'unavailable' });
  });
});
