/**
 * The Google sign-in of the browser suite: a real OpenID Connect issuer (oidc-provider, the API
 * suite's local issuer) on a fixed loopback port, which the API under test uses as GOOGLE_ISSUER.
 * Shared by the Playwright config (which starts it) and the tests (which sign in there).
 */

/** Where the issuer listens (loopback, a fixed port: the API is configured with it before it starts). */
export const googleIssuer = `http://127.0.0.1:${Number(process.env.E2E_OIDC_PORT ?? 4312)}`;

/** The one account of the local issuer: what a person types in its login field, and who they are. */
export const googleAccount = {
  login: 'ada@issuer.test',
  email: 'ada@issuer.test',
  isEmailVerified: true,
  name: 'Ada Lovelace',
} as const;

/** The client the API is registered as at the local issuer. */
export const googleClientId = 'recell-e2e';

/** The issuer's own pages (oidc-provider's development login and consent pages, not ours). */
export const issuerPages = {
  loginPlaceholder: 'Enter any login',
  passwordPlaceholder: 'and password',
  signIn: 'Sign-in',
  consent: 'Continue',
} as const;
