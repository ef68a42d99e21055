/**
 * A session on the wire: the refresh cookie (httpOnly, SameSite=Strict, sent to /api/auth/* only)
 * and the signed-in hint cookie that tells page renders who may be calling. Routes set and clear
 * them; the services hand back the token.
 */
import type { FastifyReply } from 'fastify';
import { signedInHintCookie, type AuthSession } from '@recell/contract';
import { signedInHintValue } from '../../lib/signed-in-hint.ts';
import { refreshCookieName, refreshTtlMs, type AuthDeps, type SignedIn } from './sessions.service.ts';

/** The browser sends the refresh cookie to /api/auth/* only (refresh, logout, social callbacks). */
const refreshCookiePath = '/api/auth';

const cookieOptions = (deps: AuthDeps) => ({
  path: refreshCookiePath,
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: deps.isProduction,
});

/** Sent with every page request (Lax: a link from elsewhere too); the page's scripts never need it. */
const hintCookieOptions = (deps: AuthDeps) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: deps.isProduction,
});

/**
 * Sets the sign-in's cookies on `reply` and answers its body. An answer that hands out a session
 * (its access token too) is never stored by a browser or a cache.
 */
export const withSessionCookies = (deps: AuthDeps, reply: FastifyReply, signedIn: SignedIn): AuthSession => {
  const maxAge = Math.floor(refreshTtlMs(deps) / 1000);
  reply
    .header('cache-control', 'no-store')
    .setCookie(refreshCookieName, signedIn.refreshToken, { ...cookieOptions(deps), maxAge })
    // Signed, naming when the session ends and its family: the server renders pages for a hint it
    // set, not a hand-set one, and a private page for the family's live sign-in alone (decision 0078).
    .setCookie(signedInHintCookie, signedInHintValue(Math.floor(Date.now() / 1000) + maxAge, signedIn.familyId), {
      ...hintCookieOptions(deps),
      maxAge,
      signed: true,
    });
  return signedIn.session;
};

export const clearSessionCookies = (deps: AuthDeps, reply: FastifyReply) =>
  reply.clearCookie(refreshCookieName, cookieOptions(deps)).clearCookie(signedInHintCookie, hintCookieOptions(deps));
