/**
 * Social sign-in's rules (docs/decisions/0006-social-sign-in-and-account-linking.md):
 * 1. A known identity (provider, subject) signs in its user, whatever the email says today.
 * 2. Otherwise the provider must vouch for the email (Google `email_verified`, GitHub's verified
 *    primary email); without that we refuse: no account is created or linked on an unproven email.
 * 3. An account with that email gets the identity linked and is signed in (existing means login).
 * 4. Else a new account: role user, not verified, no password, no photo (docs/product.md, States and rules).
 * Disabled accounts are refused. Concurrent callbacks are safe: the database's unique keys decide,
 * and the loser of a race reads the winner's rows.
 */
import type { SocialSignInErrorCode } from '@recell/contract';
import type { Database } from '../../../db/client.ts';
import type { SocialProfile } from '../../../adapters/identity/identity-provider.ts';
import { isUniqueViolation } from '../../../db/unique-violation.ts';
import * as users from '../../users/index.ts';
import type { UserRow } from '../../users/index.ts';
import * as repository from './social.repository.ts';

/** A sign-in the rules refuse; /auth/complete shows the catalogue's text for `code`. */
export class SocialSignInRefused extends Error {
  constructor(readonly code: SocialSignInErrorCode) {
    super(code);
    this.name = 'SocialSignInRefused';
  }
}

export interface SocialSignIn {
  user: UserRow;
  isNewUser: boolean;
  /** True when this sign-in attached the identity to an account that already had the email. */
  isLinked: boolean;
}

const nameMaxLength = 80;
// Loose on purpose: the provider has already verified it; this only keeps junk out of the column.
const plausibleEmail = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/;

const displayName = (profile: SocialProfile, email: string) => {
  const name = profile.name?.replace(/\s+/g, ' ').trim() || email.split('@')[0] || email;
  return [...name].slice(0, nameMaxLength).join('');
};

const usable = (user: UserRow) => {
  if (user.disabledAt) throw new SocialSignInRefused('disabled');
  return user;
};

export const signInWithProfile = async (db: Database, profile: SocialProfile): Promise<SocialSignIn> => {
  // A unique violation means a concurrent request won the race; the next round reads its rows.
  for (let attempt = 1; ; attempt++) {
    try {
      return await resolve(db, profile);
    } catch (error) {
      if (attempt < 3 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
};

const resolve = async (db: Database, profile: SocialProfile): Promise<SocialSignIn> => {
  const known = await repository.findUserByIdentity(db, profile.provider, profile.subject);
  if (known) return { user: usable(known), isNewUser: false, isLinked: false };

  const email = profile.email?.trim().toLowerCase();
  if (!email || !profile.isEmailVerified || email.length > 254 || !plausibleEmail.test(email)) {
    throw new SocialSignInRefused('no_verified_email');
  }

  const existing = await users.findUserByEmail(db, email);
  if (existing) {
    usable(existing);
    await repository.insertIdentity(db, { userId: existing.id, provider: profile.provider, subject: profile.subject });
    // The provider has verified the address: a password account waiting for its link is confirmed too.
    if (!existing.emailConfirmedAt) await users.confirmEmail(db, existing.id, new Date());
    return { user: (await users.findUserById(db, existing.id)) ?? existing, isNewUser: false, isLinked: true };
  }

  const user = await db.transaction(async (tx) => {
    // A social-only account: no password, no photo (our CSP serves same-origin images only).
    const created = await users.insertUser(tx, {
      name: displayName(profile, email),
      email,
      passwordHash: null,
      role: 'user',
      imageUrl: null,
      // Only an address the provider has verified gets this far.
      emailConfirmedAt: new Date(),
    });
    await repository.insertIdentity(tx, { userId: created.id, provider: profile.provider, subject: profile.subject });
    return created;
  });
  return { user, isNewUser: true, isLinked: false };
};
