import type { FastifyPluginAsync } from 'fastify';
import { meRoutes } from './me.routes.ts';
import { authRoutes } from './auth.routes.ts';

/** Accounts: sign-up, login and sessions (/api/auth/*) and the signed-in user's own profile (/api/me). */
export const accountRoutes: FastifyPluginAsync = async (app) => {
  await app.register(authRoutes);
  await app.register(meRoutes);
};
