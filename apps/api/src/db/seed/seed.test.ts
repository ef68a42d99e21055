import { mkdtemp, readFile, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { imeiProblem } from '@recell/contract';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers.ts';
import { createDiskStorage, uploadsUrlPrefix } from '../../adapters/storage/disk-storage.ts';
import { verifyPassword, hashPassword } from '../../modules/auth/index.ts';
import { recordDemoSaleMoney } from '../../modules/payments/index.ts';
import {
  advertisements,
  categories,
  ledgerEntries,
  orders,
  sellerPayouts,
  payments,
  productPhotos,
  products,
  reports,
  testPaymentIntents,
  users,
  wishlist,
} from '../schema.ts';
import { createTestCardProcessor } from '../../adapters/payments/test-processor.ts';
import { deleteAllRows, resetAndSeed, seedDatabase, type SeedResult } from './seed.ts';
import { demoPassword, demoPastSales } from './demo-catalogue.ts';
import { runSeedCommand } from './command.ts';

const demoFee = { percent: 5, fixedCents: 0 };

const isWebp = (bytes: Buffer) =>
  bytes.subarray(0, 4).toString('ascii') === 'RIFF' && bytes.subarray(8, 12).toString('ascii') === 'WEBP';

describe('seeding the demo data', () => {
  let database: TestDatabase;
  let uploadsDir: string;
  let first: SeedResult;
  const fileOf = (url: string) => {
    expect(url.startsWith(uploadsUrlPrefix)).toBe(true);
    return path.join(uploadsDir, url.slice(uploadsUrlPrefix.length));
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    uploadsDir = await mkdtemp(path.join(os.tmpdir(), 'recell-seed-'));
    first = await seedDatabase({
      db: database.db,
      storage: createDiskStorage(uploadsDir),
      mode: 'demo',
      hashPassword,
      recordSaleMoney: (tx, sale) => recordDemoSaleMoney(tx, demoFee, sale),
    });
  });
  afterAll(async () => {
    await database?.destroy();
    if (uploadsDir) await rm(uploadsDir, { recursive: true, force: true });
  });

  it('records each demo sale’s money as a real sale: the fee frozen, the ledger balanced, the seller’s share held', async () => {
    const paid = await database.db.select().from(orders).where(eq(orders.status, 'paid'));
    expect(paid.length).toBeGreaterThan(0);
    for (const order of paid) {
      const fee = Math.floor((order.priceCents * 500 + 5000) / 10_000);
      expect(order.sellerFeeCents).toBe(fee);
      const entries = await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order.id));
      expect(entries.map((entry) => [entry.movement, entry.account, entry.amountCents]).sort()).toEqual(
        [
          ['sale', 'platform_fees', -fee],
          ['sale', 'processor_balance', order.priceCents],
          ['sale', 'seller_payable', -(order.priceCents - fee)],
        ].sort(),
      );
      const [share] = await database.db.select().from(sellerPayouts).where(eq(sellerPayouts.orderId, order.id));
      // Held: the demo sellers have no payout account yet; once they connect one, completed sales are sent.
      expect(share).toMatchObject({ status: 'held', amountCents: order.priceCents - fee });
    }
  });

  it('seeds the three categories with the spec ids and brands, in order', async () => {
    expect(first.seeded).toBe(true);
    const rows = await database.db.select().from(categories).orderBy(categories.position);
    expect(rows.map((c) => [c.id, c.brand])).toEqual([
      ['1', 'Apple'],
      ['2', 'Xiaomi'],
      ['3', 'Samsung'],
    ]);
  });

  it('seeds five accounts with their roles and verification, all with the demo password', async () => {
    const rows = await database.db.select().from(users);
    const byEmail = Object.fromEntries(rows.map((u) => [u.email, u]));
    expect(Object.keys(byEmail).sort()).toEqual([
      'admin@recell.test',
      'buyer2@recell.test',
      'buyer@recell.test',
      'new.seller@recell.test',
      'seller@recell.test',
    ]);
    expect(byEmail['admin@recell.test']).toMatchObject({ role: 'admin' });
    expect(byEmail['seller@recell.test']).toMatchObject({ role: 'seller', verified: true });
    expect(byEmail['new.seller@recell.test']).toMatchObject({ role: 'seller', verified: false });
    expect(byEmail['buyer@recell.test']).toMatchObject({ role: 'user', verified: false });
    expect(byEmail['buyer2@recell.test']).toMatchObject({ role: 'user', verified: false });
    for (const user of rows) {
      expect(user.name).toMatch(/^\S+ \S+/);
      expect(user.passwordHash).toMatch(/^\$argon2id\$/);
      expect(user.disabledAt).toBeNull();
    }
    // The one demo password is hashed once and shared.
    expect(new Set(rows.map((u) => u.passwordHash)).size).toBe(1);
    expect(await verifyPassword(rows[0]!.passwordHash!, demoPassword)).toBe(true);
    expect(await verifyPassword(rows[0]!.passwordHash!, 'wrong-password')).toBe(false);
  });

  it('seeds at least 30 believable listings across all three categories from both sellers', async () => {
    const rows = await database.db.select().from(products);
    const sellers = await database.db.select().from(users).where(eq(users.role, 'seller'));
    expect(rows.length).toBeGreaterThanOrEqual(30);
    expect(first.counts.listings).toBe(rows.length);
    expect(new Set(rows.map((p) => p.categoryId))).toEqual(new Set(['1', '2', '3']));
    expect(new Set(rows.map((p) => p.sellerId))).toEqual(new Set(sellers.map((s) => s.id)));
    const brands = { '1': 'Apple', '2': 'Xiaomi', '3': 'Samsung' } as Record<string, string>;
    for (const p of rows) {
      expect(p.brand).toBe(brands[p.categoryId]);
      expect(Number.isInteger(p.priceCents)).toBe(true);
      expect(p.priceCents).toBeGreaterThan(0);
      expect(p.priceCents).toBeLessThan(p.originalPriceCents);
      expect(['Excellent', 'Good', 'Fair']).toContain(p.condition);
      for (const field of [
        p.name,
        p.model,
        p.used,
        p.location,
        p.authenticity,
        p.features,
        p.description,
        p.sellerPhone,
      ]) {
        expect(field.length).toBeGreaterThan(0);
      }
      expect(p.createdAt.getTime()).toBeLessThan(Date.now());
    }
    expect(new Set(rows.map((p) => p.name)).size).toBe(rows.length);
    expect(new Set(rows.map((p) => p.location)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(rows.map((p) => p.condition)).size).toBe(3);
    const ages = rows.map((p) => p.createdAt.getTime());
    expect(Math.max(...ages) - Math.min(...ages)).toBeGreaterThan(14 * 86_400_000);
  });

  it('gives every demo phone its facts and a valid IMEI of its own, checked', async () => {
    const rows = await database.db.select().from(products);
    for (const p of rows) {
      expect(p.name).toContain(`${p.storageGb}GB ${p.colour}`);
      expect(p.networkLock).toBeTruthy();
      expect(imeiProblem(p.imei ?? '')).toBeUndefined();
      expect(p.imeiChecked).toBe(true);
    }
    expect(new Set(rows.map((p) => p.imei)).size).toBe(rows.length);
    expect(new Set(rows.map((p) => p.networkLock)).size).toBeGreaterThan(1);
    expect(rows.some((p) => p.batteryHealth === null)).toBe(true);
    expect(rows.filter((p) => p.batteryHealth !== null).length).toBeGreaterThan(rows.length / 2);
  });

  it('advertises at least six phones, all still for sale', async () => {
    const rows = await database.db
      .select({ status: products.status })
      .from(advertisements)
      .innerJoin(products, eq(products.id, advertisements.productId));
    expect(rows.length).toBeGreaterThanOrEqual(6);
    expect(rows.every((r) => r.status === 'available')).toBe(true);
  });

  it('has exactly one sold phone, with a buyer’s paid order and a matching payment', async () => {
    // Besides the earlier sales of the fair-price guide (below), bought by buyer2@.
    const pastSaleNames = new Set(demoPastSales.map((sale) => sale.name));
    const sold = (await database.db.select().from(products).where(eq(products.status, 'sold'))).filter(
      (p) => !pastSaleNames.has(p.name),
    );
    expect(sold).toHaveLength(1);
    const product = sold[0]!;
    const orderRows = await database.db
      .select({ order: orders, buyer: users })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.buyerId))
      .where(eq(orders.productId, product.id));
    expect(orderRows).toHaveLength(1);
    const { order, buyer } = orderRows[0]!;
    expect(buyer.role).toBe('user');
    expect(order).toMatchObject({ status: 'paid', priceCents: product.priceCents });
    expect(order.paidAt).toBeInstanceOf(Date);
    expect(order.transactionId).toMatch(/^pi_test_/);
    expect(order.paymentIntentId).toBe(order.transactionId);
    const paymentRows = await database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(paymentRows).toHaveLength(1);
    expect(paymentRows[0]).toMatchObject({
      orderId: order.id,
      provider: 'test',
      providerPaymentId: order.transactionId,
      amountCents: order.priceCents,
      currency: 'usd',
      status: 'succeeded',
    });
    expect(
      await database.db.select().from(advertisements).where(eq(advertisements.productId, product.id)),
    ).toHaveLength(0);
    expect(await database.db.select().from(orders).where(eq(orders.status, 'paid'))).toHaveLength(
      1 + demoPastSales.length,
    );
  });

  it('paid every paid demo order at the test-mode processor, as a buyer pays: captured, for its price', async () => {
    const processor = createTestCardProcessor(database.db);
    const paid = await database.db
      .select({ order: orders, payment: payments })
      .from(orders)
      .innerJoin(payments, eq(payments.orderId, orders.id))
      .where(eq(orders.status, 'paid'));
    expect(paid).toHaveLength(1 + demoPastSales.length);
    for (const { order, payment } of paid) {
      expect(payment).toMatchObject({ provider: 'test', providerPaymentId: order.transactionId, status: 'succeeded' });
      const intent = await processor.retrieve(order.transactionId!);
      expect(intent).toMatchObject({
        id: order.transactionId,
        orderId: order.id,
        status: 'succeeded',
        amountCents: order.priceCents,
        currency: 'usd',
        last4: '4242',
        isRefunded: false,
      });
    }
    // Nothing else is held at the processor: no intent without its recorded payment.
    expect(await database.db.select().from(testPaymentIntents)).toHaveLength(paid.length);
  });

  it('has enough recent paid sales of two models for the fair-price guide to use them', async () => {
    const paid = await database.db
      .select({ model: products.model, storageGb: products.storageGb, condition: products.condition, order: orders })
      .from(orders)
      .innerJoin(products, eq(products.id, orders.productId))
      .where(eq(orders.status, 'paid'));
    const recent = paid.filter((row) => row.order.paidAt!.getTime() > Date.now() - 180 * 86_400_000);
    const count = (key: string) =>
      recent.filter((row) => `${row.model} ${row.storageGb} ${row.condition}` === key).length;
    expect(count('iPhone 13 Pro 128 Excellent')).toBeGreaterThanOrEqual(5);
    expect(count('Galaxy S23 128 Excellent')).toBeGreaterThanOrEqual(5);
    expect(await database.db.select().from(payments)).toHaveLength(1 + demoPastSales.length);
  });

  it('gives the demo buyers something in progress: an open order, a wishlist and an open report', async () => {
    const emails = Object.fromEntries(
      (await database.db.select({ id: users.id, email: users.email }).from(users)).map((u) => [u.email, u.id]),
    );
    const productRows = await database.db.select().from(products);
    const productOf = (id: string) => productRows.find((p) => p.id === id)!;
    const advertised = new Set(
      (await database.db.select({ id: advertisements.productId }).from(advertisements)).map((a) => a.id),
    );

    // One booked, unpaid order by buyer@ on a phone still for sale and not advertised, at its price.
    const open = await database.db.select().from(orders).where(eq(orders.status, 'booked'));
    expect(open).toHaveLength(1);
    const [booking] = open;
    const booked = productOf(booking!.productId);
    expect(booking).toMatchObject({
      buyerId: emails['buyer@recell.test'],
      priceCents: booked.priceCents,
      transactionId: null,
      paidAt: null,
    });
    expect(booking!.phone).toMatch(/^\d{10}$/);
    expect(booking!.location.length).toBeGreaterThan(0);
    expect(booked.status).toBe('available');
    expect(advertised.has(booked.id)).toBe(false);
    expect(booking!.createdAt.getTime()).toBeGreaterThan(booked.createdAt.getTime());
    expect(booking!.createdAt.getTime()).toBeLessThan(Date.now());
    // Its phone belongs to seller@, whose My Sales then shows it beside the sold phone.
    expect(booked.sellerId).toBe(emails['seller@recell.test']);
    expect(await database.db.select().from(orders)).toHaveLength(2 + demoPastSales.length);

    // Two phones for sale in buyer@'s wishlist, none of them advertised (the home hearts stay empty).
    const items = await database.db.select().from(wishlist);
    expect(items).toHaveLength(2);
    for (const item of items) {
      expect(item.userId).toBe(emails['buyer@recell.test']);
      expect(productOf(item.productId).status).toBe('available');
      expect(advertised.has(item.productId)).toBe(false);
      expect(item.createdAt.getTime()).toBeGreaterThan(productOf(item.productId).createdAt.getTime());
    }
    expect(new Set(items.map((i) => i.productId)).size).toBe(2);

    // One open report by buyer2@ on another phone for sale.
    const openReports = await database.db.select().from(reports);
    expect(openReports).toHaveLength(1);
    const [report] = openReports;
    expect(report).toMatchObject({
      reporterId: emails['buyer2@recell.test'],
      reason: 'wrong_description',
      resolvedAt: null,
      resolution: null,
    });
    expect(report!.text.length).toBeGreaterThan(40);
    expect(report!.productId).not.toBe(booking!.productId);
    expect(productOf(report!.productId).status).toBe('available');
    expect(advertised.has(report!.productId)).toBe(false);
    expect(first.counts).toMatchObject({ booked: 1, wishlisted: 2, reported: 1 });
  });

  it('stores every picture as a small WebP under its content hash, with 400 and 800 px copies of each listing picture', async () => {
    const categoryRows = await database.db.select().from(categories);
    const productRows = await database.db.select().from(products);
    const userRows = await database.db.select().from(users);
    const check = async (url: string, width: number, height: number) => {
      expect(url).toMatch(/^\/uploads\/([0-9a-f]{2})\/\1[0-9a-f]{62}(-400|-800)?\.webp$/);
      const bytes = await readFile(fileOf(url));
      expect(isWebp(bytes)).toBe(true);
      expect(bytes.length).toBeLessThan(40_000);
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, height]);
    };
    for (const c of categoryRows) await check(c.imageUrl, 600, 400);
    for (const p of productRows) {
      await check(p.imageUrl, 800, 800);
      await check(p.imageUrl.replace(/\.webp$/, '-400.webp'), 400, 400);
      await check(p.imageUrl.replace(/\.webp$/, '-800.webp'), 800, 800);
    }
    for (const u of userRows) await check(u.imageUrl!, 256, 256);
    // One cover per demo listing; an earlier sale shows the picture of the listing it is like.
    expect(new Set(productRows.map((p) => p.imageUrl)).size).toBe(productRows.length - demoPastSales.length);
    // Every listing has its photos in order, the cover first; a few demo phones have 3 or 4.
    const photoRows = await database.db
      .select()
      .from(productPhotos)
      .orderBy(asc(productPhotos.productId), asc(productPhotos.position));
    for (const p of productRows) {
      const photos = photoRows.filter((row) => row.productId === p.id);
      expect(photos.map((row) => row.position)).toEqual(photos.map((_, position) => position));
      expect(photos[0]!.imageUrl).toBe(p.imageUrl);
    }
    for (const row of photoRows) await check(row.imageUrl, 800, 800);
    const counts = productRows.map((p) => photoRows.filter((row) => row.productId === p.id).length);
    expect(counts.filter((n) => n >= 3).length).toBeGreaterThanOrEqual(3);
    const pictures = new Set(photoRows.map((row) => row.imageUrl)).size;
    expect(pictures).toBe(photoRows.length - demoPastSales.length);
    // Each listing picture with its 400 and 800 px copies.
    expect(first.counts.images).toBe(categoryRows.length + pictures * 3 + userRows.length);
  });

  it('does nothing when the database already has data', async () => {
    const again = await seedDatabase({
      db: database.db,
      storage: createDiskStorage(uploadsDir),
      mode: 'demo',
      hashPassword,
    });
    expect(again.seeded).toBe(false);
    expect(await database.db.select().from(categories)).toHaveLength(3);
    expect(await database.db.select().from(users)).toHaveLength(5);
    expect(await database.db.select().from(products)).toHaveLength(first.counts.listings);
  });

  it('resetAndSeed wipes every row and image, then seeds afresh', async () => {
    await database.db.insert(users).values({ name: 'Stray Person', email: 'stray@recell.test' });
    await mkdir(path.join(uploadsDir, 'zz'), { recursive: true });
    await writeFile(path.join(uploadsDir, 'zz', 'stray.webp'), 'not an image');
    const result = await resetAndSeed({
      db: database.db,
      storage: createDiskStorage(uploadsDir),
      mode: 'demo',
      hashPassword,
    });
    expect(result.seeded).toBe(true);
    expect(result.counts).toEqual(first.counts);
    expect(await database.db.select().from(users).where(eq(users.email, 'stray@recell.test'))).toHaveLength(0);
    expect(await database.db.select().from(users)).toHaveLength(5);
    expect(await database.db.select().from(payments)).toHaveLength(1 + demoPastSales.length);
    expect(await database.db.select().from(orders)).toHaveLength(2 + demoPastSales.length);
    expect(await database.db.select().from(wishlist)).toHaveLength(2);
    expect(await database.db.select().from(reports)).toHaveLength(1);
    expect((await readdir(uploadsDir)).includes('zz')).toBe(false);
  });

  it('categories mode seeds only the categories, once even when two servers start together', async () => {
    await deleteAllRows(database.db);
    const storage = createDiskStorage(uploadsDir);
    const results = await Promise.all([
      seedDatabase({ db: database.db, storage, mode: 'categories', hashPassword }),
      seedDatabase({ db: database.db, storage, mode: 'categories', hashPassword }),
    ]);
    expect(results.map((r) => r.seeded).sort()).toEqual([false, true]);
    const result = results.find((r) => r.seeded)!;
    expect(result).toMatchObject({ seeded: true, counts: { categories: 3, accounts: 0, listings: 0, images: 3 } });
    const rows = await database.db.select().from(categories).orderBy(categories.position);
    expect(rows.map((c) => c.id)).toEqual(['1', '2', '3']);
    for (const c of rows) expect(isWebp(await readFile(fileOf(c.imageUrl)))).toBe(true);
    expect(await database.db.select().from(users)).toHaveLength(0);
    expect(await database.db.select().from(products)).toHaveLength(0);
    expect(
      (await seedDatabase({ db: database.db, storage: createDiskStorage(uploadsDir), mode: 'demo', hashPassword }))
        .seeded,
    ).toBe(false);
  });
});

describe('npm run db:seed', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'recell-seed-cmd-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const capture = () => {
    const lines: string[] = [];
    return { lines, out: { log: (s: string) => lines.push(s), error: (s: string) => lines.push(s) } };
  };

  it('refuses to wipe a production database, without opening it', async () => {
    const { lines, out } = capture();
    const uploadsDir = path.join(dir, 'prod-uploads');
    let opened = false;
    const code = await runSeedCommand(
      { nodeEnv: 'production', databaseUrl: undefined, pgliteDir: path.join(dir, 'prod-db'), uploadsDir },
      {
        hashPassword,
        out,
        open: () => {
          opened = true;
          return createTestDatabase();
        },
      },
    );
    expect(code).toBe(1);
    expect(opened).toBe(false);
    expect(lines.join('\n')).toMatch(/Refusing to seed: NODE_ENV is production/);
    await expect(readdir(uploadsDir)).rejects.toThrow();
  });

  it('migrates, wipes, seeds the demo data and prints the accounts', async () => {
    const { lines, out } = capture();
    const uploadsDir = path.join(dir, 'uploads');
    const database = await createTestDatabase();
    try {
      await database.db.insert(users).values({ name: 'Stray Person', email: 'stray@recell.test' });
      const code = await runSeedCommand(
        { nodeEnv: 'development', databaseUrl: undefined, pgliteDir: 'memory://', uploadsDir },
        { hashPassword, out, open: async () => ({ ...database, close: async () => {} }) },
      );
      expect(code).toBe(0);
      const text = lines.join('\n');
      expect(text).toMatch(/3 categories, 5 accounts, \d+ listings \(\d+ advertised, 1 sold\)/);
      expect(text).toContain('1 open order, 2 wishlisted phones, 1 open report');
      expect(text).toContain('recell-demo');
      expect(text).toContain('seller@recell.test');
      expect(await database.db.select().from(users)).toHaveLength(5);
      expect((await readdir(uploadsDir)).length).toBeGreaterThan(10);
    } finally {
      await database.destroy();
    }
  });
});
