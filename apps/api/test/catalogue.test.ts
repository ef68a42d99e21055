import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CategoryListSchema, ProductPageSchema } from '@recell/contract';
import { createTestApp, type TestApp } from './helpers.ts';
import { advertise, insertCategories, insertProduct, insertUser } from './fixtures.ts';

describe('catalogue: categories and the advertised grid', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await insertCategories(t.app.db);
  });
  afterAll(() => t.close());

  it('lists the three categories with the spec ids in order', async () => {
    const response = await t.app.inject('/api/categories');
    expect(response.statusCode).toBe(200);
    const { items } = CategoryListSchema.parse(response.json());
    expect(items.map((c) => [c.id, c.brand])).toEqual([
      ['1', 'Apple'],
      ['2', 'Xiaomi'],
      ['3', 'Samsung'],
    ]);
  });

  it('lists only advertised phones still for sale, newest advertisement first, without seller phones', async () => {
    const seller = await insertUser(t.app.db, { role: 'seller', name: 'Verified Vera', verified: true });
    const older = await insertProduct(t.app.db, seller.id, { name: 'Older ad' });
    const newer = await insertProduct(t.app.db, seller.id, { name: 'Newer ad', categoryId: '3', brand: 'Samsung' });
    const sold = await insertProduct(t.app.db, seller.id, { name: 'Sold ad', status: 'sold' });
    await insertProduct(t.app.db, seller.id, { name: 'Not advertised' });
    await advertise(t.app.db, older.id, new Date('2026-01-01T10:00:00Z'));
    await advertise(t.app.db, newer.id, new Date('2026-01-02T10:00:00Z'));
    await advertise(t.app.db, sold.id, new Date('2026-01-03T10:00:00Z'));

    const response = await t.app.inject('/api/advertised');
    expect(response.statusCode).toBe(200);
    const page = ProductPageSchema.parse(response.json());
    expect(page.items.map((p) => p.name)).toEqual(['Newer ad', 'Older ad']);
    expect(page.nextCursor).toBeNull();
    expect(page.items[0]).toMatchObject({
      isAdvertised: true,
      status: 'available',
      priceCents: 45_000,
      seller: { name: 'Verified Vera', isVerified: true },
    });
    expect(response.body).not.toContain('01700000000');
  });

  it('shows the seller badge from the seller’s current verification', async () => {
    const seller = await insertUser(t.app.db, { role: 'seller', name: 'Later Verified' });
    const product = await insertProduct(t.app.db, seller.id, { name: 'Badge check' });
    await advertise(t.app.db, product.id);
    const before = ProductPageSchema.parse((await t.app.inject('/api/advertised?limit=100')).json());
    expect(before.items.find((p) => p.id === product.id)?.seller.isVerified).toBe(false);
    const { users } = await import('../src/db/schema.ts');
    const { eq } = await import('drizzle-orm');
    await t.app.db.update(users).set({ verified: true }).where(eq(users.id, seller.id));
    const after = ProductPageSchema.parse((await t.app.inject('/api/advertised?limit=100')).json());
    expect(after.items.find((p) => p.id === product.id)?.seller.isVerified).toBe(true);
  });

  it('pages with a cursor: every advertised phone once, even when adverts are added between pages', async () => {
    const seller = await insertUser(t.app.db, { role: 'seller' });
    for (let i = 0; i < 7; i++) {
      const product = await insertProduct(t.app.db, seller.id, { name: `Paged ${i}` });
      await advertise(t.app.db, product.id);
    }
    const all = ProductPageSchema.parse((await t.app.inject('/api/advertised?limit=100')).json()).items;
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/advertised?limit=3${cursor ? `&cursor=${cursor}` : ''}`;
      const page = ProductPageSchema.parse((await t.app.inject(url)).json());
      seen.push(...page.items.map((p) => p.id));
      cursor = page.nextCursor;
      if (pages++ === 0) {
        // A new advert arrives after the first page: it is newer, so it must not shift later pages.
        const fresh = await insertProduct(t.app.db, seller.id, { name: 'Arrived mid-paging' });
        await advertise(t.app.db, fresh.id);
      }
    } while (cursor);
    expect(seen).toEqual(all.map((p) => p.id));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('refuses a forged cursor with 400', async () => {
    const response = await t.app.inject('/api/advertised?cursor=bm90LWEtY3Vyc29y');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('cursor');
  });
});
