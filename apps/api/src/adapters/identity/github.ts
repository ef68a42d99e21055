/**
 * GitHub sign-in through GitHub's OAuth web flow (GitHub is not an OpenID provider): authorize with
 * state and PKCE (S256), exchange the code at the token endpoint, then read /user and /user/emails.
 * The only email we vouch for is the account's primary email, and only when GitHub marks it
 * verified; otherwise the profile carries no email and the caller refuses the sign-in.
 */
import * as oauth from 'openid-client';
import { z } from 'zod';
import {
  assertSecureUrl,
  IdentityProviderError,
  type AuthorizationChecks,
  type IdentityProvider,
  type SocialProfile,
} from './identity-provider.ts';

export interface GithubSettings {
  clientId: string;
  clientSecret: string;
  /** https://github.com (or a GitHub Enterprise host). */
  oauthUrl: string;
  /** https://api.github.com (or GitHub Enterprise's /api/v3). */
  apiUrl: string;
  redirectUri: string;
  timeoutMs?: number;
}

const githubScopes = 'read:user user:email';

const TokenResponseSchema = z.union([
  z.object({ access_token: z.string().min(1), token_type: z.string().optional(), scope: z.string().optional() }),
  z.object({ error: z.string(), error_description: z.string().optional() }),
]);

const UserSchema = z.object({
  id: z.number().int(),
  login: z.string(),
  name: z.string().nullish(),
  avatar_url: z.string().nullish(),
});

const EmailsSchema = z.array(z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() }));

const trimSlash = (url: string) => url.replace(/\/+$/, '');

export const createGithubProvider = (settings: GithubSettings): IdentityProvider => {
  assertSecureUrl(settings.oauthUrl, 'GITHUB_OAUTH_URL');
  assertSecureUrl(settings.apiUrl, 'GITHUB_API_URL');
  const oauthUrl = trimSlash(settings.oauthUrl);
  const apiUrl = trimSlash(settings.apiUrl);
  const timeoutMs = settings.timeoutMs ?? 10_000;

  const request = async (url: string, init: RequestInit, what: string): Promise<unknown> => {
    let response: Response;
    try {
      response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new IdentityProviderError('unavailable', `${what}: GitHub could not be reached`, { cause: error });
    }
    if (!response.ok) {
      throw new IdentityProviderError('failed', `${what}: GitHub answered ${response.status}`);
    }
    try {
      return await response.json();
    } catch (error) {
      throw new IdentityProviderError('failed', `${what}: GitHub answered something other than JSON`, { cause: error });
    }
  };

  const api = async <T>(path: string, accessToken: string, schema: z.ZodType<T>): Promise<T> => {
    const body = await request(
      `${apiUrl}${path}`,
      {
        headers: {
          accept: 'application/vnd.github+json',
          authorization: `Bearer ${accessToken}`,
          'x-github-api-version': '2022-11-28',
          'user-agent': 'ReCell',
        },
      },
      `GET ${path}`,
    );
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new IdentityProviderError('failed', `GET ${path}: unexpected answer from GitHub`);
    return parsed.data;
  };

  return {
    provider: 'github',

    async startAuthorization() {
      const checks = { state: oauth.randomState(), codeVerifier: oauth.randomPKCECodeVerifier() };
      const url = new URL(`${oauthUrl}/login/oauth/authorize`);
      url.search = new URLSearchParams({
        client_id: settings.clientId,
        redirect_uri: settings.redirectUri,
        scope: githubScopes,
        state: checks.state,
        code_challenge: await oauth.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
        allow_signup: 'true',
      }).toString();
      return { url, checks };
    },

    async completeAuthorization(callbackParams: URLSearchParams, checks: AuthorizationChecks): Promise<SocialProfile> {
      const providerError = callbackParams.get('error');
      if (providerError) {
        throw new IdentityProviderError(
          providerError === 'access_denied' ? 'denied' : 'failed',
          `GitHub: ${providerError}`,
        );
      }
      if (callbackParams.get('state') !== checks.state) throw new IdentityProviderError('failed', 'state mismatch');
      const code = callbackParams.get('code');
      if (!code) throw new IdentityProviderError('failed', 'the callback carried no code');

      const tokenBody = await request(
        `${oauthUrl}/login/oauth/access_token`,
        {
          method: 'POST',
          headers: {
            accept: 'application/json',
            'content-type': 'application/x-www-form-urlencoded',
            'user-agent': 'ReCell',
          },
          body: new URLSearchParams({
            client_id: settings.clientId,
            client_secret: settings.clientSecret,
            code,
            redirect_uri: settings.redirectUri,
            code_verifier: checks.codeVerifier,
          }),
        },
        'token exchange',
      );
      const token = TokenResponseSchema.safeParse(tokenBody);
      if (!token.success) throw new IdentityProviderError('failed', 'token exchange: unexpected answer from GitHub');
      // GitHub reports a bad or expired code with status 200 and an `error` field.
      if ('error' in token.data) throw new IdentityProviderError('failed', `token exchange: ${token.data.error}`);
      const accessToken = token.data.access_token;

      const [user, emails] = await Promise.all([
        api('/user', accessToken, UserSchema),
        api('/user/emails', accessToken, EmailsSchema),
      ]);
      const primary = emails.find((entry) => entry.primary && entry.verified);
      return {
        provider: 'github',
        // The numeric id survives renames; the login does not.
        subject: String(user.id),
        email: primary?.email ?? null,
        isEmailVerified: Boolean(primary),
        name: user.name?.trim() || user.login,
        picture: user.avatar_url ?? null,
      };
    },
  };
};
