/** The SQL of social sign-in: the user behind a provider identity, and new links. */
import { and, eq } from 'drizzle-orm';
import type { SocialProvider } from '@recell/contract';
import type { Executor } from '../../../db/client.ts';
import { identities, users } from '../../../db/schema.ts';

type UserRow = typeof users.$inferSelect;

export const findUserByIdentity = async (
  db: Executor,
  provider: SocialProvider,
  subject: string,
): Promise<UserRow | undefined> => {
  const [row] = await db
    .select({ user: users })
    .from(identities)
    .innerJoin(users, eq(users.id, identities.userId))
    .where(and(eq(identities.provider, provider), eq(identities.subject, subject)))
    .limit(1);
  return row?.user;
};

export const insertIdentity = async (
  db: Executor,
  values: { userId: string; provider: SocialProvider; subject: string },
): Promise<void> => {
  await db.insert(identities).values(values);
};
