/**
 * The identity port for social sign-in: each provider sends the browser to its consent screen and
 * turns the callback into a profile it vouches for. Google speaks OpenID Connect; GitHub speaks
 * plain OAuth 2.0. The marketplace's rules (who may sign in, linking, new accounts) live in
 * modules/auth/social, not here.
 */
import type { SocialProvider } from '@recell/contract';

/** What a provider asserts about the person who just signed in. */
export interface SocialProfile {
  provider: SocialProvider;
  /** The provider's stable, never-reassigned id for the account (never the email). */
  subject: string;
  /** The email the provider vouches for; null when it has none it has verified. */
  email: string | null;
  /** True only when the provider says the person proved they own `email`. */
  isEmailVerified: boolean;
  name: string | null;
  /** A picture URL on the provider's host (we do not embed it: the CSP allows same-origin images). */
  picture: string | null;
}

/** The secrets of one sign-in attempt, kept in the browser's sealed flow cookie between the two legs. */
export interface AuthorizationChecks {
  state: string;
  codeVerifier: string;
  /** OpenID Connect only. */
  nonce?: string | undefined;
}

interface AuthorizationStart {
  url: URL;
  checks: AuthorizationChecks;
}

export interface IdentityProvider {
  readonly provider: SocialProvider;
  /** Where to send the browser, and the checks the callback must match. */
  startAuthorization(): Promise<AuthorizationStart>;
  /**
   * Completes the code exchange for the callback's query parameters (state already matched by the
   * caller and checked again here) and returns the verified profile.
   */
  completeAuthorization(callbackParams: URLSearchParams, checks: AuthorizationChecks): Promise<SocialProfile>;
}

/**
 * Why a sign-in at the provider did not complete. `denied`: the person said no at the provider;
 * `unavailable`: the provider could not be reached; `failed`: anything else (a bad code, a
 * signature or nonce mismatch, an unexpected answer). The detail is for logs, never for users.
 */
export class IdentityProviderError extends Error {
  constructor(
    readonly reason: 'denied' | 'unavailable' | 'failed',
    detail: string,
    options?: { cause?: unknown },
  ) {
    super(detail, options);
    this.name = 'IdentityProviderError';
  }
}

/** Plain http is allowed only for an issuer on this machine (the tests' local issuer). */
export const isLoopbackUrl = (value: string): boolean => {
  const { hostname } = new URL(value);
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]' || hostname === '::1';
};

export const assertSecureUrl = (value: string, name: string) => {
  const url = new URL(value);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackUrl(value))) {
    throw new Error(`${name} must use https (plain http is allowed only on loopback): ${value}`);
  }
};
