/**
 * Answers meant for one person are never kept by a browser, a proxy or a shared cache
 * (`Cache-Control: no-store`): those of every route that needs a signed-in caller (/api/me*,
 * /api/admin/*, orders, listings, …), errors included. Answers that hand out a session (sign-up,
 * login, refresh, social sign-in) say so where the refresh cookie is set (sessions.service.ts).
 * Public answers are the same for everyone and keep their own headers.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const privateAnswersPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (request, reply, payload) => {
      // `config.auth`: the route needs a signed-in caller (the auth plugin's route option).
      if (request.routeOptions.config.auth) {
        reply.header('cache-control', 'no-store');
      }
      return payload;
    });
  },
  { name: 'recell-private-answers' },
);
