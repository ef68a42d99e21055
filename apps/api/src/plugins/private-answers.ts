/**
 * Answers meant for one person are never kept by a browser, a proxy or a shared cache
 * (`Cache-Control: no-store`): those of every route that needs a signed-in caller (/api/me*,
 * /api/admin/*, orders, listings, …), errors included. Answers that hand out a session (sign-up,
 * login, refresh, social sign-in) say so where the refresh cookie is set (sessions.service.ts).
 * Public answers are the same for everyone and keep their own headers.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { needsSignIn } from './auth.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set for routes guarded by app.authenticate / app.requireRole. */
    isSignedIn?: boolean;
  }
}

const routeNeedsSignIn = (route: RouteOptions) =>
  [route.onRequest, route.preValidation, route.preHandler].flat().some(needsSignIn);

export const privateAnswersPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      if (routeNeedsSignIn(route)) route.config = { ...route.config, isSignedIn: true };
    });
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.routeOptions.config.isSignedIn) {
        reply.header('cache-control', 'no-store');
      }
      return payload;
    });
  },
  { name: 'recell-private-answers' },
);
