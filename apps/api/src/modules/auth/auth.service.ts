/**
 * Email and password accounts: sign-up and login. Both end in `startSession` (sessions.service.ts).
 */
import { authMessages, messages, SignupFieldsSchema, type Login, type SignupFields } from '@recell/contract';
import { AppError, badRequest } from '../../errors.ts';
import type { AuthRateLimits } from '../../lib/rate-limit.ts';
import { recordUpload, storeImage } from '../uploads/index.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import * as users from '../users/index.ts';
import { hashPassword, needsRehash, verifyPassword } from './password.ts';
import { queueConfirmationEmail } from './recovery.service.ts';
import { createRefreshFamily, signedIn, startSession, type AuthDeps, type SignedIn } from './sessions.service.ts';

export interface SignupForm {
  /** The text fields as sent (first value of each name). */
  fields: Record<string, unknown>;
  /** The bytes of the `image` file; undefined when none (or an empty one) was sent. */
  image: Buffer | undefined;
}

const accountExists = () => new AppError('conflict', messages.accountExists, { email: messages.accountExists });

/** Every invalid field with its first message, in form order; the image is required too. */
const validateSignup = (form: SignupForm): SignupFields => {
  const parsed = SignupFieldsSchema.safeParse(form.fields);
  const fields: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '_');
      fields[key] ??= issue.message;
    }
  }
  if (!form.image) fields.image = messages.imageRequired;
  const first = Object.values(fields)[0];
  if (first !== undefined || !parsed.success) throw badRequest(first ?? messages.validationFailed, fields);
  return parsed.data;
};

/**
 * Creates a user (role user or seller, not verified) with their photo and signs them in. The
 * account check comes before the image is processed; the user row and its first session are
 * written in one transaction, so a failure at any step leaves no account behind.
 */
export const signup = async (deps: AuthDeps, form: SignupForm): Promise<SignedIn> => {
  const input = validateSignup(form);
  if (await users.findUserByEmail(deps.db, input.email)) throw accountExists();
  const image = await storeImage(deps.storage, form.image!);
  const passwordHash = await hashPassword(input.password);
  let created: { user: users.UserRow; family: { refreshToken: string; familyId: string } };
  try {
    created = await deps.db.transaction(async (tx) => {
      const user = await users.insertUser(tx, {
        name: input.name,
        email: input.email,
        passwordHash,
        role: input.role,
        imageUrl: image.url,
        emailConfirmedAt: null,
      });
      await recordUpload(tx, image.id, user.id);
      await queueConfirmationEmail(tx, deps, user);
      return { user, family: await createRefreshFamily(deps, tx, user) };
    });
  } catch (error) {
    // Two sign-ups with one email at the same moment: the unique index lets one through.
    if (isUniqueViolation(error)) throw accountExists();
    throw error;
  }
  deps.emailsQueued();
  return signedIn(deps, created.user, created.family, true);
};

/**
 * Checks an email and password, counting failures (not attempts, so nobody can lock the owner out
 * by guessing): per account from this IP (strict; a success here clears it), and per account from
 * all IPs (a ceiling for a guesser spread over many). The ceiling stops only IPs that have already
 * failed for the account; the owner signing in from elsewhere still gets in. Each count is taken
 * before the password is checked and given back on success, so parallel guesses cannot slip
 * through. An attempt the server could not judge (the database was away) counts as nothing. The
 * spec's messages tell an unknown email from a wrong password.
 */
export const login = async (
  deps: AuthDeps,
  limits: Pick<AuthRateLimits, 'loginFailuresPerAccountIp' | 'loginFailuresPerAccount'>,
  input: Login,
  ip: string,
): Promise<SignedIn> => {
  const accountIp = `${input.email} ${ip}`;
  const attemptsHere = await limits.loginFailuresPerAccountIp.consume(accountIp);
  // 1: this IP has not failed for the account in the window (attempts here are cleared on success).
  const isKnownToFail = attemptsHere > 1;
  if (isKnownToFail) await limits.loginFailuresPerAccount.consume(input.email);
  let user: users.UserRow;
  try {
    user = await checkPassword(deps, input);
  } catch (error) {
    if (error instanceof AppError) {
      if (!isKnownToFail) await limits.loginFailuresPerAccount.penalise(input.email);
    } else {
      // Not a verdict (the database was away): the attempt is no failure, its counts are given back.
      await limits.loginFailuresPerAccountIp.reward(accountIp);
      if (isKnownToFail) await limits.loginFailuresPerAccount.reward(input.email);
    }
    throw error;
  }
  await limits.loginFailuresPerAccountIp.reset(accountIp);
  if (isKnownToFail) await limits.loginFailuresPerAccount.reward(input.email);
  if (needsRehash(user.passwordHash!)) {
    await users.updateUser(deps.db, user.id, { passwordHash: await hashPassword(input.password) });
  }
  return startSession(deps, user, { isNewUser: false });
};

/** The account these credentials open, or the 401 that says why not. */
const checkPassword = async (deps: AuthDeps, input: Login): Promise<users.UserRow> => {
  const user = await users.findUserByEmail(deps.db, input.email);
  if (!user) throw new AppError('unauthorized', messages.userNotFound, { email: messages.userNotFound });
  if (!user.passwordHash) {
    const message = authMessages.socialOnlyAccount(
      (await users.listIdentityProviders(deps.db, user.id)).map((p) => (p === 'github' ? 'GitHub' : 'Google')),
    );
    throw new AppError('unauthorized', message, { email: message });
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw new AppError('unauthorized', messages.wrongPassword, { password: messages.wrongPassword });
  }
  if (user.disabledAt) {
    throw new AppError('unauthorized', authMessages.accountDisabled, { email: authMessages.accountDisabled });
  }
  return user;
};
