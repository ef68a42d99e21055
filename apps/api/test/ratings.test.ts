/**
 * Ratings: the buyer of a completed order rates its seller once (also when two tries race), the
 * seller replies once, an admin hides a comment (audited; the stars still count), and the seller's
 * summary on cards, details and the seller page adds up.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  buyingMessages,
  ProductPageSchema,
  ProductSchema,
  ratingAverageOf,
  ratingMessages,
  RatingPageSchema,
  RatingSchema,
  SellerProfileSchema,
  OrderPageSchema,
  SalePageSchema,
} from '@recell/contract';
import { orders, ratings } from '../src/db/schema.ts';
import { advertise, auditOf, insertCompletedOrder, insertOrder, insertProduct, paidNow, userRow } from './fixtures.ts';
import { callerWithRole, type Caller } from './support/accounts.ts';
import { expectError, forbidden, unknownId, useTestApp } from './support/api.ts';
import { useCast } from './support/accounts.ts';
import { handOver, paidOrder } from './support/order-progress.ts';

describe('ratings', () => {
  const t = useTestApp();
  const cast = useCast(t);

  const rate = (
    caller: Caller,
    orderId: string,
    body: Record<string, unknown> = { stars: 5, comment: 'Great seller' },
  ) => t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/rating`, headers: caller.headers, payload: body });
  const replyTo = (caller: Caller, orderId: string, reply = 'Thank you!') =>
    t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/rating/reply`,
      headers: caller.headers,
      payload: { reply },
    });
  const setHidden = (caller: Caller, ratingId: string, action: 'hide-comment' | 'show-comment') =>
    t.app.inject({ method: 'POST', url: `/api/admin/ratings/${ratingId}/${action}`, headers: caller.headers });
  const sellerRatings = (sellerId: string, query = '') =>
    t.app.inject({ url: `/api/sellers/${sellerId}/ratings${query}` });
  const freshSeller = () => callerWithRole(t, 'seller');
  const freshBuyer = () => callerWithRole(t, 'user', { name: 'Ann Marie Lee' });
  const ratingsOfOrder = (orderId: string) => t.app.db.select().from(ratings).where(eq(ratings.orderId, orderId));

  it('lets the buyer of a completed order rate the seller once, and the seller’s totals count it', async () => {
    const seller = await freshSeller();
    const buyer = await freshBuyer();
    const { order, product } = await insertCompletedOrder(t.app.db, seller.id, buyer.id, { name: 'Pixel 8' });

    const response = await rate(buyer, order.id, { stars: 4, comment: '  Quick and friendly.  ' });
    expect(response.statusCode, response.body).toBe(201);
    const rating = RatingSchema.parse(response.json());
    expect(rating).toMatchObject({
      orderId: order.id,
      stars: 4,
      comment: 'Quick and friendly.',
      isCommentHidden: false,
      reply: null,
      buyerName: 'Ann',
      productName: product.name,
    });
    expect(await userRow(t.app.db, seller.id)).toMatchObject({ ratingCount: 1, ratingSum: 4 });

    expectError(await rate(buyer, order.id, { stars: 1 }), 409, {
      code: 'conflict',
      message: ratingMessages.alreadyRated,
    });
    expect(await userRow(t.app.db, seller.id)).toMatchObject({ ratingCount: 1, ratingSum: 4 });

    // My Orders shows the rating and no longer offers to rate.
    const orders = OrderPageSchema.parse(
      (await t.app.inject({ url: '/api/me/orders', headers: buyer.headers })).json(),
    );
    expect(orders.items[0]).toMatchObject({ id: order.id, canRate: false, rating: { stars: 4 } });
  });

  it('offers rating only on completed orders, and refuses the others with a clear 409', async () => {
    const seller = await freshSeller();
    const buyer = await freshBuyer();
    const booked = await insertOrder(t.app.db, {
      productId: (await insertProduct(t.app.db, seller.id)).id,
      buyerId: buyer.id,
    });
    const paid = await insertOrder(t.app.db, {
      productId: (await insertProduct(t.app.db, seller.id, { status: 'sold' })).id,
      buyerId: buyer.id,
      ...paidNow(),
    });
    const cancelled = await insertOrder(t.app.db, {
      productId: (await insertProduct(t.app.db, seller.id)).id,
      buyerId: buyer.id,
      status: 'cancelled',
    });
    const { order: completed } = await insertCompletedOrder(t.app.db, seller.id, buyer.id);

    for (const order of [booked, paid, cancelled]) {
      expectError(await rate(buyer, order.id), 409, { code: 'conflict', message: ratingMessages.notCompleted });
    }
    const page = OrderPageSchema.parse((await t.app.inject({ url: '/api/me/orders', headers: buyer.headers })).json());
    const canRate = Object.fromEntries(page.items.map((item) => [item.id, item.canRate]));
    expect(canRate).toEqual({ [booked.id]: false, [paid.id]: false, [completed.id]: true });
    expect(await userRow(t.app.db, seller.id)).toMatchObject({ ratingCount: 0, ratingSum: 0 });
  });

  it('lets only that order’s buyer rate: another buyer gets 404, a seller or admin 403', async () => {
    const seller = await freshSeller();
    const { order } = await insertCompletedOrder(t.app.db, seller.id, cast.buyer.id);
    const notFound = { code: 'not_found', message: buyingMessages.orderNotFound };
    expectError(await rate(cast.otherBuyer, order.id), 404, notFound);
    expectError(await rate(cast.buyer, unknownId), 404, notFound);
    expectError(await rate(cast.buyer, 'not-an-id'), 404, notFound);
    expectError(await rate(seller, order.id), 403, forbidden);
    expectError(await rate(cast.admin, order.id), 403, forbidden);
    expect(await ratingsOfOrder(order.id)).toHaveLength(0);
  });

  it('checks the stars and the comment', async () => {
    const { order } = await insertCompletedOrder(t.app.db, (await freshSeller()).id, cast.buyer.id);
    for (const stars of [0, 6, 3.5, '5', null]) {
      const response = await rate(cast.buyer, order.id, { stars });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.fields).toEqual({ stars: ratingMessages.starsRequired });
    }
    const long = await rate(cast.buyer, order.id, { stars: 5, comment: 'x'.repeat(1001) });
    expect(long.json().error.fields).toEqual({ comment: ratingMessages.commentTooLong });
    // An empty comment is none.
    const ok = await rate(cast.buyer, order.id, { stars: 5, comment: '   ' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().comment).toBeNull();
  });

  it('counts one rating per order when two arrive at once, and both ratings of two orders at once', async () => {
    const seller = await freshSeller();
    const buyer = await freshBuyer();
    const { order } = await insertCompletedOrder(t.app.db, seller.id, buyer.id);
    const same = await Promise.all([rate(buyer, order.id, { stars: 5 }), rate(buyer, order.id, { stars: 1 })]);
    expect(same.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = same.find((r) => r.statusCode === 409)!;
    expectError(refused, 409, { code: 'conflict', message: ratingMessages.alreadyRated });
    expect(await ratingsOfOrder(order.id)).toHaveLength(1);
    const kept = same.find((r) => r.statusCode === 201)!.json().stars as number;
    expect(await userRow(t.app.db, seller.id)).toMatchObject({ ratingCount: 1, ratingSum: kept });

    // Many buyers rating the same seller at the same moment: every one counts.
    const others = await Promise.all(
      [1, 2, 3, 4, 5, 4].map(async (stars) => {
        const other = await freshBuyer();
        return { other, stars, order: (await insertCompletedOrder(t.app.db, seller.id, other.id)).order };
      }),
    );
    const answers = await Promise.all(others.map(({ other, stars, order: o }) => rate(other, o.id, { stars })));
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(await userRow(t.app.db, seller.id)).toMatchObject({ ratingCount: 7, ratingSum: kept + 19 });
  });

  it('shows the seller’s summary on cards, details and the seller page, to one decimal', async () => {
    const seller = await freshSeller();
    const listed = await insertProduct(t.app.db, seller.id, { name: 'For sale' });
    await advertise(t.app.db, listed.id);
    const summaryOfCard = async () => {
      const details = ProductSchema.parse((await t.app.inject({ url: `/api/products/${listed.id}` })).json());
      const page = ProductPageSchema.parse((await t.app.inject({ url: `/api/sellers/${seller.id}/products` })).json());
      const home = ProductPageSchema.parse((await t.app.inject({ url: '/api/advertised?limit=100' })).json());
      const profile = SellerProfileSchema.parse((await t.app.inject({ url: `/api/sellers/${seller.id}` })).json());
      const summaries = [
        details.seller,
        page.items[0]!.seller,
        home.items.find((p) => p.id === listed.id)!.seller,
        profile,
      ];
      const [first, ...rest] = summaries.map(({ ratingAverage, ratingCount }) => ({ ratingAverage, ratingCount }));
      for (const other of rest) expect(other).toEqual(first);
      return first;
    };
    expect(await summaryOfCard()).toEqual({ ratingAverage: null, ratingCount: 0 });

    for (const stars of [5, 4, 4]) {
      const buyer = await freshBuyer();
      const { order } = await insertCompletedOrder(t.app.db, seller.id, buyer.id);
      expect((await rate(buyer, order.id, { stars })).statusCode).toBe(201);
    }
    // 13 / 3 = 4.333…
    expect(await summaryOfCard()).toEqual({ ratingAverage: 4.3, ratingCount: 3 });
  });

  it('rounds the average half up to one decimal', () => {
    expect(ratingAverageOf(0, 0)).toBeNull();
    expect(ratingAverageOf(5, 1)).toBe(5);
    expect(ratingAverageOf(89, 20)).toBe(4.5); // 4.45
    expect(ratingAverageOf(9, 2)).toBe(4.5);
    expect(ratingAverageOf(14, 3)).toBe(4.7); // 4.666…
    expect(ratingAverageOf(7, 6)).toBe(1.2); // 1.1666…
  });

  it('lets only the order’s seller reply, once, after the rating', async () => {
    const seller = await freshSeller();
    const buyer = await freshBuyer();
    const { order } = await insertCompletedOrder(t.app.db, seller.id, buyer.id);
    expectError(await replyTo(seller, order.id), 409, { code: 'conflict', message: ratingMessages.noRatingYet });
    expect((await rate(buyer, order.id)).statusCode).toBe(201);

    const notFound = { code: 'not_found', message: buyingMessages.orderNotFound };
    expectError(await replyTo(cast.otherSeller, order.id), 404, notFound);
    expectError(await replyTo(buyer, order.id), 403, forbidden);
    const empty = await replyTo(seller, order.id, '  ');
    expect(empty.json().error.fields).toEqual({ reply: ratingMessages.replyRequired });

    const replied = await replyTo(seller, order.id, 'Enjoy the phone!');
    expect(replied.statusCode, replied.body).toBe(200);
    expect(RatingSchema.parse(replied.json())).toMatchObject({ reply: 'Enjoy the phone!', stars: 5 });
    expect(replied.json().repliedAt).not.toBeNull();
    expectError(await replyTo(seller, order.id, 'Again'), 409, {
      code: 'conflict',
      message: ratingMessages.alreadyReplied,
    });
    const [again] = await Promise.all([replyTo(seller, order.id, 'Once more')]);
    expect(again.statusCode).toBe(409);
    expect((await ratingsOfOrder(order.id))[0]!.reply).toBe('Enjoy the phone!');

    // My Sales shows it.
    const sales = SalePageSchema.parse((await t.app.inject({ url: '/api/me/sales', headers: seller.headers })).json());
    expect(sales.items.find((s) => s.id === order.id)!.rating).toMatchObject({ stars: 5, reply: 'Enjoy the phone!' });
  });

  it('lists a seller’s ratings newest first, a page at a time; a hidden comment keeps its stars', async () => {
    const seller = await freshSeller();
    const made: { id: string; order: string }[] = [];
    for (const [n, stars] of [5, 2, 4].entries()) {
      const buyer = await freshBuyer();
      const { order } = await insertCompletedOrder(t.app.db, seller.id, buyer.id, { name: `Phone ${n}` });
      const response = await rate(buyer, order.id, { stars, comment: `Comment ${n}` });
      made.push({ id: response.json().id, order: order.id });
      await t.app.db
        .update(ratings)
        .set({ createdAt: new Date(Date.UTC(2026, 0, 1 + n)) })
        .where(eq(ratings.id, response.json().id));
    }
    const abusive = made[1]!.id;

    // Only admins hide.
    expectError(await setHidden(seller, abusive, 'hide-comment'), 403, forbidden);
    expectError(await setHidden(cast.buyer, abusive, 'hide-comment'), 403, forbidden);
    const hidden = await setHidden(cast.admin, abusive, 'hide-comment');
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({ comment: null, isCommentHidden: true, stars: 2 });
    // Again: nothing changes, nothing more is recorded.
    expect((await setHidden(cast.admin, abusive, 'hide-comment')).statusCode).toBe(200);
    const audit = await auditOf(t.app.db, abusive);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: cast.admin.id, action: 'rating.comment_hidden', subjectType: 'rating' });
    expectError(await setHidden(cast.admin, unknownId, 'hide-comment'), 404, {
      code: 'not_found',
      message: ratingMessages.ratingNotFound,
    });

    const page1 = RatingPageSchema.parse((await sellerRatings(seller.id, '?limit=2')).json());
    expect(page1.items.map((r) => [r.stars, r.comment, r.isCommentHidden])).toEqual([
      [4, 'Comment 2', false],
      [2, null, true],
    ]);
    expect((await sellerRatings(seller.id, '?limit=2')).body).not.toContain('Comment 1');
    const page2 = RatingPageSchema.parse(
      (await sellerRatings(seller.id, `?limit=2&cursor=${page1.nextCursor}`)).json(),
    );
    expect(page2.items.map((r) => r.stars)).toEqual([5]);
    expect(page2.nextCursor).toBeNull();
    // The stars still count.
    const profile = SellerProfileSchema.parse((await t.app.inject({ url: `/api/sellers/${seller.id}` })).json());
    expect(profile).toMatchObject({ ratingAverage: 3.7, ratingCount: 3 });

    const shown = await setHidden(cast.admin, abusive, 'show-comment');
    expect(shown.json()).toMatchObject({ comment: 'Comment 1', isCommentHidden: false });
    expect((await auditOf(t.app.db, abusive)).map((entry) => entry.action).sort()).toEqual([
      'rating.comment_hidden',
      'rating.comment_shown',
    ]);
  });

  it('refuses to hide a comment that is not there, and lists no ratings of an unknown seller', async () => {
    const seller = await freshSeller();
    const buyer = await freshBuyer();
    const { order } = await insertCompletedOrder(t.app.db, seller.id, buyer.id);
    const rating = (await rate(buyer, order.id, { stars: 3 })).json();
    expectError(await setHidden(cast.admin, rating.id, 'hide-comment'), 409, {
      code: 'conflict',
      message: ratingMessages.noComment,
    });
    expect((await sellerRatings(unknownId)).statusCode).toBe(404);
    expect((await sellerRatings(buyer.id)).statusCode).toBe(404);
  });

  describe('a refunded order', () => {
    it('cannot be rated, and My Orders does not offer it', async () => {
      const seller = await freshSeller();
      const buyer = await freshBuyer();
      const { order } = await insertCompletedOrder(t.app.db, seller.id, buyer.id);
      await t.app.db.update(orders).set({ refundedAt: new Date() }).where(eq(orders.id, order.id));

      expectError(await rate(buyer, order.id), 409, { code: 'conflict', message: ratingMessages.refunded });
      const page = OrderPageSchema.parse(
        (await t.app.inject({ url: '/api/me/orders', headers: buyer.headers })).json(),
      );
      expect(page.items[0]).toMatchObject({ id: order.id, canRate: false, rating: null });
      expect(await userRow(t.app.db, seller.id)).toMatchObject({ ratingCount: 0, ratingSum: 0 });
    });

    it('no longer counts a rating given before the refund: out of the totals and the public list', async () => {
      const seller = await freshSeller();
      const post = (caller: Caller, url: string, payload?: object) =>
        t.app.inject({ method: 'POST', url, headers: caller.headers, ...(payload ? { payload } : {}) });

      // One sale that stays rated 5 stars, and one the buyer rates 1 star, then gets refunded.
      const keptBuyer = await freshBuyer();
      const kept = await insertCompletedOrder(t.app.db, seller.id, keptBuyer.id);
      expect((await rate(keptBuyer, kept.order.id, { stars: 5 })).statusCode).toBe(201);

      const buyer = await freshBuyer();
      const { order } = await paidOrder(t, seller, buyer);
      await handOver(t, order.id);
      expect((await post(buyer, `/api/orders/${order.id}/receipt`)).statusCode).toBe(200);
      expect((await rate(buyer, order.id, { stars: 1, comment: 'Not as described' })).statusCode).toBe(201);
      expect(await userRow(t.app.db, seller.id)).toMatchObject({ ratingCount: 2, ratingSum: 6 });

      const reported = await post(buyer, `/api/orders/${order.id}/problems`, { reason: 'The camera does not work.' });
      expect(reported.statusCode, reported.body).toBe(201);
      const problemId = (reported.json() as { problem: { id: string } }).problem.id;
      const refunded = await post(cast.admin, `/api/admin/order-problems/${problemId}/refund`);
      expect(refunded.statusCode, refunded.body).toBe(200);

      expect(await userRow(t.app.db, seller.id)).toMatchObject({ ratingCount: 1, ratingSum: 5 });
      const profile = SellerProfileSchema.parse((await t.app.inject({ url: `/api/sellers/${seller.id}` })).json());
      expect(profile).toMatchObject({ ratingAverage: 5, ratingCount: 1 });
      const list = RatingPageSchema.parse((await sellerRatings(seller.id)).json());
      expect(list.items.map((item) => item.orderId)).toEqual([kept.order.id]);
      // The buyer still sees what they wrote on their order.
      const mine = OrderPageSchema.parse(
        (await t.app.inject({ url: '/api/me/orders', headers: buyer.headers })).json(),
      );
      expect(mine.items[0]).toMatchObject({ id: order.id, canRate: false, rating: { stars: 1 } });
    });
  });
});
