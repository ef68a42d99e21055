import type { SocialProvider } from '@recell/contract';
import type { Config } from '../../config.ts';
import { createGithubProvider } from './github.ts';
import { createGoogleProvider } from './google.ts';
import type { IdentityProvider } from './identity-provider.ts';

/** The social sign-in providers that are configured (Google, GitHub); the others are absent. */
export type IdentityProviders = Partial<Record<SocialProvider, IdentityProvider>>;

/** Builds each configured provider; `redirectUriOf` names where it sends the person back. */
export const createIdentityProviders = (
  auth: Config['auth'],
  redirectUriOf: (provider: SocialProvider) => string,
): IdentityProviders => ({
  ...(auth.google ? { google: createGoogleProvider({ ...auth.google, redirectUri: redirectUriOf('google') }) } : {}),
  ...(auth.github ? { github: createGithubProvider({ ...auth.github, redirectUri: redirectUriOf('github') }) } : {}),
});
