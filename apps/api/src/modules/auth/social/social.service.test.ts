import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { identities, users } from '../../../db/schema.ts';
import type { SocialProfile } from '../../../adapters/identity/identity-provider.ts';
import { createTestDatabase, type TestDatabase } from '../../../../test/helpers.ts';
import { insertUser } from '../../../../test/fixtures.ts';
import { signInWithProfile, SocialSignInRefused } from './social.service.ts';

const profile = (overrides: Partial<SocialProfile> = {}): SocialProfile => ({
  provider: 'google',
  subject: 'sub-1',
  email: 'Person@Example.test',
  isEmailVerified: true,
  name: 'A Person',
  picture: 'https://lh3.example/photo.jpg',
  ...overrides,
});

describe('social sign-in rules', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.destroy());

  it('creates one account and one identity when the same first sign-in arrives many times at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, () => signInWithProfile(database.db, profile({ subject: 'race' }))),
    );
    expect(results.filter((r) => r.isNewUser)).toHaveLength(1);
    expect(new Set(results.map((r) => r.user.id)).size).toBe(1);
    const rows = await database.db.select().from(users).where(eq(users.email, 'person@example.test'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'A Person',
      role: 'user',
      verified: false,
      imageUrl: null,
      passwordHash: null,
    });
    expect(await database.db.select().from(identities).where(eq(identities.subject, 'race'))).toHaveLength(1);
  });

  it('links a second provider to the same person by verified email', async () => {
    const result = await signInWithProfile(
      database.db,
      profile({ provider: 'github', subject: '12345', email: 'PERSON@example.test', name: 'octo' }),
    );
    expect(result).toMatchObject({ isNewUser: false, isLinked: true });
    expect(await database.db.select().from(identities).where(eq(identities.userId, result.user.id))).toHaveLength(2);
  });

  it('keeps a long or empty name within bounds', async () => {
    const long = await signInWithProfile(
      database.db,
      profile({ subject: 'long', email: 'long@example.test', name: 'é'.repeat(200) }),
    );
    expect(long.user.name).toBe('é'.repeat(80));
    const unnamed = await signInWithProfile(
      database.db,
      profile({ subject: 'unnamed', email: 'no.name@example.test', name: '  ' }),
    );
    expect(unnamed.user.name).toBe('no.name');
  });

  it('refuses an unverified, missing or malformed email, and a disabled account', async () => {
    for (const bad of [
      profile({ subject: 'u1', isEmailVerified: false, email: 'fresh@example.test' }),
      profile({ subject: 'u2', email: null, isEmailVerified: false }),
      profile({ subject: 'u3', email: 'not an email' }),
    ]) {
      await expect(signInWithProfile(database.db, bad)).rejects.toBeInstanceOf(SocialSignInRefused);
    }
    expect(await database.db.select().from(users).where(eq(users.email, 'fresh@example.test'))).toHaveLength(0);

    await insertUser(database.db, { email: 'gone@example.test', disabledAt: new Date() });
    await expect(
      signInWithProfile(database.db, profile({ subject: 'gone', email: 'gone@example.test' })),
    ).rejects.toThrow(/disabled/);
    expect(await database.db.select().from(identities).where(eq(identities.subject, 'gone'))).toHaveLength(0);
  });
});
