/**
 * Google sign-in through OpenID Connect with openid-client: discovery against the issuer,
 * authorization code flow with PKCE (S256), state and nonce; the profile comes from the verified
 * ID token (and the userinfo endpoint when the ID token leaves the email out).
 */
import * as oidc from 'openid-client';
import {
  assertSecureUrl,
  IdentityProviderError,
  isLoopbackUrl,
  type AuthorizationChecks,
  type IdentityProvider,
  type SocialProfile,
} from './identity-provider.ts';

export interface GoogleSettings {
  clientId: string;
  clientSecret: string;
  /** https://accounts.google.com in production; a local issuer in tests. */
  issuer: string;
  /** Our callback, exactly as registered with the provider. */
  redirectUri: string;
  /** Seconds per HTTP request to the issuer. */
  timeoutSeconds?: number;
}

const googleScopes = 'openid email profile';

export const createGoogleProvider = (settings: GoogleSettings): IdentityProvider => {
  assertSecureUrl(settings.issuer, 'GOOGLE_ISSUER');
  const timeout = settings.timeoutSeconds ?? 10;

  // Discovery runs once per process; a failure is not cached, so the next attempt tries again.
  let configuration: Promise<oidc.Configuration> | undefined;
  const getConfiguration = () => {
    configuration ??= oidc
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        settings.clientSecret,
        oidc.ClientSecretPost(settings.clientSecret),
        { execute: isLoopbackUrl(settings.issuer) ? [oidc.allowInsecureRequests] : [], timeout },
      )
      .catch((error: unknown) => {
        configuration = undefined;
        throw new IdentityProviderError('unavailable', `OpenID discovery failed for ${settings.issuer}`, {
          cause: error,
        });
      });
    return configuration;
  };

  return {
    provider: 'google',

    async startAuthorization() {
      const config = await getConfiguration();
      const checks = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: googleScopes,
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
        state: checks.state,
        nonce: checks.nonce,
      });
      return { url, checks };
    },

    async completeAuthorization(callbackParams: URLSearchParams, checks: AuthorizationChecks): Promise<SocialProfile> {
      const config = await getConfiguration();
      const currentUrl = new URL(settings.redirectUri);
      currentUrl.search = callbackParams.toString();
      try {
        const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
        const idToken = tokens.claims();
        if (!idToken) throw new IdentityProviderError('failed', 'the token response carried no ID token');
        let claims: Record<string, unknown> = idToken;
        if (typeof idToken.email !== 'string') {
          // Issuers that follow the spec strictly put scope claims only in userinfo.
          claims = { ...(await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub)), sub: idToken.sub };
        }
        return {
          provider: 'google',
          subject: idToken.sub,
          email: typeof claims.email === 'string' ? claims.email : null,
          // Google sends a boolean; some issuers send the string "true".
          isEmailVerified: claims.email_verified === true || claims.email_verified === 'true',
          name: typeof claims.name === 'string' ? claims.name : null,
          picture: typeof claims.picture === 'string' ? claims.picture : null,
        };
      } catch (error) {
        throw toProviderError(error);
      }
    },
  };
};

const toProviderError = (error: unknown): IdentityProviderError => {
  if (error instanceof IdentityProviderError) return error;
  if (error instanceof oidc.AuthorizationResponseError) {
    return new IdentityProviderError(
      error.error === 'access_denied' ? 'denied' : 'failed',
      `authorization response error: ${error.error}`,
      { cause: error },
    );
  }
  if (error instanceof oidc.ResponseBodyError) {
    return new IdentityProviderError('failed', `token endpoint error: ${error.error}`, { cause: error });
  }
  const isNetwork =
    error instanceof Error &&
    (error.name === 'TimeoutError' || error.name === 'AbortError' || error.message === 'fetch failed');
  const detail = error instanceof Error ? error.message : String(error);
  return new IdentityProviderError(isNetwork ? 'unavailable' : 'failed', detail, { cause: error });
};
