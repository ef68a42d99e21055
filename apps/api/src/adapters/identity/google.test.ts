import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalOidcIssuer, type LocalOidcIssuer } from '../../../test/support/local-oidc-issuer.ts';
import { createGoogleProvider } from './google.ts';
import { IdentityProviderError, type IdentityProvider } from './identity-provider.ts';

const redirectUri = 'http://recell.test/api/auth/google/callback';

describe('the Google adapter against a real OpenID Connect issuer', () => {
  let issuer: LocalOidcIssuer;
  let google: IdentityProvider;
  beforeAll(async () => {
    issuer = await startLocalOidcIssuer({ redirectUris: [redirectUri] });
    google = createGoogleProvider({ ...issuer, redirectUri });
  });
  afterAll(() => issuer.stop());

  it('asks for a code with PKCE S256, state and nonce, and returns the verified profile', async () => {
    const { url, checks } = await google.startAuthorization();
    expect(url.origin).toBe(issuer.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: issuer.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      state: checks.state,
      nonce: checks.nonce,
    });
    expect(url.searchParams.get('code_challenge')).not.toBe(checks.codeVerifier);

    const callback = await issuer.completeLogin(url);
    const profile = await google.completeAuthorization(callback.searchParams, checks);
    expect(profile).toEqual({
      provider: 'google',
      subject: issuer.account.login,
      email: issuer.account.email,
      isEmailVerified: true,
      name: issuer.account.name,
      picture: null,
    });
  });

  it('rejects a code redeemed with another flow’s PKCE verifier or nonce', async () => {
    const first = await google.startAuthorization();
    const other = await google.startAuthorization();
    const callback = await issuer.completeLogin(first.url);
    const attempt = google.completeAuthorization(callback.searchParams, {
      ...first.checks,
      codeVerifier: other.checks.codeVerifier,
    });
    await expect(attempt).rejects.toBeInstanceOf(IdentityProviderError);
    await expect(attempt).rejects.toMatchObject({ reason: 'failed' });

    const second = await google.startAuthorization();
    const secondCallback = await issuer.completeLogin(second.url);
    await expect(
      google.completeAuthorization(secondCallback.searchParams, { ...second.checks, nonce: other.checks.nonce }),
    ).rejects.toMatchObject({ reason: 'failed' });
  });

  it('reports a refused consent as denied', async () => {
    const { url, checks } = await google.startAuthorization();
    const callback = await issuer.completeLogin(url, { deny: true });
    expect(callback.searchParams.get('error')).toBe('access_denied');
    await expect(google.completeAuthorization(callback.searchParams, checks)).rejects.toMatchObject({
      reason: 'denied',
    });
  });

  it('reports an unreachable issuer as unavailable, and refuses plain http off this machine', async () => {
    const offline = createGoogleProvider({
      clientId: 'x',
      clientSecret: 'y',
      issuer: 'http://127.0.0.1:9',
      redirectUri,
    });
    await expect(offline.startAuthorization()).rejects.toMatchObject({ reason: 'unavailable' });
    expect(() =>
      createGoogleProvider({ clientId: 'x', clientSecret: 'y', issuer: 'http://accounts.example', redirectUri }),
    ).toThrow(/must use https/);
  });
});
