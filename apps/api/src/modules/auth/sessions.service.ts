/**
 * Sessions: a sign-in starts a refresh-token family. The refresh token (32 random bytes) lives
 * only in an httpOnly, SameSite=Strict cookie scoped to /api/auth; the database keeps its SHA-256.
 * Every refresh rotates it. Presenting a rotated token again is reuse (a stolen copy, or a replay)
 * and ends the whole family, so the thief's and the owner's copies both die — except within a short
 * grace window while its successor is unused, when the same successor is answered again: two tabs
 * or a retry after a lost answer must not sign the person out.
 */
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { authMessages, type AuthSession } from '@recell/contract';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { findUserById, type UserRow } from '../users/users.repository.ts';
import { toMe } from '../users/users.service.ts';
import * as repository from './sessions.repository.ts';

export const refreshCookieName = 'recell_refresh';
/** The browser sends the refresh cookie to /api/auth/* only (refresh, logout, social callbacks). */
export const refreshCookiePath = '/api/auth';

export const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newRefreshToken = () => randomBytes(32).toString('base64url');

const refreshTtlMs = (app: FastifyInstance) => app.config.auth.refreshTokenTtlDays * 86_400_000;

const cookieOptions = (app: FastifyInstance) => ({
  path: refreshCookiePath,
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: app.config.isProduction,
});

// An answer that hands out a session (its access token too) is never stored by a browser or a cache.
export const setRefreshCookie = (app: FastifyInstance, reply: FastifyReply, token: string) =>
  reply.header('cache-control', 'no-store').setCookie(refreshCookieName, token, {
    ...cookieOptions(app),
    maxAge: Math.floor(refreshTtlMs(app) / 1000),
  });

export const clearRefreshCookie = (app: FastifyInstance, reply: FastifyReply) =>
  reply.clearCookie(refreshCookieName, cookieOptions(app));

/** The answer to a successful sign-in or refresh: a fresh access token and the user. */
export const sessionBody = async (app: FastifyInstance, user: UserRow, isNewUser: boolean): Promise<AuthSession> => {
  const { token, expiresAt } = await app.accessTokens.sign({ userId: user.id, role: user.role });
  return { accessToken: token, expiresAt: expiresAt.toISOString(), user: toMe(user), isNewUser };
};

/** Stores a new refresh-token family for `user` (inside the caller's transaction when given one). */
export const createRefreshFamily = async (app: FastifyInstance, db: Executor, user: UserRow) => {
  const refreshToken = newRefreshToken();
  await repository.insertSession(db, {
    userId: user.id,
    familyId: randomUUID(),
    tokenHash: hashRefreshToken(refreshToken),
    expiresAt: new Date(Date.now() + refreshTtlMs(app)),
  });
  return refreshToken;
};

/**
 * Signs `user` in: a new refresh-token family, the refresh cookie on `reply`, and the AuthSession
 * body to send (sign-up, login, and social sign-in all end here).
 */
export async function startSession(
  app: FastifyInstance,
  reply: FastifyReply,
  user: UserRow,
  opts: { isNewUser: boolean },
): Promise<AuthSession> {
  if (user.disabledAt) throw new AppError('unauthorized', authMessages.accountDisabled);
  const refreshToken = await createRefreshFamily(app, app.db, user);
  const body = await sessionBody(app, user, opts.isNewUser);
  setRefreshCookie(app, reply, refreshToken);
  return body;
}

const sessionEnded = () => new AppError('unauthorized', authMessages.sessionEnded);

/**
 * The token that replaces `presented` when it is rotated: a keyed hash of it, not a random value,
 * so a second request presenting the same token (another tab, a retry after a lost answer, on any
 * replica) can be given the same successor instead of being taken for theft.
 */
const successorOf = (app: FastifyInstance, presented: string) =>
  createHmac('sha256', app.accessTokens.refreshSuccessorKey).update(presented).digest('base64url');

const endFamilyForReuse = async (app: FastifyInstance, row: repository.SessionRow, why: string) => {
  await repository.revokeFamily(app.db, row.familyId);
  app.log.warn({ userId: row.userId, familyId: row.familyId }, `${why}: session family revoked`);
  return sessionEnded();
};

const liveUser = async (app: FastifyInstance, row: repository.SessionRow) => {
  const user = await findUserById(app.db, row.userId);
  if (!user || user.disabledAt) {
    await repository.revokeFamily(app.db, row.familyId);
    throw sessionEnded();
  }
  return user;
};

/**
 * A token that was already rotated, presented again. Within the grace window, while its successor
 * is still unused, it is the same person asking twice: answer the successor again. Otherwise it is
 * reuse — a stolen copy or a replay — and the whole family ends.
 */
const replayRotated = async (app: FastifyInstance, row: repository.SessionRow, presented: string) => {
  const graceMs = app.config.auth.refreshReuseGraceSeconds * 1000;
  const rotatedAt = row.rotatedAt?.getTime();
  if (!row.revokedAt && rotatedAt !== undefined && Date.now() - rotatedAt <= graceMs) {
    const refreshToken = successorOf(app, presented);
    const successor = await repository.findSessionByTokenHash(app.db, hashRefreshToken(refreshToken));
    const isLive =
      successor?.familyId === row.familyId &&
      !successor.rotatedAt &&
      !successor.revokedAt &&
      successor.expiresAt.getTime() > Date.now();
    if (isLive) return { user: await liveUser(app, row), refreshToken };
  }
  throw await endFamilyForReuse(app, row, 'refresh token reused');
};

/**
 * Exchanges a refresh token for a new one and a new access token. Throws 401 when the token is
 * unknown, expired, reused (the family is revoked) or its account is disabled.
 */
export const refreshSession = async (
  app: FastifyInstance,
  presented: string | undefined,
): Promise<{ user: UserRow; refreshToken: string }> => {
  if (!presented) throw sessionEnded();
  const tokenHash = hashRefreshToken(presented);
  const row = await repository.findSessionByTokenHash(app.db, tokenHash);
  if (!row) throw sessionEnded();
  if (row.rotatedAt || row.revokedAt) return replayRotated(app, row, presented);
  if (row.expiresAt.getTime() <= Date.now()) throw sessionEnded();
  const user = await liveUser(app, row);

  const refreshToken = successorOf(app, presented);
  const rotated = await app.db.transaction(async (tx) => {
    if (!(await repository.markRotated(tx, row.id))) return false;
    await repository.insertSession(tx, {
      userId: user.id,
      familyId: row.familyId,
      tokenHash: hashRefreshToken(refreshToken),
      expiresAt: new Date(Date.now() + refreshTtlMs(app)),
    });
    return true;
  });
  if (rotated) return { user, refreshToken };
  // Another request rotated this very token a moment ago; its successor is committed by now.
  const current = await repository.findSessionByTokenHash(app.db, tokenHash);
  if (!current) throw sessionEnded();
  return replayRotated(app, current, presented);
};

/** Logout: ends the family of the presented refresh token, if it names one. */
export const endSession = async (app: FastifyInstance, presented: string | undefined) => {
  if (!presented) return;
  const row = await repository.findSessionByTokenHash(app.db, hashRefreshToken(presented));
  if (row) await repository.revokeFamily(app.db, row.familyId);
};
