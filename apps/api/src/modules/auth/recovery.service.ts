/**
 * Account recovery and email confirmation by emailed single-use links. A link's token is 32 random
 * bytes; only its SHA-256 is stored, so a database leak opens no account. A reset link works for
 * 30 minutes and ends every sign-in of the account; a confirmation link works for 24 hours.
 *
 * A reset request reveals nothing about the address: the answer is sent before the account is even
 * looked up (the lookup and the email are written after the answer), so it is the same text in the
 * same time whether or not an account exists.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { emailTexts, recoveryMessages, type AccountNotice, type ResetPassword } from '@recell/contract';
import type { Database, Executor } from '../../db/client.ts';
import { badRequest } from '../../errors.ts';
import { enqueueEmail } from '../mail/index.ts';
import * as users from '../users/index.ts';
import { hashPassword } from './password.ts';
import * as repository from './recovery.repository.ts';
import { revokeUserSessions } from './sessions.repository.ts';

export const resetTokenTtlMs = 30 * 60_000;
export const confirmationTokenTtlMs = 24 * 60 * 60_000;

export interface RecoveryDeps {
  db: Database;
  log: FastifyBaseLogger;
  /** The site's address; links in emails start with it. */
  publicUrl: string;
  /** Tells the app that committed emails wait in the outbox. */
  emailsQueued: () => void;
  /** Runs work after the answer has gone. */
  deferWork: (task: () => Promise<unknown>) => void;
  now: () => Date;
}

export const hashAccountToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

/** Stores a new link token for `user` and writes its email, inside the caller's transaction. */
const queueLinkEmail = async (
  tx: Executor,
  deps: Pick<RecoveryDeps, 'publicUrl' | 'now'>,
  user: Pick<users.UserRow, 'id' | 'email' | 'name'>,
  purpose: repository.AccountTokenPurpose,
) => {
  const token = newToken();
  const isReset = purpose === 'password_reset';
  await repository.insertAccountToken(tx, {
    userId: user.id,
    purpose,
    tokenHash: hashAccountToken(token),
    expiresAt: new Date(deps.now().getTime() + (isReset ? resetTokenTtlMs : confirmationTokenTtlMs)),
  });
  const link = `${deps.publicUrl}/${isReset ? 'reset-password' : 'confirm-email'}?token=${token}`;
  await enqueueEmail(tx, {
    to: user.email,
    kind: purpose,
    subject: isReset ? emailTexts.resetSubject : emailTexts.confirmSubject,
    text: isReset ? emailTexts.resetBody(user.name, link) : emailTexts.confirmBody(user.name, link),
  });
};

/** A new account's confirmation email, in the sign-up's own transaction (the caller calls `emailsQueued` after it commits). */
export const queueConfirmationEmail = (
  tx: Executor,
  deps: Pick<RecoveryDeps, 'publicUrl' | 'now'>,
  user: Pick<users.UserRow, 'id' | 'email' | 'name'>,
) => queueLinkEmail(tx, deps, user, 'email_confirmation');

/**
 * "Forgot password?": answers at once, then (after the answer) writes a reset link for the
 * account of `email`, if there is an active one. The caller has counted the request against the
 * per-IP and per-address limits already, for every address alike.
 */
export const requestPasswordReset = (deps: RecoveryDeps, email: string): AccountNotice => {
  deps.deferWork(async () => {
    const user = await users.findUserByEmail(deps.db, email);
    if (!user || user.disabledAt) return;
    await deps.db.transaction((tx) => queueLinkEmail(tx, deps, user, 'password_reset'));
    deps.emailsQueued();
  });
  return { message: recoveryMessages.resetRequested };
};

const resetLinkInvalid = () =>
  badRequest(recoveryMessages.resetLinkInvalid, { token: recoveryMessages.resetLinkInvalid });

/**
 * Sets a new password with a reset link: the link is used up, the account's other reset links end,
 * every sign-in ends (refresh tokens revoked, access tokens issued before now refused), and the
 * address counts as confirmed (the link reached it). The password is hashed before the
 * transaction, so no row stays locked meanwhile.
 */
export const resetPassword = async (deps: RecoveryDeps, input: ResetPassword): Promise<AccountNotice> => {
  const passwordHash = await hashPassword(input.password);
  const now = deps.now();
  const userId = await deps.db.transaction(async (tx) => {
    const id = await repository.useAccountToken(tx, {
      tokenHash: hashAccountToken(input.token),
      purpose: 'password_reset',
      now,
    });
    if (!id) return undefined;
    await repository.retireAccountTokens(tx, { userId: id, purpose: 'password_reset', now });
    await users.setPassword(tx, id, passwordHash, now);
    await users.confirmEmail(tx, id, now);
    const ended = await revokeUserSessions(tx, id);
    deps.log.info({ userId: id, endedSessions: ended }, 'password reset');
    return id;
  });
  if (!userId) throw resetLinkInvalid();
  return { message: recoveryMessages.passwordChanged };
};

/** Confirms the address a confirmation link was sent to. */
export const confirmEmail = async (deps: RecoveryDeps, token: string): Promise<AccountNotice> => {
  const now = deps.now();
  const userId = await deps.db.transaction(async (tx) => {
    const id = await repository.useAccountToken(tx, {
      tokenHash: hashAccountToken(token),
      purpose: 'email_confirmation',
      now,
    });
    if (id) await users.confirmEmail(tx, id, now);
    return id;
  });
  if (!userId) throw badRequest(recoveryMessages.confirmLinkInvalid, { token: recoveryMessages.confirmLinkInvalid });
  return { message: recoveryMessages.emailConfirmed };
};

/** A new confirmation link for the signed-in account (the caller has counted it against the limits). */
export const resendConfirmation = async (deps: RecoveryDeps, userId: string): Promise<AccountNotice> => {
  const user = await users.findUserById(deps.db, userId);
  if (!user || user.emailConfirmedAt) return { message: recoveryMessages.alreadyConfirmed };
  await deps.db.transaction((tx) => queueLinkEmail(tx, deps, user, 'email_confirmation'));
  deps.emailsQueued();
  return { message: recoveryMessages.confirmationSent };
};
