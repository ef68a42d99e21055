/**
 * Idempotency keys: a request repeated with the same Idempotency-Key (a client's retry, the
 * balancer re-sending a request whose replica died) gets the first answer and acts once.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buyingMessages, messages, OrderSchema } from '@recell/contract';
import { idempotentRequests, orderMessages, orders } from '../src/db/schema.ts';
import { deleteIdempotentRequestsBefore, idempotencyKeyLifetimeMs } from '../src/plugins/idempotency.ts';
import type { TestApp } from './helpers.ts';
import { headersOf, type Caller } from './support/accounts.ts';
import { useCast } from './support/accounts.ts';
import { expectError, useTestApp } from './support/api.ts';
import { bookingFor, bookPhone, listPhone } from './support/buying.ts';

const book = (t: TestApp, caller: Caller, body: unknown, key: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { ...headersOf(caller), 'idempotency-key': key },
    payload: body as object,
  });

const ordersOf = (t: TestApp, buyerId: string, productId: string) =>
  t.app.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.buyerId, buyerId), eq(orders.productId, productId)));

describe('Idempotency-Key', () => {
  const t = useTestApp();
  const cast = useCast(t);

  it('answers a repeated booking with the first answer, marked replayed, and books once', async () => {
    const phone = await listPhone(t, cast.seller);
    const key = randomUUID();
    const first = await book(t, cast.buyer, bookingFor(phone.id), key);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await book(t, cast.buyer, bookingFor(phone.id), key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(OrderSchema.parse(again.json())).toEqual(OrderSchema.parse(first.json()));
    expect(await ordersOf(t, cast.buyer.id, phone.id)).toHaveLength(1);
  });

  it('stores the answer as sent, also when the answer goes out compressed', async () => {
    // Long enough an answer (over 1 kB) to be compressed.
    const phone = await listPhone(t, cast.seller, {
      name: `Apple iPhone 15 Pro Max ${'with its box '.repeat(8)}`.slice(0, 120),
      model: 'A2849 '.repeat(13).slice(0, 80),
      location: `Chicago, IL, ${'near the lake '.repeat(8)}`.slice(0, 120),
    });
    const key = randomUUID();
    const send = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { ...headersOf(cast.buyer), 'idempotency-key': key, ...headers },
        payload: bookingFor(phone.id, { location: `Evanston, IL, ${'by the campus '.repeat(8)}`.slice(0, 120) }),
      });
    const first = await send({ 'accept-encoding': 'br' });
    expect(first.statusCode).toBe(201);
    expect(first.headers['content-encoding']).toBe('br');
    const again = await send({});
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(OrderSchema.parse(again.json()).product.id).toBe(phone.id);
  });

  it('replays a refusal as well: the same 409, not a different answer the second time', async () => {
    const own = await listPhone(t, cast.buyer);
    const key = randomUUID();
    const first = await book(t, cast.buyer, bookingFor(own.id), key);
    expectError(first, 409, { code: 'conflict', message: buyingMessages.ownProduct });
    const again = await book(t, cast.buyer, bookingFor(own.id), key);
    expectError(again, 409, { code: 'conflict', message: buyingMessages.ownProduct });
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('books once when the same request arrives twice at the same moment', async () => {
    const phone = await listPhone(t, cast.seller);
    const key = randomUUID();
    const [a, b] = await Promise.all([
      book(t, cast.buyer, bookingFor(phone.id), key),
      book(t, cast.buyer, bookingFor(phone.id), key),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(OrderSchema.parse(a.json()).id).toBe(OrderSchema.parse(b.json()).id);
    expect(await ordersOf(t, cast.buyer.id, phone.id)).toHaveLength(1);
  });

  it('answers a repeat of a booking whose server died after booking with that booking, not "already booked"', async () => {
    const phone = await listPhone(t, cast.seller);
    const key = randomUUID();
    const first = await book(t, cast.buyer, bookingFor(phone.id), key);
    expect(first.statusCode).toBe(201);
    // As if the replica died between booking and answering: the key is taken, no answer was stored.
    await t.app.db
      .update(idempotentRequests)
      .set({ statusCode: null, responseBody: null, answeredAt: null })
      .where(and(eq(idempotentRequests.userId, cast.buyer.id), eq(idempotentRequests.key, key)));
    const repeat = await book(t, cast.buyer, bookingFor(phone.id), key);
    expect(repeat.statusCode).toBe(201);
    expect(OrderSchema.parse(repeat.json()).id).toBe(OrderSchema.parse(first.json()).id);
    // Without a key a second booking of the same phone is still refused.
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: headersOf(cast.buyer),
      payload: bookingFor(phone.id),
    });
    expectError(plain, 409, { code: 'conflict', message: buyingMessages.alreadyBooked });
  }, 20_000);

  it('refuses a key used again for a different request, and a key that is not a header value', async () => {
    const [one, two] = [await listPhone(t, cast.seller), await listPhone(t, cast.seller)];
    const key = randomUUID();
    expect((await book(t, cast.buyer, bookingFor(one.id), key)).statusCode).toBe(201);
    expectError(await book(t, cast.buyer, bookingFor(two.id), key), 409, {
      code: 'conflict',
      message: messages.idempotencyKeyReused,
    });
    expect(await ordersOf(t, cast.buyer.id, two.id)).toHaveLength(0);
    const invalid = await book(t, cast.buyer, bookingFor(two.id), 'x'.repeat(256));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toBe(messages.idempotencyKeyInvalid);
  });

  it('keeps keys apart per account: another buyer with the same key books for themselves', async () => {
    const phone = await listPhone(t, cast.seller);
    const key = randomUUID();
    const mine = await book(t, cast.buyer, bookingFor(phone.id), key);
    const theirs = await book(t, cast.otherBuyer, bookingFor(phone.id), key);
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(OrderSchema.parse(theirs.json()).id).not.toBe(OrderSchema.parse(mine.json()).id);
  });

  it('sends a message once however often it is repeated', async () => {
    const phone = await listPhone(t, cast.seller);
    const order = await bookPhone(t, cast.buyer, phone.id);
    const key = randomUUID();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/orders/${order.id}/messages`,
        headers: { ...headersOf(cast.buyer), 'idempotency-key': key },
        payload: { body: 'Is the battery original?' },
      });
    const answers = [await send(), await send(), await send()];
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(await t.app.db.select().from(orderMessages).where(eq(orderMessages.orderId, order.id))).toHaveLength(1);
  });

  it('forgets answers after a day (the prune job)', async () => {
    const phone = await listPhone(t, cast.seller);
    const key = randomUUID();
    expect((await book(t, cast.buyer, bookingFor(phone.id), key)).statusCode).toBe(201);
    const stored = () =>
      t.app.db
        .select()
        .from(idempotentRequests)
        .where(and(eq(idempotentRequests.userId, cast.buyer.id), eq(idempotentRequests.key, key)));
    expect(await stored()).toHaveLength(1);
    expect(await deleteIdempotentRequestsBefore(t.app.db, new Date(Date.now() - idempotencyKeyLifetimeMs), 100)).toBe(
      0,
    );
    await deleteIdempotentRequestsBefore(t.app.db, new Date(Date.now() + 1000), 1000);
    expect(await stored()).toHaveLength(0);
  });
});
