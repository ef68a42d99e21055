/**
 * Why a Google or GitHub sign-in did not finish. The API sends only a code (and the provider) to
 * the web's /auth/complete page; the page shows the catalogue's text for it. A text in the address
 * would let anyone put words of their choosing in the app's mouth.
 */
import { authMessages, socialProviders, type SocialProvider } from './auth.ts';

export const socialProviderLabels: Record<SocialProvider, string> = { google: 'Google', github: 'GitHub' };

export const socialSignInErrorCodes = [
  'cancelled',
  'unavailable',
  'failed',
  'expired',
  'no_verified_email',
  'disabled',
] as const;
export type SocialSignInErrorCode = (typeof socialSignInErrorCodes)[number];

const label = (provider: SocialProvider) => socialProviderLabels[provider];

/** The catalogue: each code's text for a provider. */
export const socialSignInMessages = {
  notConfigured: (provider: SocialProvider) => `${label(provider)} sign-in is not configured on this server.`,
  cancelled: (provider: SocialProvider) => `${label(provider)} sign-in was cancelled.`,
  unavailable: (provider: SocialProvider) =>
    `${label(provider)} sign-in is unavailable right now. Please try again later.`,
  failed: (provider: SocialProvider) => `${label(provider)} sign-in failed. Please try again.`,
  expired: () => 'Your sign-in took too long or was started in another browser. Please try again.',
  no_verified_email: (provider: SocialProvider) =>
    ({
      google:
        'Your Google account has no verified email address. Verify it with Google or sign in with your email and password.',
      github:
        'Your GitHub account has no verified primary email address. Verify it on GitHub or sign in with your email and password.',
    })[provider],
  disabled: () => authMessages.accountDisabled,
  /** Any code (or provider) this app does not know. */
  generic: 'Social sign-in did not finish. Please try again.',
} as const;

const isErrorCode = (code: unknown): code is SocialSignInErrorCode =>
  typeof code === 'string' && (socialSignInErrorCodes as readonly string[]).includes(code);

/**
 * The catalogue's text for a failed sign-in's `code` and `provider` as read from an address; an
 * unknown code or provider gives the generic text, so nothing from the address is shown as it is.
 */
export function socialSignInMessage(code: unknown, provider: unknown): string {
  const known = socialProviders.find((name) => name === provider);
  if (!isErrorCode(code) || known === undefined) return socialSignInMessages.generic;
  return socialSignInMessages[code](known);
}
