/**
 * Seeds an empty database on first start: the three categories (production), or the whole demo
 * catalogue (elsewhere). `resetAndSeed` wipes every table and the image storage first
 * (`npm run db:seed`).
 *
 * Pictures are rendered before the transaction (storage is not transactional; keys are content
 * hashes, so a re-render overwrites identical files), then every row goes in one transaction that
 * holds an advisory lock, so two API replicas starting together seed once.
 *
 * The demo's addresses are verified by the built-in test carrier, as the demo ships through it (with
 * EasyPost configured, its rates refuse their `adr_test_…` ids: add an address again to ship).
 *
 * Every paid demo order is paid as a buyer pays: an intent at the built-in test-mode processor,
 * confirmed with Stripe's test Visa and captured (in the seed's transaction: the processor keeps
 * its intents in this database). A refund, the reconcile job and the admins' screens then find
 * the demo's payments at the processor like any other. (With Stripe configured, the processor
 * does not know them: a refund of a demo order then ends as a refund that failed.)
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { eq, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { categoryBrands, categoryIds, type CategoryId } from '@recell/contract';
import type { Database, Executor } from '../client.ts';
import * as schema from '../schema.ts';
import { refreshSearchTerms } from '../search-terms.ts';
import {
  addresses,
  advertisements,
  categories,
  orders,
  payments,
  productPhotos,
  products,
  ratings,
  reports,
  users,
  wishlist,
} from '../schema.ts';
import type { ImageStorage } from '../../adapters/storage/storage.ts';
import { createTestCardProcessor, type TestCardProcessor } from '../../adapters/payments/test-processor.ts';
import { verifyTestAddress } from '../../adapters/shipping/test-addresses.ts';
import {
  renderAvatar,
  renderCategoryImage,
  renderListingImages,
  storeWebp,
  listingImageSize,
  listingSmallWidth,
  type Brand,
} from './art.ts';
import {
  demoAccounts,
  demoBookings,
  demoListings,
  demoPassword,
  demoPastSaleImei,
  demoPastSales,
  demoPhoneFacts,
  demoRatings,
  demoReports,
  demoWishlist,
  type DemoAccountKey,
} from './demo-catalogue.ts';

type SeedMode = 'demo' | 'categories';

export interface SeedOptions {
  db: Database;
  storage: ImageStorage;
  mode: SeedMode;
  /** Hashes the demo accounts' one password: the auth module's hasher, handed in by the caller. */
  hashPassword: (password: string) => Promise<string>;
  /** The moment the demo data is relative to (listing ages, order dates); now by default. */
  now?: Date;
  /**
   * Records a demo sale's money as a real sale does (its fee, the ledger's sale, the seller's share
   * held), in the seed's transaction: the payments module's, handed in by the caller.
   */
  recordSaleMoney?: (tx: Executor, sale: { orderId: string; sellerId: string; priceCents: number }) => Promise<void>;
}

interface SeedCounts {
  categories: number;
  accounts: number;
  listings: number;
  advertised: number;
  sold: number;
  /** Earlier sales for the fair-price guide (demoPastSales): sold phones with paid orders. */
  pastSales: number;
  /** Open (booked, unpaid) orders. */
  booked: number;
  wishlisted: number;
  /** Open reports. */
  reported: number;
  images: number;
}

export interface SeedResult {
  seeded: boolean;
  counts: SeedCounts;
}

const noCounts: SeedCounts = {
  categories: 0,
  accounts: 0,
  listings: 0,
  advertised: 0,
  sold: 0,
  pastSales: 0,
  booked: 0,
  wishlisted: 0,
  reported: 0,
  images: 0,
};

/** Any constant: the key of the advisory lock seeders take, so concurrent starts seed once. */
const seedLockKey = 7_305_215_501;

const brandKey: Record<CategoryId, Brand> = { '1': 'apple', '2': 'xiaomi', '3': 'samsung' };

/** Seeds only into an empty database (no categories yet); says whether it did. */
export async function seedDatabase(opts: SeedOptions): Promise<SeedResult> {
  if (!(await isEmpty(opts.db))) return { seeded: false, counts: noCounts };
  const assets = await prepareAssets(opts.storage, opts.mode, opts.hashPassword);
  const now = opts.now ?? new Date();
  const result = await opts.db.transaction(async (tx) => {
    // Replicas starting together wait here for the first one's seed, however long it takes.
    await tx.execute(sql`set local lock_timeout = 0`);
    await tx.execute(sql`select pg_advisory_xact_lock(${seedLockKey})`);
    if (!(await isEmpty(tx))) return { seeded: false, counts: noCounts };
    return { seeded: true, counts: await insertAll(tx, assets, now, opts.recordSaleMoney) };
  });
  // The search's vocabulary holds the demo's words from the start, not from the job's first run.
  if (result.seeded) await refreshSearchTerms(opts.db);
  return result;
}

/** Deletes every row of every table and every stored image, then seeds. Development and demos only. */
export async function resetAndSeed(opts: SeedOptions): Promise<SeedResult> {
  await opts.storage.clear?.();
  const assets = await prepareAssets(opts.storage, opts.mode, opts.hashPassword);
  const now = opts.now ?? new Date();
  const result = await opts.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${seedLockKey})`);
    await deleteAllRows(tx);
    return { seeded: true, counts: await insertAll(tx, assets, now, opts.recordSaleMoney) };
  });
  await refreshSearchTerms(opts.db);
  return result;
}

/** Empties every table of the schema in one statement (TRUNCATE … CASCADE handles the foreign keys). */
export async function deleteAllRows(db: Pick<Executor, 'execute'>): Promise<void> {
  const names = (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => sql.identifier(getTableName(table)));
  await db.execute(sql`truncate table ${sql.join(names, sql`, `)} cascade`);
}

const isEmpty = async (db: Pick<Executor, 'select'>) =>
  (await db.select({ id: categories.id }).from(categories).limit(1)).length === 0;

// ---------------------------------------------------------------------------------------------

interface Assets {
  mode: SeedMode;
  categoryImages: Record<CategoryId, string>;
  /** Each demo listing's photo URLs, the cover first. */
  listingImages: string[][];
  avatars: Partial<Record<DemoAccountKey, string>>;
  passwordHash: string | null;
  imageCount: number;
}

/** Runs `tasks` with at most `limit` in flight (sharp and argon2 share libuv's thread pool). */
const runLimited = async <T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> => {
  const results: T[] = new Array<T>(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next;
      next += 1;
      results[index] = await tasks[index]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
};

const prepareAssets = async (
  storage: ImageStorage,
  mode: SeedMode,
  hashPassword: SeedOptions['hashPassword'],
): Promise<Assets> => {
  const demo = mode === 'demo';
  // One hash for the one shared demo password, computed while the pictures render.
  const passwordHash = demo ? hashPassword(demoPassword) : Promise.resolve(null);
  let imageCount = 0;
  const store = async (bytes: Buffer, variants?: Record<number, Buffer>) => {
    const url = await storeWebp(storage, bytes, variants);
    imageCount += 1 + Object.keys(variants ?? {}).length;
    return url;
  };

  const categoryTasks = categoryIds.map((id) => async () => store(await renderCategoryImage(brandKey[id])));
  // Each photo of each listing: the cover is drawn with the listing's seed, later shots with others
  // (another backdrop and angle of the same phone).
  const shots = demo
    ? demoListings.flatMap((listing, index) =>
        Array.from({ length: listing.photos ?? 1 }, (_, shot) => ({ listing: index, seed: index + 1 + shot * 1000 })),
      )
    : [];
  const listingTasks = shots.map(({ listing, seed }) => async () => {
    const { large, small } = await renderListingImages(demoListings[listing]!.art, seed);
    // The 800 px copy an upload has beside it (uploads/images.service.ts): the same pixels here.
    return store(large, { [listingSmallWidth]: small, [listingImageSize]: large });
  });
  const avatarTasks = demo
    ? demoAccounts.map(
        ({ avatar }) =>
          async () =>
            store(await renderAvatar(avatar)),
      )
    : [];

  const limit = Math.max(1, os.availableParallelism());
  const urls = await runLimited<string>([...categoryTasks, ...listingTasks, ...avatarTasks], limit);
  const categoryUrls = urls.slice(0, categoryTasks.length);
  const listingUrls = urls.slice(categoryTasks.length, categoryTasks.length + listingTasks.length);
  const avatarUrls = urls.slice(categoryTasks.length + listingTasks.length);

  return {
    mode,
    categoryImages: Object.fromEntries(categoryIds.map((id, i) => [id, categoryUrls[i]!])) as Record<
      CategoryId,
      string
    >,
    listingImages: demoListings.map((_, index) => listingUrls.filter((__, shot) => shots[shot]!.listing === index)),
    avatars: Object.fromEntries(demoAccounts.map((account, i) => [account.key, avatarUrls[i]])),
    passwordHash: await passwordHash,
    imageCount,
  };
};

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - Math.round(days * 86_400_000));

/** Every demo payment is in US dollars, as every intent is (payments.sale.ts). */
const currency = 'usd';

/** Stripe's test Visa, valid for a few years from today (the processor checks the expiry against the clock). */
const demoCard = () => ({
  number: '4242 4242 4242 4242',
  expiry: `12/${String((new Date().getUTCFullYear() + 4) % 100).padStart(2, '0')}`,
  cvc: '123',
});

/**
 * Pays a demo order as its buyer would have: the test-mode processor's intent for the order's price,
 * confirmed with the card and captured. Then the order carries the intent's id (its transaction id,
 * as a recorded sale has it) and the payment is recorded. Returns the intent's id.
 */
const payDemoOrder = async (
  tx: Executor,
  processor: TestCardProcessor,
  order: { id: string; amountCents: number; paidAt: Date },
): Promise<string> => {
  const intent = await processor.createIntent({
    orderId: order.id,
    amountCents: order.amountCents,
    currency,
    idempotencyKey: `demo-order-${order.id}`,
  });
  await processor.confirm(intent.id, { ...demoCard(), clientSecret: intent.clientSecret! });
  const captured = await processor.capture(intent.id);
  await tx
    .update(orders)
    .set({ transactionId: captured.id, paymentIntentId: captured.id })
    .where(eq(orders.id, order.id));
  await tx.insert(payments).values({
    orderId: order.id,
    provider: processor.name,
    providerPaymentId: captured.id,
    amountCents: captured.amountCents,
    currency: captured.currency,
    cardLast4: captured.last4,
    status: 'succeeded',
    createdAt: order.paidAt,
  });
  return captured.id;
};

const insertAll = async (
  tx: Executor,
  assets: Assets,
  now: Date,
  recordSaleMoney: SeedOptions['recordSaleMoney'],
): Promise<SeedCounts> => {
  await tx.insert(categories).values(
    categoryIds.map((id, position) => ({
      id,
      brand: categoryBrands[id],
      imageUrl: assets.categoryImages[id],
      position,
    })),
  );
  if (assets.mode === 'categories') return { ...noCounts, categories: categoryIds.length, images: assets.imageCount };

  const accountIds = Object.fromEntries(demoAccounts.map((a) => [a.key, randomUUID()])) as Record<
    DemoAccountKey,
    string
  >;
  const accounts = Object.fromEntries(demoAccounts.map((a) => [a.key, a])) as Record<
    DemoAccountKey,
    (typeof demoAccounts)[number]
  >;
  await tx.insert(users).values(
    demoAccounts.map((a) => ({
      id: accountIds[a.key],
      name: a.name,
      email: a.email,
      passwordHash: assets.passwordHash,
      role: a.role,
      verified: a.verified,
      imageUrl: assets.avatars[a.key] ?? null,
      createdAt: daysBefore(now, a.joinedDaysAgo),
      // The demo accounts trade at once: their addresses count as confirmed.
      emailConfirmedAt: daysBefore(now, a.joinedDaysAgo),
    })),
  );

  // Each seller ships from an address, each buyer has one to ship to, as the test carrier corrects
  // them: a phone is shipped in the demo without anyone adding an address first.
  await tx.insert(addresses).values(
    demoAccounts.flatMap((a) => {
      if (!a.address) return [];
      const verification = verifyTestAddress({ name: a.name, line2: null, phone: a.phone, ...a.address });
      if (!verification.verified) throw new Error(`demo catalogue: ${a.email}'s address: ${verification.reason}`);
      return [
        {
          userId: accountIds[a.key],
          ...verification.address,
          isShipFrom: a.role === 'seller',
          createdAt: daysBefore(now, a.joinedDaysAgo),
        },
      ];
    }),
  );

  const rows = demoListings.map((listing, index) => {
    const createdAt = daysBefore(now, listing.listedDaysAgo);
    return {
      id: randomUUID(),
      sellerId: accountIds[listing.seller],
      categoryId: listing.categoryId,
      name: listing.name,
      brand: categoryBrands[listing.categoryId],
      model: listing.model,
      priceCents: listing.priceCents,
      originalPriceCents: listing.originalPriceCents,
      condition: listing.condition,
      used: listing.used,
      location: listing.location,
      authenticity: listing.authenticity,
      features: listing.features,
      description: listing.description,
      imageUrl: assets.listingImages[index]![0]!,
      sellerPhone: accounts[listing.seller].phone,
      ...demoPhoneFacts(listing, index),
      imeiChecked: true,
      status: listing.sold ? ('sold' as const) : ('available' as const),
      createdAt,
      updatedAt: listing.sold ? daysBefore(now, listing.sold.paidDaysAgo) : createdAt,
    };
  });
  await tx.insert(products).values(rows);
  await tx
    .insert(productPhotos)
    .values(
      rows.flatMap((row, index) =>
        assets.listingImages[index]!.map((imageUrl, position) => ({ productId: row.id, position, imageUrl })),
      ),
    );

  // Only phones still for sale are advertised: a sale removes the advertisement.
  const adverts = demoListings.flatMap((listing, index) =>
    listing.advertisedDaysAgo !== undefined && !listing.sold
      ? [{ productId: rows[index]!.id, createdAt: daysBefore(now, listing.advertisedDaysAgo) }]
      : [],
  );
  if (adverts.length > 0) await tx.insert(advertisements).values(adverts);

  // The processor's statements go in this transaction (it is the same database).
  const processor = createTestCardProcessor(tx);
  let sold = 0;
  for (const [index, listing] of demoListings.entries()) {
    if (!listing.sold) continue;
    const product = rows[index]!;
    const buyer = accounts[listing.sold.buyer];
    const paidAt = daysBefore(now, listing.sold.paidDaysAgo);
    const orderId = randomUUID();
    await tx.insert(orders).values({
      id: orderId,
      productId: product.id,
      buyerId: accountIds[buyer.key],
      phone: buyer.phone,
      location: buyer.city,
      priceCents: product.priceCents,
      status: 'paid',
      createdAt: daysBefore(now, listing.sold.bookedDaysAgo),
      paidAt,
      // Handed over yesterday: the buyer can confirm receipt or report a problem, and it completes on its own in six days.
      progress: 'handed_over',
      handedOverAt: daysBefore(now, Math.min(1, listing.sold.paidDaysAgo)),
    });
    await payDemoOrder(tx, processor, { id: orderId, amountCents: product.priceCents, paidAt });
    await recordSaleMoney?.(tx, { orderId, sellerId: product.sellerId, priceCents: product.priceCents });
    sold += 1;
  }

  // Earlier sales of two models, each like one of the listings (its model, storage, picture), sold
  // by new.seller@ to buyer2@: the fair-price guide's sales. (seller@'s My Products keeps its one
  // sold phone on its first page.)
  const pastBuyer = accounts.buyer2;
  const pastSeller = accounts.newSeller;
  const pastOrderIds = new Map<string, { orderId: string; paidDaysAgo: number }>();
  for (const [n, sale] of demoPastSales.entries()) {
    const index = demoListings.findIndex((listing) => listing.name === sale.like);
    const listing = demoListings[index];
    if (!listing) throw new Error(`demo catalogue: no listing named ${sale.like}`);
    const like = rows[index]!;
    const paidAt = daysBefore(now, sale.paidDaysAgo);
    const createdAt = daysBefore(now, sale.paidDaysAgo + 9);
    const productId = randomUUID();
    await tx.insert(products).values({
      ...like,
      id: productId,
      sellerId: accountIds[pastSeller.key],
      sellerPhone: pastSeller.phone,
      location: pastSeller.city,
      name: sale.name,
      colour: sale.name.slice(sale.name.indexOf('GB ') + 3),
      priceCents: sale.priceCents,
      condition: sale.condition,
      imei: demoPastSaleImei(n),
      status: 'sold',
      createdAt,
      updatedAt: paidAt,
    });
    await tx.insert(productPhotos).values({ productId, position: 0, imageUrl: like.imageUrl });
    const orderId = randomUUID();
    await tx.insert(orders).values({
      id: orderId,
      productId,
      buyerId: accountIds[pastBuyer.key],
      phone: pastBuyer.phone,
      location: pastBuyer.city,
      priceCents: sale.priceCents,
      status: 'paid',
      createdAt: daysBefore(now, sale.paidDaysAgo + 0.01),
      paidAt,
      // Earlier sales changed hands long ago: handed over the day after payment, completed two days later.
      progress: 'completed',
      handedOverAt: daysBefore(now, Math.max(0, sale.paidDaysAgo - 1)),
      completedAt: daysBefore(now, Math.max(0, sale.paidDaysAgo - 3)),
    });
    pastOrderIds.set(sale.name, { orderId, paidDaysAgo: sale.paidDaysAgo });
    await payDemoOrder(tx, processor, { id: orderId, amountCents: sale.priceCents, paidAt });
    await recordSaleMoney?.(tx, { orderId, sellerId: accountIds[pastSeller.key], priceCents: sale.priceCents });
  }

  // buyer2@'s ratings of those sales, with the seller's totals they add up to.
  if (demoRatings.length > 0) {
    await tx.insert(ratings).values(
      demoRatings.map((rating) => {
        const sale = pastOrderIds.get(rating.sale);
        if (!sale) throw new Error(`demo catalogue: no earlier sale named ${rating.sale}`);
        return {
          orderId: sale.orderId,
          sellerId: accountIds[pastSeller.key],
          buyerId: accountIds[pastBuyer.key],
          stars: rating.stars,
          comment: rating.comment,
          reply: rating.reply ?? null,
          repliedAt: rating.reply ? daysBefore(now, sale.paidDaysAgo - 4) : null,
          createdAt: daysBefore(now, sale.paidDaysAgo - 3),
        };
      }),
    );
    await tx
      .update(users)
      .set({
        ratingCount: demoRatings.length,
        ratingSum: demoRatings.reduce((sum, rating) => sum + rating.stars, 0),
      })
      .where(eq(users.id, accountIds[pastSeller.key]));
  }

  // The buyers' activity, on listings named in demo-catalogue.ts.
  const listingIds = new Map(demoListings.map((listing, index) => [listing.name, rows[index]!]));
  const listingNamed = (name: string) => {
    const row = listingIds.get(name);
    if (!row) throw new Error(`demo catalogue: no listing named ${name}`);
    return row;
  };
  for (const booking of demoBookings) {
    const product = listingNamed(booking.listing);
    const buyer = accounts[booking.buyer];
    await tx.insert(orders).values({
      productId: product.id,
      buyerId: accountIds[buyer.key],
      phone: buyer.phone,
      location: buyer.city,
      priceCents: product.priceCents,
      status: 'booked',
      createdAt: daysBefore(now, booking.bookedDaysAgo),
    });
  }
  if (demoWishlist.length > 0) {
    await tx.insert(wishlist).values(
      demoWishlist.map((item) => ({
        userId: accountIds[item.buyer],
        productId: listingNamed(item.listing).id,
        createdAt: daysBefore(now, item.addedDaysAgo),
      })),
    );
  }
  if (demoReports.length > 0) {
    await tx.insert(reports).values(
      demoReports.map((report) => ({
        productId: listingNamed(report.listing).id,
        reporterId: accountIds[report.reporter],
        reason: report.reason,
        text: report.text,
        createdAt: daysBefore(now, report.reportedDaysAgo),
      })),
    );
  }

  return {
    categories: categoryIds.length,
    accounts: demoAccounts.length,
    // Every products row: the demo listings and the earlier sales' phones.
    listings: rows.length + demoPastSales.length,
    advertised: adverts.length,
    sold,
    pastSales: demoPastSales.length,
    booked: demoBookings.length,
    wishlisted: demoWishlist.length,
    reported: demoReports.length,
    images: assets.imageCount,
  };
};
