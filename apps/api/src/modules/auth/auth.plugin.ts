/**
 * Who is calling. A route says who may call it in its options, and one onRequest hook here checks
 * it before anything else of the route runs (limits, body parsing, validation):
 *
 *   config: { auth: 'signedIn' }           any active account (else 401)
 *   config: { auth: ['seller', 'admin'] }  one of these roles (401 when not signed in, else 403)
 *   config: { auth: …, emailConfirmed: true }  and the account's email is confirmed (else 403 with
 *                                          code email_unconfirmed): booking, paying, listing — what an
 *                                          unconfirmed account may not do
 *   config: { identifiesCaller: true }     anyone (never refused); `request.user` is the caller when a
 *                                          valid token of an active account comes along, else null
 *                                          (public answers that say more to someone signed in)
 *
 * The hook reads `Authorization: Bearer <access token>`, verifies it and loads the user (a disabled
 * or deleted account is signed out at once, whatever its token says; the role is read from the
 * database on every call). Handlers read the caller with `signedInUser(request)`.
 *
 * Also registers @fastify/cookie (the refresh cookie) with a signing secret derived from the
 * access-token secret, so `reply.setCookie(name, value, { signed: true })` works for short-lived
 * state cookies.
 */
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { messages, recoveryMessages, type Role } from '@recell/contract';
import { AppError } from '../../errors.ts';
import { createAccessTokens, loadOrCreateJwtSecret, type AccessTokens } from './tokens.ts';
import { findCallerById } from '../users/index.ts';

/** The signed-in user of a request, as loaded from the database. */
export interface AuthUser {
  id: string;
  role: Role;
  email: string;
  name: string;
  isVerified: boolean;
  isEmailConfirmed: boolean;
  imageUrl: string | null;
}

/** Who may call a route: any signed-in account, or only these roles. */
type RouteAuth = 'signedIn' | readonly Role[];

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: AccessTokens;
  }
  interface FastifyRequest {
    /**
     * The caller on routes with `config.auth` (handlers use `signedInUser()`) or, when signed in, on
     * routes with `config.identifiesCaller` (handlers use `isSignedInCaller()`); null elsewhere.
     */
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    /** Who may call this route; routes without it are public. */
    auth?: RouteAuth;
    /** Only accounts whose email is confirmed (with `auth`): browsing needs none, trading does. */
    emailConfirmed?: boolean;
    /** A public route (no `auth`) that reads its caller, if any: `request.user`, or null for a visitor. */
    identifiesCaller?: boolean;
  }
}

const unauthorized = () => new AppError('unauthorized', messages.unauthorized);

/** The caller of a route that declares `config.auth` (the hook has already refused anyone else). */
export const signedInUser = (request: FastifyRequest): AuthUser => {
  if (!request.user) throw unauthorized();
  return request.user;
};

/** On a route with `config.identifiesCaller`: whether an active account called (not a visitor). */
export const isSignedInCaller = (request: FastifyRequest): boolean => request.user !== null;

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

    /** The active account whose valid token the request carries, else null. */
    const tokenHolderOf = async (request: FastifyRequest): Promise<AuthUser | null> => {
      const token = bearerToken(request);
      if (!token) return null;
      const claims = await accessTokens.verify(token);
      if (!claims) return null;
      const user = await findCallerById(app.db, claims.userId);
      if (!user || user.disabledAt) return null;
      // A password reset ends every sign-in: access tokens issued before it are refused.
      if (user.sessionsValidAfter && claims.issuedAt < user.sessionsValidAfter) return null;
      return {
        id: user.id,
        role: user.role,
        email: user.email,
        name: user.name,
        isVerified: user.verified,
        isEmailConfirmed: user.emailConfirmedAt !== null,
        imageUrl: user.imageUrl,
      };
    };

    const callerOf = async (request: FastifyRequest): Promise<AuthUser> => {
      const user = await tokenHolderOf(request);
      if (!user) throw unauthorized();
      return user;
    };

    // First of the route's own work: a caller who may not call it learns that before any limit,
    // body parsing or validation runs.
    app.addHook('onRequest', async (request) => {
      const { auth: rule, emailConfirmed, identifiesCaller } = request.routeOptions.config;
      if (!rule) {
        // A visitor, an expired token or a disabled account: the public answer, never a refusal.
        if (identifiesCaller) request.user = await tokenHolderOf(request);
        return;
      }
      const user = await callerOf(request);
      request.user = user;
      if (rule !== 'signedIn' && !rule.includes(user.role)) throw new AppError('forbidden', messages.unauthorized);
      if (emailConfirmed && !user.isEmailConfirmed)
        throw new AppError('email_unconfirmed', recoveryMessages.emailUnconfirmed);
    });
  },
  { name: 'recell-auth' },
);
