/**
 * Delivery addresses in the database. Removal is soft (orders point at the address they copied);
 * every read here is of live addresses only.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { addresses } from '../../db/schema.ts';

/** Any constant: the first key of the addresses' advisory locks. */
const addressLockSpace = 41_830_207;

/**
 * Serialises address changes of one person (a transaction-scoped advisory lock), so the limit of
 * live addresses holds when two adds race.
 */
export const lockOwnerAddresses = (tx: Executor, userId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(${addressLockSpace}::int, hashtext(${userId}))`);

const isLiveOf = (userId: string) => and(eq(addresses.userId, userId), isNull(addresses.removedAt));

export const addressColumns = {
  id: addresses.id,
  name: addresses.name,
  line1: addresses.line1,
  line2: addresses.line2,
  city: addresses.city,
  region: addresses.region,
  postalCode: addresses.postalCode,
  country: addresses.country,
  phone: addresses.phone,
  carrierAddressId: addresses.carrierAddressId,
  isShipFrom: addresses.isShipFrom,
  createdAt: addresses.createdAt,
};
export type AddressRow = Awaited<ReturnType<typeof listLive>>[number];

/** The person's live addresses, oldest first. */
export const listLive = (db: Executor, userId: string) =>
  db
    .select(addressColumns)
    .from(addresses)
    .where(isLiveOf(userId))
    .orderBy(asc(addresses.createdAt), asc(addresses.id));

export const countLive = async (db: Executor, userId: string) =>
  (
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(addresses)
      .where(isLiveOf(userId))
  )[0]!.n;

/** One of the person's live addresses; undefined for a removed one or anyone else's. */
export const findLive = async (db: Executor, userId: string, id: string) => {
  const [row] = await db
    .select(addressColumns)
    .from(addresses)
    .where(and(eq(addresses.id, id), isLiveOf(userId)))
    .limit(1);
  return row;
};

export type NewAddress = Omit<typeof addresses.$inferInsert, 'id' | 'createdAt' | 'removedAt' | 'isShipFrom'>;

export const insertAddress = async (tx: Executor, values: NewAddress) => {
  const [row] = await tx.insert(addresses).values(values).returning(addressColumns);
  return row!;
};

/** Changes one of the person's live addresses in place; undefined when there was none. */
export const updateAddress = async (tx: Executor, userId: string, id: string, values: Omit<NewAddress, 'userId'>) => {
  const [row] = await tx
    .update(addresses)
    .set(values)
    .where(and(eq(addresses.id, id), isLiveOf(userId)))
    .returning(addressColumns);
  return row;
};

/** Removes one of the person's live addresses (it stops being their ship-from one); false when there was none. */
export const removeAddress = async (tx: Executor, userId: string, id: string) =>
  (
    await tx
      .update(addresses)
      .set({ removedAt: sql`now()`, isShipFrom: false })
      .where(and(eq(addresses.id, id), isLiveOf(userId)))
      .returning({ id: addresses.id })
  ).length > 0;

/** Makes the live address the person's only ship-from address. */
export const setShipFrom = async (tx: Executor, userId: string, id: string) => {
  await tx
    .update(addresses)
    .set({ isShipFrom: false })
    .where(and(eq(addresses.userId, userId), eq(addresses.isShipFrom, true)));
  await tx
    .update(addresses)
    .set({ isShipFrom: true })
    .where(and(eq(addresses.id, id), isLiveOf(userId)));
};

/** The seller's ship-from address, if they chose one. */
export const findShipFrom = async (db: Executor, userId: string) => {
  const [row] = await db
    .select(addressColumns)
    .from(addresses)
    .where(and(isLiveOf(userId), eq(addresses.isShipFrom, true)))
    .limit(1);
  return row;
};
