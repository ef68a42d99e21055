/**
 * Sessions: a sign-in starts a refresh-token family. The refresh token (32 random bytes) lives
 * only in an httpOnly, SameSite=Strict cookie scoped to /api/auth; the database keeps its SHA-256.
 * Every refresh rotates it; presenting a token that was already rotated or revoked is reuse (a
 * stolen copy, or a replay) and ends the whole family, so the thief's and the owner's copies both die.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
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

export const setRefreshCookie = (app: FastifyInstance, reply: FastifyReply, token: string) =>
  reply.setCookie(refreshCookieName, token, {
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
 * Exchanges a refresh token for a new one and a new access token. Throws 401 when the token is
 * unknown, expired, already used (reuse: the family is revoked) or its account is disabled.
 */
export const refreshSession = async (
  app: FastifyInstance,
  presented: string | undefined,
): Promise<{ user: UserRow; refreshToken: string }> => {
  if (!presented) throw sessionEnded();
  const row = await repository.findSessionByTokenHash(app.db, hashRefreshToken(presented));
  if (!row) throw sessionEnded();
  if (row.rotatedAt || row.revokedAt) {
    await repository.revokeFamily(app.db, row.familyId);
    app.log.warn({ userId: row.userId, familyId: row.familyId }, 'refresh token reused: session family revoked');
    throw sessionEnded();
  }
  if (row.expiresAt.getTime() <= Date.now()) throw sessionEnded();
  const user = await findUserById(app.db, row.userId);
  if (!user || user.disabledAt) {
    await repository.revokeFamily(app.db, row.familyId);
    throw sessionEnded();
  }

  const refreshToken = newRefreshToken();
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
  if (!rotated) {
    // Another request used this very token a moment ago: the same token presented twice is reuse.
    await repository.revokeFamily(app.db, row.familyId);
    app.log.warn(
      { userId: row.userId, familyId: row.familyId },
      'refresh token used twice at once: session family revoked',
    );
    throw sessionEnded();
  }
  return { user, refreshToken };
};

/** Logout: ends the family of the presented refresh token, if it names one. */
export const endSession = async (app: FastifyInstance, presented: string | undefined) => {
  if (!presented) return;
  const row = await repository.findSessionByTokenHash(app.db, hashRefreshToken(presented));
  if (row) await repository.revokeFamily(app.db, row.familyId);
};
