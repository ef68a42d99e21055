import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiEndpoints, AuthSessionSchema, signedInHintCookie, uploadMessages } from '@recell/contract';
import { AppError } from '../../errors.ts';
import { createAuthRateLimits, defaultAuthLimitRules } from '../../lib/rate-limit.ts';
import { endpointRoute } from '../../lib/routes.ts';
import * as service from './auth.service.ts';
import type { SignupForm } from './auth.service.ts';
import { authDepsOf } from './auth.deps.ts';
import { clearSessionCookies, withSessionCookies } from './session-cookies.ts';
import { endSession, refreshCookieName, refreshSession } from './sessions.service.ts';
import { formParts } from '../../plugins/multipart.ts';

/** Reads sign-up's multipart form: the text fields and the `image` file, buffered (10 MB at most). */
const readSignupForm = async (request: FastifyRequest): Promise<SignupForm> => {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', uploadMessages.notMultipart);
  const fields: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  let image: Buffer | undefined;
  for await (const part of formParts(request)) {
    if (part.type === 'file') {
      // Every file must be read to reach the parts after it; only `image` is kept.
      const bytes = await part.toBuffer();
      if (part.fieldname === 'image' && bytes.length > 0) image = bytes;
    } else if (!(part.fieldname in fields)) {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, image };
};

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = authDepsOf(app);
  const { loginPerIp, loginFailuresPerAccountIp, loginFailuresPerAccount, signupPerIp } = app.config.rateLimits;
  const limits = await createAuthRateLimits({
    redis: app.limitStore,
    log: app.log,
    rules: {
      loginPerIp: { ...defaultAuthLimitRules.loginPerIp, points: loginPerIp },
      loginFailuresPerAccountIp: {
        ...defaultAuthLimitRules.loginFailuresPerAccountIp,
        points: loginFailuresPerAccountIp,
      },
      loginFailuresPerAccount: { ...defaultAuthLimitRules.loginFailuresPerAccount, points: loginFailuresPerAccount },
      signupPerIp: { ...defaultAuthLimitRules.signupPerIp, points: signupPerIp },
    },
  });
  app.addHook('onClose', () => limits.close());

  /**
   * An attempt the server could not judge (a 5xx: the database was away) is no attempt: its count
   * is given back once the answer is sent, so people who kept trying through an outage are not
   * locked out after it.
   */
  const countedAttempt = (limiter: (typeof limits)['loginPerIp']) => {
    const counted = new WeakSet<FastifyRequest>();
    return {
      onRequest: async (request: FastifyRequest) => {
        await limiter.consume(request.ip);
        counted.add(request);
      },
      onResponse: async (request: FastifyRequest, reply: FastifyReply) => {
        if (reply.statusCode >= 500 && counted.has(request)) await limiter.reward(request.ip);
      },
    };
  };
  const signupAttempt = countedAttempt(limits.signupPerIp);
  const loginAttempt = countedAttempt(limits.loginPerIp);

  const { account, session } = apiEndpoints;

  app.route(
    endpointRoute(account.signup, {
      tags: ['auth'],
      summary: 'Create an account (multipart: name, email, password, role user|seller, image file) and sign in',
      errors: [400, 409, 413, 415, 429, 503],
      onRequest: [signupAttempt.onRequest, app.writeLimits.uploads, app.uploadCapacity.reserve],
      onResponse: signupAttempt.onResponse,
      handler: async (request, reply) => {
        const form = await readSignupForm(request);
        const signedIn = await service.signup(deps, form);
        return reply.code(201).send(withSessionCookies(deps, reply, signedIn));
      },
    }),
  );

  app.route(
    endpointRoute(account.login, {
      tags: ['auth'],
      summary: 'Log in with email and password',
      errors: [400, 401, 429, 503],
      onRequest: loginAttempt.onRequest,
      onResponse: loginAttempt.onResponse,
      handler: async (request, reply) =>
        withSessionCookies(deps, reply, await service.login(deps, limits, request.body, request.ip)),
    }),
  );

  app.route(
    endpointRoute(session.refresh, {
      tags: ['auth'],
      summary: 'Exchange the refresh cookie for a new access token (the cookie is rotated); 204 without one',
      responses: { 200: AuthSessionSchema, 204: z.null().describe('No refresh cookie was sent: not signed in') },
      errors: [401, 403],
      handler: async (request, reply) => {
        // No cookie: a visitor who never signed in here. Not an error, so no failed request in their console.
        if (!request.cookies[refreshCookieName]) {
          // A hint outliving its session (the refresh cookie expired) would get pages rendered for nobody.
          if (request.cookies[signedInHintCookie]) clearSessionCookies(deps, reply);
          return reply.code(204).send(null);
        }
        try {
          return withSessionCookies(deps, reply, await refreshSession(deps, request.cookies[refreshCookieName]));
        } catch (error) {
          clearSessionCookies(deps, reply);
          throw error;
        }
      },
    }),
  );

  app.route(
    endpointRoute(session.logout, {
      tags: ['auth'],
      summary: 'End this sign-in (revokes the refresh cookie)',
      errors: [403],
      handler: async (request, reply: FastifyReply) => {
        await endSession(deps, request.cookies[refreshCookieName]);
        clearSessionCookies(deps, reply);
        return reply.code(204).send();
      },
    }),
  );
};
