/** What accounts and sessions work with, built once from the app by the auth and social routes. */
import type { FastifyInstance } from 'fastify';
import type { AuthDeps } from './sessions.service.ts';

export const authDepsOf = (app: FastifyInstance): AuthDeps => ({
  db: app.db,
  storage: app.storage,
  accessTokens: app.accessTokens,
  log: app.log,
  auth: app.config.auth,
  isProduction: app.config.isProduction,
  publicUrl: app.config.publicUrl,
  emailsQueued: () => app.emailsQueued(),
  now: () => new Date(),
});
