/**
 * Social sign-in over HTTP. `GET /api/auth/{provider}` seals the flow into a cookie and sends the
 * browser to the provider; `GET /api/auth/{provider}/callback` completes it, signs the person in
 * (startSession, then the session cookies) and always answers with a redirect to the web's
 * /auth/complete page: `status=ok` with `new` and `next`, or `status=error` with a `code` (and the
 * provider) that the page looks up in the contract's catalogue: no text travels in the address.
 * A callback never shows a 500 page.
 */
import cookie from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiEndpoints,
  ErrorBodySchema,
  nextPathMaxLength,
  safeNextPath,
  socialProviders,
  socialSignInMessages,
  type SocialProvider,
  type SocialSignInErrorCode,
} from '@recell/contract';
import type { IdentityProviders } from '../../../adapters/identity/index.ts';
import { IdentityProviderError } from '../../../adapters/identity/identity-provider.ts';
import { notFound } from '../../../errors.ts';
import { endpointRoute } from '../../../lib/routes.ts';
import { authDepsOf } from '../auth.deps.ts';
import { withSessionCookies } from '../session-cookies.ts';
import { startSession } from '../sessions.service.ts';
import {
  deriveFlowKey,
  flowCookieName,
  flowCookiePath,
  flowTtlSeconds,
  openFlow,
  sealFlow,
  signInModes,
  type SignInMode,
} from './flow-cookie.ts';
import { signInWithProfile, SocialSignInRefused } from './social.service.ts';

/** A path on this site to return to, by the contract's one rule (no open redirects). */
const NextPathSchema = z
  .string()
  .max(nextPathMaxLength, 'next is too long')
  .refine((value) => safeNextPath(value) !== null, 'next must be a path on this site, starting with a single /');

const StartSignInQuerySchema = z.object({
  next: NextPathSchema.default('/'),
  mode: z.enum(signInModes, { error: 'mode must be popup or redirect' }).default('redirect'),
});

/** Where a provider sends the person back (under the API's prefix; the full URL is the redirect URI). */
export const callbackPath = (provider: SocialProvider) => `/auth/${provider}/callback`;

/** Social sign-in with the providers app.ts built from the configuration. */
export const socialRoutes: FastifyPluginAsyncZod<{ providers: IdentityProviders }> = async (app, { providers }) => {
  const { config } = app;
  const authDeps = authDepsOf(app);
  // The flow cookie needs cookie parsing; the auth plugin normally provides it app-wide.
  if (!app.hasReplyDecorator('setCookie')) await app.register(cookie);

  // Its own key, derived from the auth plugin's cookie secret (itself derived from the JWT secret).
  const flowKey = deriveFlowKey(app.accessTokens.cookieSecret);
  const isSecure = config.isProduction || config.publicUrl.startsWith('https:');

  const completeUrl = (params: Record<string, string>) =>
    `${config.publicUrl}/auth/complete?${new URLSearchParams(params).toString()}`;
  const redirectWithError = (
    reply: FastifyReply,
    mode: SignInMode,
    provider: SocialProvider,
    code: SocialSignInErrorCode,
  ) => reply.redirect(completeUrl({ mode, status: 'error', provider, code }), 302);

  app.route(
    endpointRoute(apiEndpoints.account.providers, {
      tags: ['auth'],
      summary: 'Which social sign-in providers are configured',
      handler: async () => ({ google: Boolean(providers.google), github: Boolean(providers.github) }),
    }),
  );

  for (const provider of socialProviders) {
    app.get(
      `/auth/${provider}`,
      {
        schema: {
          tags: ['auth'],
          summary: `Start signing in with ${provider === 'google' ? 'Google' : 'GitHub'} (302 to the provider)`,
          querystring: StartSignInQuerySchema,
          response: { 400: ErrorBodySchema, 404: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        const identityProvider = providers[provider];
        if (!identityProvider) throw notFound(socialSignInMessages.notConfigured(provider));
        const { next, mode } = request.query;
        reply.header('cache-control', 'no-store');
        let start;
        try {
          start = await identityProvider.startAuthorization();
        } catch (error) {
          request.log.warn({ err: error, provider }, 'social sign-in could not start');
          return redirectWithError(reply, mode, provider, 'unavailable');
        }
        const sealed = await sealFlow({ provider, ...start.checks, next, mode }, flowKey);
        reply.setCookie(flowCookieName, sealed, {
          path: flowCookiePath,
          httpOnly: true,
          sameSite: 'lax',
          secure: isSecure,
          maxAge: flowTtlSeconds,
        });
        return reply.redirect(start.url.href, 302);
      },
    );

    app.get(
      callbackPath(provider),
      {
        schema: {
          tags: ['auth'],
          summary: `${provider === 'google' ? 'Google' : 'GitHub'} returns here; 302 to /auth/complete`,
          response: { 404: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        const identityProvider = providers[provider];
        if (!identityProvider) throw notFound(socialSignInMessages.notConfigured(provider));
        reply.header('cache-control', 'no-store');
        // One attempt per flow cookie, whatever happens next.
        reply.clearCookie(flowCookieName, { path: flowCookiePath, httpOnly: true, sameSite: 'lax', secure: isSecure });

        const flow = await openFlow(request.cookies[flowCookieName], flowKey);
        const mode = flow?.mode ?? 'redirect';
        const params = new URLSearchParams(request.url.split('?')[1] ?? '');
        try {
          if (!flow || flow.provider !== provider) {
            return redirectWithError(reply, mode, provider, 'expired');
          }
          if (params.get('error') === 'access_denied') {
            return redirectWithError(reply, mode, provider, 'cancelled');
          }
          if (params.get('state') !== flow.state) {
            request.log.warn({ provider }, 'social sign-in callback with a state that does not match its flow');
            return redirectWithError(reply, mode, provider, 'failed');
          }
          const profile = await identityProvider.completeAuthorization(params, flow);
          const signIn = await signInWithProfile(authDeps.db, profile);
          withSessionCookies(
            authDeps,
            reply,
            await startSession(authDeps, signIn.user, { isNewUser: signIn.isNewUser }),
          );
          if (signIn.isNewUser || signIn.isLinked) {
            request.log.info(
              { provider, userId: signIn.user.id, isNewUser: signIn.isNewUser },
              'social identity linked',
            );
          }
          return reply.redirect(
            completeUrl({
              mode,
              status: 'ok',
              new: signIn.isNewUser ? '1' : '0',
              next: safeNextPath(flow.next) ?? '/',
            }),
            302,
          );
        } catch (error) {
          if (error instanceof SocialSignInRefused) {
            request.log.info({ provider, reason: error.code }, 'social sign-in refused');
            return redirectWithError(reply, mode, provider, error.code);
          }
          if (error instanceof IdentityProviderError) {
            request.log.warn({ err: error, provider, reason: error.reason }, 'social sign-in failed at the provider');
            const code =
              error.reason === 'denied' ? 'cancelled' : error.reason === 'unavailable' ? 'unavailable' : 'failed';
            return redirectWithError(reply, mode, provider, code);
          }
          request.log.error({ err: error, provider }, 'social sign-in failed');
          return redirectWithError(reply, mode, provider, 'failed');
        }
      },
    );
  }
};
