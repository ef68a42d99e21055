import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { literalLimit, prepared } from '../../db/prepared-statements.ts';
import { identities, users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = Pick<typeof users.$inferInsert, 'name' | 'email' | 'passwordHash' | 'role' | 'imageUrl'> & {
  /** Said by every caller: null for a sign-up (a link confirms it), a time when the address is known good. */
  emailConfirmedAt: Date | null;
};

export const findUserById = async (db: Executor, id: string): Promise<UserRow | undefined> => {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
};

/**
 * The account an access token names, as the sign-in check of every request reads it (no password
 * hash): a prepared statement, built once per process and planned once per connection.
 */
export const findCallerById = async (db: Database, id: string) => {
  const [caller] = await prepared(db, 'users_caller_by_id', () =>
    db
      .select({
        id: users.id,
        role: users.role,
        email: users.email,
        name: users.name,
        verified: users.verified,
        imageUrl: users.imageUrl,
        disabledAt: users.disabledAt,
        emailConfirmedAt: users.emailConfirmedAt,
        sessionsValidAfter: users.sessionsValidAfter,
      })
      .from(users)
      .where(eq(users.id, sql.placeholder('id') as unknown as string))
      .limit(literalLimit(1))
      .prepare('users_caller_by_id'),
  ).execute({ id });
  return caller;
};

/** Emails are one account whatever their case (the unique index is on lower(email)). */
export const findUserByEmail = async (db: Executor, email: string): Promise<UserRow | undefined> => {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return user;
};

export const insertUser = async (db: Executor, values: NewUser): Promise<UserRow> => {
  const [user] = await db.insert(users).values(values).returning();
  return user!;
};

export const updateUser = async (
  db: Executor,
  id: string,
  values: Partial<Pick<typeof users.$inferInsert, 'name' | 'imageUrl' | 'passwordHash' | 'role' | 'disabledAt'>>,
): Promise<UserRow | undefined> => {
  const [user] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return user;
};

/** The social providers an account is linked to, e.g. to tell a social-only account how to log in. */
export const listIdentityProviders = async (db: Executor, userId: string) =>
  (await db.select({ provider: identities.provider }).from(identities).where(eq(identities.userId, userId))).map(
    (row) => row.provider,
  );

/** An admin removes the account: it is signed out on its next call and can no longer sign in. */
export const disableUser = async (tx: Executor, id: string): Promise<void> => {
  await tx
    .update(users)
    .set({ disabledAt: sql`now()` })
    .where(eq(users.id, id));
};

/** An admin verifies a seller: the badge shows on their cards from the next read. */
export const markSellerVerified = async (tx: Executor, id: string): Promise<void> => {
  await tx.update(users).set({ verified: true }).where(eq(users.id, id));
};

/** A new password: every access token issued before `now` is refused from now on. */
export const setPassword = async (db: Executor, userId: string, passwordHash: string, now: Date): Promise<void> => {
  await db.update(users).set({ passwordHash, sessionsValidAfter: now }).where(eq(users.id, userId));
};

/** Marks the email confirmed (once: a later confirmation keeps the first time). */
export const confirmEmail = async (db: Executor, userId: string, now: Date): Promise<void> => {
  await db
    .update(users)
    .set({ emailConfirmedAt: now })
    .where(and(eq(users.id, userId), isNull(users.emailConfirmedAt)));
};

/**
 * Adds a rating to, or takes it out of (`sign` -1), the seller's running totals (docs/decisions/0044),
 * in the caller's transaction. One UPDATE of `x = x + …`: PostgreSQL applies two concurrent ones one
 * after the other on the newest row, so both count.
 */
export const addToRatingTotals = async (tx: Executor, sellerId: string, stars: number, sign: 1 | -1 = 1) => {
  await tx
    .update(users)
    .set({ ratingCount: sql`${users.ratingCount} + ${sign}`, ratingSum: sql`${users.ratingSum} + ${sign * stars}` })
    .where(eq(users.id, sellerId));
};
