import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiEndpoints } from '@recell/contract';
import { createAuthRateLimits, defaultAuthLimitRules } from '../../lib/rate-limit.ts';
import { endpointRoute } from '../../lib/routes.ts';
import { signedInUser } from './auth.plugin.ts';
import * as service from './recovery.service.ts';

/**
 * Password reset and email confirmation. Every route counts against a per-IP limit; the two that
 * send an email also against a per-address limit, counted for every address alike.
 */
export const recoveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.RecoveryDeps = {
    db: app.db,
    log: app.log,
    publicUrl: app.config.publicUrl,
    emailsQueued: () => app.emailsQueued(),
    deferWork: (task) => app.deferWork(task),
    now: () => new Date(),
  };
  const { recoveryPerIp, recoveryPerEmailIp, recoveryPerEmail } = app.config.rateLimits;
  const limits = await createAuthRateLimits({
    redis: app.limitStore,
    keyPrefix: 'recell:recovery-limit',
    log: app.log,
    rules: {
      recoveryPerIp: { ...defaultAuthLimitRules.recoveryPerIp, points: recoveryPerIp },
      recoveryPerEmailIp: { ...defaultAuthLimitRules.recoveryPerEmailIp, points: recoveryPerEmailIp },
      recoveryPerEmail: { ...defaultAuthLimitRules.recoveryPerEmail, points: recoveryPerEmail },
    },
  });
  app.addHook('onClose', () => limits.close());

  const { recovery } = apiEndpoints;
  const perIp = async (request: FastifyRequest) => {
    await limits.recoveryPerIp.consume(request.ip);
  };
  /** Emails to one address: from this IP, then from everyone (the higher ceiling). */
  const perAddress = async (email: string, ip: string) => {
    await limits.recoveryPerEmailIp.consume(`${email}|${ip}`);
    await limits.recoveryPerEmail.consume(email);
  };

  app.route(
    endpointRoute(recovery.forgotPassword, {
      tags: ['auth'],
      summary: 'Email a password reset link, if the address has an account (the answer is the same either way)',
      errors: [400, 429, 503],
      onRequest: perIp,
      handler: async (request) => {
        await perAddress(request.body.email, request.ip);
        return service.requestPasswordReset(deps, request.body.email);
      },
    }),
  );

  app.route(
    endpointRoute(recovery.resetPassword, {
      tags: ['auth'],
      summary: 'Set a new password with a reset link (single use, 30 minutes); ends every sign-in of the account',
      errors: [400, 429, 503],
      onRequest: perIp,
      handler: async (request) => service.resetPassword(deps, request.body),
    }),
  );

  app.route(
    endpointRoute(recovery.confirmEmail, {
      tags: ['auth'],
      summary: 'Confirm an email address with its link (single use, 24 hours)',
      errors: [400, 429, 503],
      onRequest: perIp,
      handler: async (request) => service.confirmEmail(deps, request.body.token),
    }),
  );

  app.route(
    endpointRoute(recovery.resendConfirmation, {
      tags: ['auth'],
      summary: 'Send a new email confirmation link to the signed-in account',
      errors: [401, 429, 503],
      onRequest: perIp,
      handler: async (request) => {
        const user = signedInUser(request);
        await perAddress(user.email.toLowerCase(), request.ip);
        return service.resendConfirmation(deps, user.id);
      },
    }),
  );
};
