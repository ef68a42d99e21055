import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AccountNoticeSchema, ConfirmEmailSchema, ForgotPasswordSchema, ResetPasswordSchema } from '@recell/contract';
import { createAuthRateLimits, defaultAuthLimitRules } from '../../lib/rate-limit.ts';
import { errorResponses } from '../../lib/routes.ts';
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
  const { recoveryPerIp, recoveryPerEmail } = app.config.rateLimits;
  const limits = await createAuthRateLimits({
    redis: app.limitStore,
    keyPrefix: 'recell:recovery-limit',
    log: app.log,
    rules: {
      recoveryPerIp: { ...defaultAuthLimitRules.recoveryPerIp, points: recoveryPerIp },
      recoveryPerEmail: { ...defaultAuthLimitRules.recoveryPerEmail, points: recoveryPerEmail },
    },
  });
  app.addHook('onClose', () => limits.close());

  app.post(
    '/auth/forgot-password',
    {
      onRequest: async (request, reply) => limits.recoveryPerIp.consume(request.ip, reply),
      schema: {
        tags: ['auth'],
        summary: 'Email a password reset link, if the address has an account (the answer is the same either way)',
        body: ForgotPasswordSchema,
        response: { 200: AccountNoticeSchema, ...errorResponses(400, 429, 503) },
      },
    },
    async (request, reply) => {
      await limits.recoveryPerEmail.consume(request.body.email, reply);
      return service.requestPasswordReset(deps, request.body.email);
    },
  );

  app.post(
    '/auth/reset-password',
    {
      onRequest: async (request, reply) => limits.recoveryPerIp.consume(request.ip, reply),
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset link (single use, 30 minutes); ends every sign-in of the account',
        body: ResetPasswordSchema,
        response: { 200: AccountNoticeSchema, ...errorResponses(400, 429, 503) },
      },
    },
    async (request) => service.resetPassword(deps, request.body),
  );

  app.post(
    '/auth/confirm-email',
    {
      onRequest: async (request, reply) => limits.recoveryPerIp.consume(request.ip, reply),
      schema: {
        tags: ['auth'],
        summary: 'Confirm an email address with its link (single use, 24 hours)',
        body: ConfirmEmailSchema,
        response: { 200: AccountNoticeSchema, ...errorResponses(400, 429, 503) },
      },
    },
    async (request) => service.confirmEmail(deps, request.body.token),
  );

  app.post(
    '/me/confirmation-email',
    {
      config: { auth: 'signedIn' },
      onRequest: async (request, reply) => limits.recoveryPerIp.consume(request.ip, reply),
      schema: {
        tags: ['auth'],
        summary: 'Send a new email confirmation link to the signed-in account',
        response: { 200: AccountNoticeSchema, ...errorResponses(401, 429, 503) },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      await limits.recoveryPerEmail.consume(user.email.toLowerCase(), reply);
      return service.resendConfirmation(deps, user.id);
    },
  );
};
