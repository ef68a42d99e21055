/**
 * A real OpenID Connect issuer on 127.0.0.1 (oidc-provider) with one account and one client, for
 * testing Google sign-in end to end without Google. The API suite drives its login and consent
 * pages over HTTP with `completeLogin`; the browser suite points GOOGLE_ISSUER at `issuer` and lets
 * chromium fill the same pages (devInteractions: a "login" text field, a "password" field, a
 * "Sign-in" button, then a "Continue" button on the consent page; any password is accepted, the
 * login must be `account.login`).
 *
 *   const idp = await startLocalOidcIssuer({ redirectUris: [`${publicUrl}/api/auth/google/callback`] });
 *   env: { GOOGLE_ISSUER: idp.issuer, GOOGLE_CLIENT_ID: idp.clientId, GOOGLE_CLIENT_SECRET: idp.clientSecret }
 *   const callbackUrl = await idp.completeLogin(authorizationUrlFromOurRedirect);
 *   await idp.stop();
 *
 * oidc-provider ships no types: include ./oidc-provider.d.ts in a tsconfig that compiles this file.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

interface LocalOidcAccount {
  /** What to type in the login field; it is also the account's `sub`. */
  login: string;
  email: string;
  isEmailVerified: boolean;
  name: string;
}

export interface LocalOidcIssuerOptions {
  /** Exactly the redirect URIs the client may use (ours: `${PUBLIC_URL}/api/auth/google/callback`). */
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
  account?: Partial<LocalOidcAccount>;
  /** 0 (default) picks a free port; the browser suite may want a fixed one. */
  port?: number;
}

export interface LocalOidcIssuer {
  /** http://127.0.0.1:<port> */
  issuer: string;
  clientId: string;
  clientSecret: string;
  account: LocalOidcAccount;
  /**
   * Follows an authorization URL through the issuer's login and consent pages like a browser would
   * (its own cookie jar, manual redirects) and returns the URL the issuer finally redirects to: our
   * callback with `code`, `state` and `iss`. `deny: true` presses "cancel" at the first page, so
   * the callback carries `error=access_denied`.
   */
  completeLogin(authorizationUrl: string | URL, options?: { deny?: boolean; login?: string }): Promise<URL>;
  stop(): Promise<void>;
}

export const startLocalOidcIssuer = async (options: LocalOidcIssuerOptions): Promise<LocalOidcIssuer> => {
  const account: LocalOidcAccount = {
    login: 'ada@issuer.test',
    email: 'ada@issuer.test',
    isEmailVerified: true,
    name: 'Ada Lovelace',
    ...options.account,
  };
  const clientId = options.clientId ?? 'recell-test-client';
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('hex');

  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: 'local-issuer', alg: 'RS256', use: 'sig' };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    // Like Google: the ID token itself carries the email and profile claims.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    features: { devInteractions: { enabled: true } },
    findAccount: (_ctx, id) =>
      id === account.login
        ? {
            accountId: id,
            claims: () => ({
              sub: id,
              email: account.email,
              email_verified: account.isEmailVerified,
              name: account.name,
            }),
          }
        : undefined,
  });
  server.on('request', provider.callback());

  const isCallback = (url: URL) =>
    options.redirectUris.some((uri) => {
      const redirect = new URL(uri);
      return url.origin === redirect.origin && url.pathname === redirect.pathname;
    });

  const completeLogin: LocalOidcIssuer['completeLogin'] = async (authorizationUrl, flags = {}) => {
    const jar = new Map<string, string>();
    let url = new URL(authorizationUrl);
    let init: RequestInit = {};
    for (let step = 0; step < 20; step++) {
      const headers = new Headers(init.headers);
      if (jar.size > 0) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
      const response = await fetch(url, { ...init, headers, redirect: 'manual' });
      for (const line of response.headers.getSetCookie()) {
        const [pair = '', ...attributes] = line.split(';');
        const name = pair.slice(0, pair.indexOf('=')).trim();
        const isDeleted = attributes.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a));
        if (isDeleted) jar.delete(name);
        else jar.set(name, pair.slice(pair.indexOf('=') + 1).trim());
      }
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        url = new URL(location, url);
        if (isCallback(url)) return url;
        init = {};
        continue;
      }
      const html = await response.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
      const prompt = /name="prompt" value="(login|consent)"/.exec(html)?.[1];
      if (response.status !== 200 || !action || !prompt) {
        throw new Error(`local issuer: unexpected page ${response.status} at ${url.pathname}: ${html.slice(0, 300)}`);
      }
      if (flags.deny) {
        url = new URL(`${new URL(action, url).pathname}/abort`, url);
        init = {};
        continue;
      }
      url = new URL(action, url);
      const form: Record<string, string> =
        prompt === 'login' ? { prompt, login: flags.login ?? account.login, password: 'any password' } : { prompt };
      init = {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
      };
    }
    throw new Error('local issuer: too many redirects');
  };

  return {
    issuer,
    clientId,
    clientSecret,
    account,
    completeLogin,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
};
