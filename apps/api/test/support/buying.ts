/**
 * Helpers for tests of buying (orders, wishlist, reports) and of what builds on it (payments,
 * moderation). Everything goes through the real API or straight into the database, so a test says
 * exactly what exists:
 *
 *   const t = useTestApp();                                 // support/api.ts
 *   const cast = useCast(t);                                // seller, otherSeller, buyer, otherBuyer, admin
 *   const phone = await listPhone(t, cast.seller);          // an available phone, $450.00 (a database row)
 *   const order = await bookPhone(t, cast.buyer, phone.id); // POST /api/orders as the buyer → the Order (201 or throws)
 *   await sellDirectly(t, phone.id, cast.otherBuyer);       // the phone sold to someone else (database only)
 *
 * Callers carry ready-made `headers` (a real access token); pass `null` for an anonymous request.
 */
import { eq } from 'drizzle-orm';
import { OrderSchema, type Order } from '@recell/contract';
import { advertisements, products } from '../../src/db/schema.ts';
import { insertOrder, insertProduct, paidNow, productRow } from '../fixtures.ts';
import type { TestApp } from '../helpers.ts';
import { headersOf, type Caller } from './accounts.ts';

/** The seller's phone number on phones from `listPhone` (unless overridden): never in public answers. */
export const sellerPhoneOfListedPhones = '5125550147';

/**
 * A phone of `seller` straight in the database: available, $450.00 unless `overrides` say otherwise
 * (e.g. `{ status: 'sold' }`, `{ priceCents: 1234 }`, `{ name: 'Pixel' }`).
 */
export const listPhone = (
  t: TestApp,
  seller: Pick<Caller, 'id'>,
  overrides: Parameters<typeof insertProduct>[2] = {},
) => insertProduct(t.app.db, seller.id, { sellerPhone: sellerPhoneOfListedPhones, ...overrides });

/** The booking modal's form for `productId` as a buyer fills it in. */
export const bookingFor = (productId: string, overrides: Record<string, unknown> = {}) => ({
  productId,
  phone: '312-555-0126',
  location: 'Chicago, IL',
  ...overrides,
});

/** POST /api/orders as `caller` with this body; the raw response. */
export const postBooking = (t: TestApp, caller: Caller | null, body: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/orders', headers: headersOf(caller), payload: body as object });

/** Books `productId` for `buyer` through the API and returns the order; throws unless it is created. */
export const bookPhone = async (
  t: TestApp,
  buyer: Caller,
  productId: string,
  overrides: Record<string, unknown> = {},
): Promise<Order> => {
  const response = await postBooking(t, buyer, bookingFor(productId, overrides));
  if (response.statusCode !== 201) throw new Error(`booking failed: ${response.statusCode} ${response.body}`);
  return OrderSchema.parse(response.json());
};

/**
 * The phone sold to `buyer` as the sale leaves it, written straight to the database: a paid order
 * with a transaction id, the phone 'sold', its advertisement gone. No payment row (payments own those).
 */
export const sellDirectly = async (t: TestApp, productId: string, buyer: Pick<Caller, 'id'>) => {
  const product = await productRow(t.app.db, productId);
  if (!product) throw new Error(`no phone ${productId}`);
  const order = await insertOrder(t.app.db, {
    productId,
    buyerId: buyer.id,
    priceCents: product.priceCents,
    ...paidNow(),
  });
  await t.app.db.update(products).set({ status: 'sold', updatedAt: new Date() }).where(eq(products.id, productId));
  await t.app.db.delete(advertisements).where(eq(advertisements.productId, productId));
  return order;
};

/** PUT /api/me/wishlist/:productId as `caller`; the raw response (204 when added or already there). */
export const addToWishlist = (t: TestApp, caller: Caller | null, productId: string) =>
  t.app.inject({ method: 'PUT', url: `/api/me/wishlist/${productId}`, headers: headersOf(caller) });

/** POST /api/products/:id/reports as `caller`; a plausible report unless `body` is given. */
export const reportPhone = (
  t: TestApp,
  caller: Caller | null,
  productId: string,
  body: unknown = { reason: 'wrong_description', text: 'The battery health is much lower than the listing says.' },
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/products/${productId}/reports`,
    headers: headersOf(caller),
    payload: body as object,
  });
