/**
 * Writes come from our own pages only. A browser attaches the refresh cookie by itself and lets
 * any site submit a form (multipart, urlencoded or text) to us without asking, so a page elsewhere
 * could sign a visitor in to an account it controls (login CSRF) or act for them. Every request
 * that may change something (any method but GET, HEAD and OPTIONS) is refused with 403 when a
 * browser says another site started it; GET routes change nothing (the social sign-in callbacks
 * carry their own state and nonce checks).
 *
 * A browser that says where the call comes from (Sec-Fetch-Site, which pages cannot forge) is
 * believed: only same-origin calls (and 'none', the user's own navigation) pass, also behind a dev
 * proxy that rewrites Host. Otherwise an Origin header, when present, must be PUBLIC_URL or the
 * request's own origin. A call with neither (curl, another server, a test) is no browser's and
 * passes: without a browser there is no victim's cookie to borrow.
 *
 * A route that other servers call with their own proof (Stripe's signed webhook) opts out with
 * `config: { allowCrossSite: true }`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { authMessages, ErrorBodySchema } from '@recell/contract';
import { AppError } from '../errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Other sites may call this route (it proves its caller otherwise, e.g. by a signature). */
    allowCrossSite?: boolean;
  }
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

const isCrossSite = (request: FastifyRequest, publicUrl: string) => {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  return origin !== publicUrl && origin !== `${request.protocol}://${request.host}`;
};

export const sameOriginPlugin = fp(
  async (app: FastifyInstance) => {
    const { publicUrl } = app.config;

    // The documented answers of every write include the refusal.
    app.addHook('onRoute', (route) => {
      const methods = [route.method].flat();
      if (methods.every((method) => safeMethods.has(method)) || route.config?.allowCrossSite) return;
      const response = route.schema?.response as Record<string, unknown> | undefined;
      if (response && !(403 in response))
        route.schema = { ...route.schema, response: { ...response, 403: ErrorBodySchema } };
    });

    app.addHook('onRequest', async (request) => {
      if (safeMethods.has(request.method) || request.routeOptions.config.allowCrossSite) return;
      if (isCrossSite(request, publicUrl)) throw new AppError('forbidden', authMessages.crossSiteRefused);
    });
  },
  { name: 'recell-same-origin' },
);
