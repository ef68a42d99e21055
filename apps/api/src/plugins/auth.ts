/**
 * Who is calling: `app.authenticate` reads `Authorization: Bearer <access token>`, verifies it and
 * loads the user (a disabled or deleted account is signed out at once, whatever its token says);
 * `app.requireRole(...roles)` also checks the role, read from the database on every call. Routes use
 * `{ preHandler: [app.authenticate] }` or `{ preHandler: [app.requireRole('seller')] }`.
 *
 * Also registers @fastify/cookie (the refresh cookie) with a signing secret derived from the
 * access-token secret, so `reply.setCookie(name, value, { signed: true })` works for short-lived
 * state cookies.
 */
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { messages, type Role } from '@recell/contract';
import { AppError } from '../errors.ts';
import { createAccessTokens, loadOrCreateJwtSecret, type AccessTokens } from '../modules/auth/tokens.ts';
import { findUserById } from '../modules/users/users.repository.ts';

/** The signed-in user of a request, as loaded from the database. */
export interface AuthUser {
  id: string;
  role: Role;
  email: string;
  name: string;
  isVerified: boolean;
  imageUrl: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: AccessTokens;
    /** preHandler: 401 unless the request carries a valid access token of an active account. */
    authenticate: preHandlerAsyncHookHandler;
    /** preHandler factory: 401 when not signed in, 403 when the user's role is not one of `roles`. */
    requireRole(...roles: Role[]): preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    /** Set by `app.authenticate` / `app.requireRole`; null on routes that do not ask for a user. */
    user: AuthUser | null;
  }
}

const unauthorized = () => new AppError('unauthorized', messages.unauthorized);

const bearerToken = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer +([A-Za-z0-9._~+/-]+=*)$/i.exec(header.trim());
  return match?.[1];
};

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const secret = app.config.auth.jwtSecret ?? (await loadOrCreateJwtSecret(app.config.dataDir));
    const accessTokens = createAccessTokens(secret, app.config.auth.accessTokenTtlSeconds);
    app.decorate('accessTokens', accessTokens);
    await app.register(cookie, { secret: accessTokens.cookieSecret });

    app.decorateRequest('user', null);

    const authenticate = async function (request: FastifyRequest, _reply: FastifyReply) {
      const token = bearerToken(request);
      if (!token) throw unauthorized();
      const claims = await accessTokens.verify(token);
      if (!claims) throw unauthorized();
      const user = await findUserById(app.db, claims.userId);
      if (!user || user.disabledAt) throw unauthorized();
      request.user = {
        id: user.id,
        role: user.role,
        email: user.email,
        name: user.name,
        isVerified: user.verified,
        imageUrl: user.imageUrl,
      };
    };
    app.decorate('authenticate', markSignedIn(authenticate));

    app.decorate('requireRole', (...roles: Role[]): preHandlerAsyncHookHandler => {
      if (roles.length === 0) throw new Error('requireRole needs at least one role');
      return markSignedIn(async function (request, reply) {
        if (!request.user) await authenticate(request, reply);
        if (!request.user || !roles.includes(request.user.role)) throw new AppError('forbidden', messages.unauthorized);
      });
    });
  },
  { name: 'recell-auth' },
);

/** Marks a preHandler that needs a signed-in caller, so the OpenAPI document can say so. */
const signedInMarker = Symbol('recell.signedIn');
const markSignedIn = <T extends object>(handler: T): T => Object.assign(handler, { [signedInMarker]: true });
export const needsSignIn = (handler: unknown) =>
  typeof handler === 'function' && (handler as unknown as Record<symbol, unknown>)[signedInMarker] === true;
