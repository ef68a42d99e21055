/**
 * Sessions: a sign-in starts a refresh-token family. The refresh token (32 random bytes) lives
 * only in an httpOnly, SameSite=Strict cookie scoped to /api/auth; the database keeps its SHA-256.
 * Every refresh rotates it. Presenting a rotated token again is reuse (a stolen copy, or a replay)
 * and ends the whole family, so the thief's and the owner's copies both die — except within a short
 * grace window while its successor is unused, when the same successor is answered again: two tabs
 * or a retry after a lost answer must not sign the person out.
 */
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { ImageStorage } from '../../adapters/storage/storage.ts';
import type { AccessTokens } from './tokens.ts';
import { authMessages, type AuthSession, type Role } from '@recell/contract';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { uuidPattern } from '../../lib/ids.ts';
import { findUserById, type UserRow, toMe } from '../users/index.ts';
import * as repository from './sessions.repository.ts';

/** What accounts and sessions work with (the routes build it once from the app: auth.deps.ts). */
export interface AuthDeps {
  db: Database;
  storage: ImageStorage;
  accessTokens: AccessTokens;
  log: FastifyBaseLogger;
  auth: Pick<Config['auth'], 'refreshTokenTtlDays' | 'refreshReuseGraceSeconds'>;
  /** Cookies are Secure in production. */
  isProduction: boolean;
  /** The site's address (links in emails). */
  publicUrl: string;
  /** Tells the app that committed emails wait in the outbox. */
  emailsQueued: () => void;
  now: () => Date;
}

export const refreshCookieName = 'recell_refresh';

export const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newRefreshToken = () => randomBytes(32).toString('base64url');

export const refreshTtlMs = (deps: AuthDeps) => deps.auth.refreshTokenTtlDays * 86_400_000;

/**
 * A sign-in, sign-up or refresh that succeeded: the answer's body (a fresh access token and the
 * user) and the refresh token the routes set as the cookie.
 */
export interface SignedIn {
  session: AuthSession;
  refreshToken: string;
  /** The sign-in's refresh-token family: the signed-in hint names it (session-cookies.ts). */
  familyId: string;
}

/** The answer to a successful sign-in or refresh: a fresh access token and the user. */
export const signedIn = async (
  deps: AuthDeps,
  user: UserRow,
  { refreshToken, familyId }: { refreshToken: string; familyId: string },
  isNewUser: boolean,
): Promise<SignedIn> => {
  const { token, expiresAt } = await deps.accessTokens.sign({ userId: user.id, role: user.role });
  return {
    session: { accessToken: token, expiresAt: expiresAt.toISOString(), user: toMe(user), isNewUser },
    refreshToken,
    familyId,
  };
};

/** Stores a new refresh-token family for `user` (inside the caller's transaction when given one). */
export const createRefreshFamily = async (deps: AuthDeps, db: Executor, user: UserRow) => {
  const refreshToken = newRefreshToken();
  const familyId = randomUUID();
  await repository.insertSession(db, {
    userId: user.id,
    familyId,
    tokenHash: hashRefreshToken(refreshToken),
    expiresAt: new Date(Date.now() + refreshTtlMs(deps)),
  });
  return { refreshToken, familyId };
};

/**
 * Signs `user` in: a new refresh-token family and the answer that carries it (login and social
 * sign-in end here; sign-up starts its family inside its own transaction).
 */
export async function startSession(deps: AuthDeps, user: UserRow, opts: { isNewUser: boolean }): Promise<SignedIn> {
  if (user.disabledAt) throw new AppError('unauthorized', authMessages.accountDisabled);
  return signedIn(deps, user, await createRefreshFamily(deps, deps.db, user), opts.isNewUser);
}

const sessionEnded = () => new AppError('unauthorized', authMessages.sessionEnded);

/**
 * The token that replaces `presented` when it is rotated: a keyed hash of it, not a random value,
 * so a second request presenting the same token (another tab, a retry after a lost answer, on any
 * replica) can be given the same successor instead of being taken for theft.
 */
const successorOf = (deps: AuthDeps, presented: string) =>
  createHmac('sha256', deps.accessTokens.refreshSuccessorKey).update(presented).digest('base64url');

const endFamilyForReuse = async (deps: AuthDeps, row: repository.SessionRow, why: string) => {
  await repository.revokeFamily(deps.db, row.familyId);
  deps.log.warn({ userId: row.userId, familyId: row.familyId }, `${why}: session family revoked`);
  return sessionEnded();
};

const liveUser = async (deps: AuthDeps, row: repository.SessionRow) => {
  const user = await findUserById(deps.db, row.userId);
  if (!user || user.disabledAt) {
    await repository.revokeFamily(deps.db, row.familyId);
    throw sessionEnded();
  }
  return user;
};

/**
 * A token that was already rotated, presented again. Within the grace window, while its successor
 * is still unused, it is the same person asking twice: answer the successor again. Otherwise it is
 * reuse — a stolen copy or a replay — and the whole family ends.
 */
const replayRotated = async (deps: AuthDeps, row: repository.SessionRow, presented: string) => {
  const graceMs = deps.auth.refreshReuseGraceSeconds * 1000;
  const rotatedAt = row.rotatedAt?.getTime();
  if (!row.revokedAt && rotatedAt !== undefined && Date.now() - rotatedAt <= graceMs) {
    const refreshToken = successorOf(deps, presented);
    const successor = await repository.findSessionByTokenHash(deps.db, hashRefreshToken(refreshToken));
    const isLive =
      successor?.familyId === row.familyId &&
      !successor.rotatedAt &&
      !successor.revokedAt &&
      successor.expiresAt.getTime() > Date.now();
    if (isLive) return { user: await liveUser(deps, row), refreshToken, familyId: row.familyId };
  }
  throw await endFamilyForReuse(deps, row, 'refresh token reused');
};

/**
 * Exchanges a refresh token for a new one and a new access token. Throws 401 when the token is
 * unknown, expired, reused (the family is revoked) or its account is disabled.
 */
export const refreshSession = async (deps: AuthDeps, presented: string | undefined): Promise<SignedIn> => {
  const { user, refreshToken, familyId } = await rotate(deps, presented);
  return signedIn(deps, user, { refreshToken, familyId }, false);
};

/** The live user of a presented refresh token and the token that replaces it. */
const rotate = async (
  deps: AuthDeps,
  presented: string | undefined,
): Promise<{ user: UserRow; refreshToken: string; familyId: string }> => {
  if (!presented) throw sessionEnded();
  const tokenHash = hashRefreshToken(presented);
  const row = await repository.findSessionByTokenHash(deps.db, tokenHash);
  if (!row) throw sessionEnded();
  if (row.rotatedAt || row.revokedAt) return replayRotated(deps, row, presented);
  if (row.expiresAt.getTime() <= Date.now()) throw sessionEnded();
  const user = await liveUser(deps, row);

  const refreshToken = successorOf(deps, presented);
  const rotated = await deps.db.transaction(async (tx) => {
    if (!(await repository.markRotated(tx, row.id))) return false;
    await repository.insertSession(tx, {
      userId: user.id,
      familyId: row.familyId,
      tokenHash: hashRefreshToken(refreshToken),
      expiresAt: new Date(Date.now() + refreshTtlMs(deps)),
    });
    return true;
  });
  if (rotated) return { user, refreshToken, familyId: row.familyId };
  // Another request rotated this very token a moment ago; its successor is committed by now.
  const current = await repository.findSessionByTokenHash(deps.db, tokenHash);
  if (!current) throw sessionEnded();
  return replayRotated(deps, current, presented);
};

/**
 * Whom a private page may be rendered for (decision 0078): the account of a refresh-token family
 * that is still signed in (not logged out, not ended for reuse, not expired, the account active),
 * or null. The page's own API calls then apply every rule to that account as usual.
 */
export const pageViewer = async (db: Executor, familyId: string): Promise<{ userId: string; role: Role } | null> => {
  if (!uuidPattern.test(familyId)) return null;
  return (await repository.findLiveFamilyUser(db, familyId)) ?? null;
};

/** Logout: ends the family of the presented refresh token, if it names one. */
export const endSession = async (deps: AuthDeps, presented: string | undefined) => {
  if (!presented) return;
  const row = await repository.findSessionByTokenHash(deps.db, hashRefreshToken(presented));
  if (row) await repository.revokeFamily(deps.db, row.familyId);
};
