/**
 * The seller page: a seller's public profile (never the email, phone number or anything private)
 * and their phones for sale (sold and removed ones left out), paged; unknown, non-seller and
 * removed accounts are 404s.
 */
import { describe, expect, it } from 'vitest';
import { ProductPageSchema, sellerMessages, SellerProfileSchema } from '@recell/contract';
import { disableUser, insertProduct, insertUser } from './fixtures.ts';
import { expectError, unknownId, useTestApp } from './support/api.ts';

const notFound = { code: 'not_found', message: sellerMessages.sellerNotFound };

describe('seller page', () => {
  const t = useTestApp();

  const newSeller = (overrides: Parameters<typeof insertUser>[1] = {}) =>
    insertUser(t.app.db, {
      role: 'seller',
      name: 'Rana Phones',
      email: `rana-${Math.random().toString(36).slice(2)}@recell.test`,
      verified: true,
      imageUrl: '/uploads/avatars/rana.webp',
      passwordHash: 'scrypt$secret-hash',
      createdAt: new Date('2025-03-14T10:00:00Z'),
      ...overrides,
    });

  it('shows the public fields only: name, picture, verified mark, member since', async () => {
    const seller = await newSeller();
    const response = await t.app.inject({ url: `/api/sellers/${seller.id}` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      id: seller.id,
      name: 'Rana Phones',
      imageUrl: '/uploads/avatars/rana.webp',
      isVerified: true,
      memberSince: '2025-03-14T10:00:00.000Z',
      ratingAverage: null,
      ratingCount: 0,
    });
    SellerProfileSchema.parse(response.json());
    expect(response.body).not.toContain(seller.email);
    expect(response.body).not.toContain('secret-hash');
  });

  it('lists only the phones for sale, newest first, a page at a time, without the seller’s phone number', async () => {
    const seller = await newSeller();
    const other = await newSeller({ name: 'Someone Else' });
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 10, minutes));
    const first = await insertProduct(t.app.db, seller.id, {
      name: 'First',
      createdAt: at(1),
      sellerPhone: '5125550199',
    });
    const second = await insertProduct(t.app.db, seller.id, { name: 'Second', createdAt: at(2) });
    const third = await insertProduct(t.app.db, seller.id, { name: 'Third', createdAt: at(3) });
    await insertProduct(t.app.db, seller.id, { name: 'Sold', status: 'sold', createdAt: at(4) });
    await insertProduct(t.app.db, seller.id, { name: 'Removed', status: 'removed', createdAt: at(5) });
    await insertProduct(t.app.db, other.id, { name: 'Not theirs', createdAt: at(6) });

    const page1 = await t.app.inject({ url: `/api/sellers/${seller.id}/products?limit=2` });
    expect(page1.statusCode, page1.body).toBe(200);
    const one = ProductPageSchema.parse(page1.json());
    expect(one.items.map((p) => p.id)).toEqual([third.id, second.id]);
    expect(one.nextCursor).not.toBeNull();
    const page2 = await t.app.inject({
      url: `/api/sellers/${seller.id}/products?limit=2&cursor=${encodeURIComponent(one.nextCursor!)}`,
    });
    const two = ProductPageSchema.parse(page2.json());
    expect(two.items.map((p) => p.id)).toEqual([first.id]);
    expect(two.nextCursor).toBeNull();
    expect(page1.body + page2.body).not.toContain('5125550199');
    expect(two.items[0]!.seller).toMatchObject({ id: seller.id, name: 'Rana Phones', isVerified: true });
  });

  it('is a 404 for an unknown id, a malformed id, a buyer’s account and a removed seller', async () => {
    const buyer = await insertUser(t.app.db, { role: 'user' });
    const removed = await newSeller();
    await insertProduct(t.app.db, removed.id);
    await disableUser(t.app.db, removed.id);
    for (const id of [unknownId, 'not-an-id', buyer.id, removed.id]) {
      expectError(await t.app.inject({ url: `/api/sellers/${id}` }), 404, notFound);
      expectError(await t.app.inject({ url: `/api/sellers/${id}/products` }), 404, notFound);
    }
  });

  it('refuses a bad page size with a clear message', async () => {
    const seller = await newSeller();
    const response = await t.app.inject({ url: `/api/sellers/${seller.id}/products?limit=0` });
    expect(response.statusCode).toBe(400);
  });
});
