import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CategoryListSchema, ListedProductSchema, ProductPageSchema, ProductSchema } from '@recell/contract';
import { createTestApp, type TestApp } from './helpers.ts';
import { callerWithRole } from './support/accounts.ts';
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

  it('answers a list with what a card shows, and a listing’s own page with its texts too', async () => {
    const seller = await callerWithRole(t, 'seller');
    const phone = await insertProduct(t.app.db, seller.id, {
      name: 'Texts only on its page',
      description: 'Only on the listing’s own page.',
    });
    await advertise(t.app.db, phone.id);
    const listed = Object.keys(ListedProductSchema.shape).sort();
    for (const [url, headers] of [
      ['/api/advertised?limit=100', {}],
      ['/api/categories/1/products?limit=100', {}],
      ['/api/search?q=texts', {}],
      [`/api/sellers/${seller.id}/products`, {}],
      ['/api/me/products', seller.headers],
    ] as const) {
      const response = await t.app.inject({ url, headers });
      expect(response.statusCode, url).toBe(200);
      const item = (response.json() as { items: Record<string, unknown>[] }).items.find((each) => each.id === phone.id);
      expect(
        Object.keys(item ?? {})
          .filter((key) => key in ProductSchema.shape)
          .sort(),
        url,
      ).toEqual(listed);
      expect(response.body, url).not.toContain('Only on the listing’s own page.');
    }
    const own = ProductSchema.parse((await t.app.inject(`/api/products/${phone.id}`)).json());
    expect(own.description).toBe('Only on the listing’s own page.');
  });

  it('refuses a forged cursor with 400', async () => {
    const response = await t.app.inject('/api/advertised?cursor=bm90LWEtY3Vyc29y');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('cursor');
  });
});
