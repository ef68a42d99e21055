/**
 * Messages between an order's buyer and its phone's seller: only those two read and write the
 * thread (anyone else, admins included while no problem is open, gets the 404 of an unknown order);
 * messages are trimmed text of 1 to 2000 characters without control characters, stored and answered
 * as written (the web shows them as text) but for contact details, which are masked; writing stops when the order is cancelled;
 * unread counts follow each message and each read; the other party gets one email per batch of
 * unread messages, which never carries the message; one account's messages are limited.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contactDetailTexts,
  messages,
  orderMessageLimits,
  orderMessageMessages,
  orderMessagesPagePath,
  OrderMessageSchema,
  OrderThreadSchema,
  recoveryMessages,
  UnreadMessagesSchema,
} from '@recell/contract';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { orderMessages, outboxEmails } from '../src/db/schema.ts';
import { disableUser, insertCategories, userRow } from './fixtures.ts';
import { createTestDatabase, type TestApp } from './helpers.ts';
import { callerWithRole, uniqueEmail, useCast, type Caller } from './support/accounts.ts';
import { expectError, forbidden, unknownId, useTestApp } from './support/api.ts';
import { listPhone } from './support/buying.ts';
import { handOver, insertProblem, paidOrder } from './support/order-progress.ts';
import { bookOrder } from './support/payments.ts';

const threadUrl = (orderId: string) => `/api/orders/${orderId}/messages`;

const send = (t: TestApp, caller: Caller, orderId: string, body: unknown) =>
  t.app.inject({ method: 'POST', url: threadUrl(orderId), headers: caller.headers, payload: { body } });

const sent = async (t: TestApp, caller: Caller, orderId: string, body: string) => {
  const response = await send(t, caller, orderId, body);
  expect(response.statusCode, response.body).toBe(201);
  return OrderMessageSchema.parse(response.json());
};

const threadOf = async (t: TestApp, caller: Caller, orderId: string, query = '') => {
  const response = await t.app.inject({ method: 'GET', url: `${threadUrl(orderId)}${query}`, headers: caller.headers });
  expect(response.statusCode, response.body).toBe(200);
  return OrderThreadSchema.parse(response.json());
};

const unreadOf = async (t: TestApp, caller: Caller) => {
  const response = await t.app.inject({ method: 'GET', url: '/api/me/messages/unread', headers: caller.headers });
  expect(response.statusCode, response.body).toBe(200);
  return UnreadMessagesSchema.parse(response.json());
};

const markRead = async (t: TestApp, caller: Caller, orderId: string) => {
  const response = await t.app.inject({ method: 'POST', url: `${threadUrl(orderId)}/read`, headers: caller.headers });
  expect(response.statusCode, response.body).toBe(204);
};

const notFoundError = { code: 'not_found', message: orderMessageMessages.threadNotFound };

describe('order messages', () => {
  const t = useTestApp();
  const cast = useCast(t);

  /** A fresh order of the buyer's on a phone of the seller's. */
  const freshOrder = async (buyer: Caller = cast.buyer, seller: Caller = cast.seller) => {
    const phone = await listPhone(t, seller, { name: 'iPhone 13 Pro' });
    return bookOrder(t, buyer, phone);
  };
  const emailsTo = (email: string) =>
    t.app.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.recipient, email), eq(outboxEmails.kind, 'new_message')));

  describe('who may read and write a thread', () => {
    let order: { id: string };
    beforeAll(async () => {
      order = await freshOrder();
      await sent(t, cast.buyer, order.id, 'Hello, is the phone still available?');
      await sent(t, cast.seller, order.id, 'Yes it is. When would you like to meet?');
    });

    it('shows the buyer and the seller the whole conversation, oldest first, each message marked as theirs or not', async () => {
      const asBuyer = await threadOf(t, cast.buyer, order.id);
      expect(asBuyer.items.map((m) => [m.from, m.isMine, m.body])).toEqual([
        ['buyer', true, 'Hello, is the phone still available?'],
        ['seller', false, 'Yes it is. When would you like to meet?'],
      ]);
      expect(asBuyer.order).toMatchObject({
        id: order.id,
        status: 'booked',
        productName: 'iPhone 13 Pro',
        sellerName: 'Marcus Bennett',
        buyerName: 'Daniel Kim',
        myPart: 'buyer',
        canWrite: true,
      });
      const asSeller = await threadOf(t, cast.seller, order.id);
      expect(asSeller.items.map((m) => [m.from, m.isMine])).toEqual([
        ['buyer', false],
        ['seller', true],
      ]);
      expect(asSeller.order).toMatchObject({ myPart: 'seller', canWrite: true });
    });

    it('answers another buyer, another seller and an admin (no open problem report) as if the order did not exist', async () => {
      const unknown = await t.app.inject({ method: 'GET', url: threadUrl(unknownId), headers: cast.buyer.headers });
      expectError(unknown, 404, notFoundError);
      for (const stranger of [cast.otherBuyer, cast.otherSeller, cast.admin]) {
        const read = await t.app.inject({ method: 'GET', url: threadUrl(order.id), headers: stranger.headers });
        expectError(read, 404, notFoundError);
        expect(read.body).toBe(unknown.body);
      }
      for (const stranger of [cast.otherBuyer, cast.otherSeller]) {
        expectError(await send(t, stranger, order.id, 'Let me in'), 404, notFoundError);
        const read = await t.app.inject({
          method: 'POST',
          url: `${threadUrl(order.id)}/read`,
          headers: stranger.headers,
        });
        expectError(read, 404, notFoundError);
      }
      // Admins never write, nor have anything to mark read.
      expectError(await send(t, cast.admin, order.id, 'Admin here'), 403, forbidden);
      expect((await threadOf(t, cast.buyer, order.id)).items).toHaveLength(2);
    });

    it('lets an admin read, never write, the thread while a problem report on the order is undecided', async () => {
      const { order: paid } = await paidOrder(t, cast.seller, cast.buyer);
      await sent(t, cast.buyer, paid.id, 'Is it the blue one?');
      const readAsAdmin = () => t.app.inject({ method: 'GET', url: threadUrl(paid.id), headers: cast.admin.headers });
      expectError(await readAsAdmin(), 404, notFoundError);

      await handOver(t, paid.id);
      const problem = await insertProblem(t, paid.id, cast.buyer.id);
      const whileOpen = await readAsAdmin();
      expect(whileOpen.statusCode, whileOpen.body).toBe(200);
      expect((whileOpen.json() as { items: { body: string }[] }).items.map((m) => m.body)).toEqual([
        'Is it the blue one?',
      ]);
      expectError(await send(t, cast.admin, paid.id, 'Admin here'), 403, forbidden);

      // Once the admin has decided the problem, the thread is the two parties' again.
      const closed = await t.app.inject({
        method: 'POST',
        url: `/api/admin/order-problems/${problem.id}/close`,
        headers: cast.admin.headers,
      });
      expect(closed.statusCode, closed.body).toBe(200);
      expectError(await readAsAdmin(), 404, notFoundError);
    });

    it('treats a malformed order id as an unknown order', async () => {
      const response = await t.app.inject({ method: 'GET', url: threadUrl('not-an-id'), headers: cast.buyer.headers });
      expectError(response, 404, notFoundError);
    });

    it('refuses an account whose email is not confirmed, even on its own order', async () => {
      const unconfirmed = await callerWithRole(t, 'user', { emailConfirmedAt: null });
      const own = await freshOrder(unconfirmed);
      const unconfirmedError = { code: 'email_unconfirmed', message: recoveryMessages.emailUnconfirmed };
      expectError(await send(t, unconfirmed, own.id, 'Hello'), 403, unconfirmedError);
      expectError(
        await t.app.inject({ method: 'GET', url: threadUrl(own.id), headers: unconfirmed.headers }),
        403,
        unconfirmedError,
      );
      expectError(
        await t.app.inject({ method: 'GET', url: '/api/me/messages/unread', headers: unconfirmed.headers }),
        403,
        unconfirmedError,
      );
    });
  });

  describe('what a message may hold', () => {
    let order: { id: string };
    beforeAll(async () => {
      order = await freshOrder();
    });

    it('trims a message and keeps its line breaks and tabs', async () => {
      const message = await sent(t, cast.buyer, order.id, '  Two questions:\n\t1. Box?\r\n\t2. Charger?  ');
      expect(message.body).toBe('Two questions:\n\t1. Box?\r\n\t2. Charger?');
    });

    it('stores and answers markup exactly as written, as text (the page shows it as text)', async () => {
      const markup = '<img src=x onerror="alert(1)"> & <b>bold</b>';
      await sent(t, cast.buyer, order.id, markup);
      const thread = await threadOf(t, cast.seller, order.id);
      expect(thread.items.at(-1)!.body).toBe(markup);
    });

    it('stores and answers a phone number, an email and a handle masked, and says so', async () => {
      const mask = contactDetailTexts.mask;
      const message = await sent(
        t,
        cast.buyer,
        order.id,
        'Call me on +1 (555) 123-4567 or mail jo@example.com, telegram @jo_smith. $450 on 12.05.2024?',
      );
      const masked = `Call me on ${mask} or mail ${mask}, telegram ${mask}. $450 on 12.05.2024?`;
      expect(message).toMatchObject({ body: masked, contactDetailsHidden: true });
      // What is kept is the masked text: the seller, and the database, never see the number.
      const asSeller = (await threadOf(t, cast.seller, order.id)).items.at(-1)!;
      expect(asSeller).toMatchObject({ id: message.id, body: masked, contactDetailsHidden: true });
      const [row] = await t.app.db.select().from(orderMessages).where(eq(orderMessages.id, message.id));
      expect(row).toMatchObject({ body: masked, contactDetailsHidden: true });
      expect(JSON.stringify(row)).not.toContain('123-4567');

      const plain = await sent(t, cast.seller, order.id, 'Sure, $450 is fine. The 128 GB one, at 14:30.');
      expect(plain).toMatchObject({
        body: 'Sure, $450 is fine. The 128 GB one, at 14:30.',
        contactDetailsHidden: false,
      });
    });

    it('refuses a message that passes the limit once its contact details are masked, and stores nothing', async () => {
      const before = (await threadOf(t, cast.buyer, order.id)).items.length;
      const body = '$jo '.repeat(orderMessageLimits.body / 4).trim();
      const message = orderMessageMessages.bodyTooLongMasked;
      expectError(await send(t, cast.buyer, order.id, body), 400, {
        code: 'validation',
        message,
        fields: { body: message },
      });
      expect((await threadOf(t, cast.buyer, order.id)).items).toHaveLength(before);
    });

    it(`takes up to ${orderMessageLimits.body} characters`, async () => {
      const longest = 'a'.repeat(orderMessageLimits.body);
      expect((await sent(t, cast.seller, order.id, `  ${longest}  `)).body).toBe(longest);
    });

    it.each([
      ['an empty message', '', orderMessageMessages.bodyRequired],
      ['only spaces and line breaks', '  \n\t ', orderMessageMessages.bodyRequired],
      ['a message too long', 'a'.repeat(orderMessageLimits.body + 1), orderMessageMessages.bodyTooLong],
      ['a NUL character', 'Hello\u0000there', messages.controlCharacters],
      ['an escape character', 'Hello \u001b[31mred', messages.controlCharacters],
      ['not text at all', 42, orderMessageMessages.bodyRequired],
    ])('refuses %s and stores nothing', async (_, body, message) => {
      const before = (await threadOf(t, cast.buyer, order.id)).items.length;
      const response = await send(t, cast.buyer, order.id, body);
      expectError(response, 400, { code: 'validation', message, fields: { body: message } });
      expect((await threadOf(t, cast.buyer, order.id)).items).toHaveLength(before);
    });
  });

  describe('paging through a long thread', () => {
    it('gives the newest messages first as a page read top to bottom, then older pages by cursor', async () => {
      const order = await freshOrder();
      for (let i = 1; i <= 7; i++) await sent(t, i % 2 ? cast.buyer : cast.seller, order.id, `Message ${i}`);

      const newest = await threadOf(t, cast.buyer, order.id, '?limit=3');
      expect(newest.items.map((m) => m.body)).toEqual(['Message 5', 'Message 6', 'Message 7']);
      expect(newest.nextCursor).not.toBeNull();
      const older = await threadOf(t, cast.buyer, order.id, `?limit=3&cursor=${newest.nextCursor}`);
      expect(older.items.map((m) => m.body)).toEqual(['Message 2', 'Message 3', 'Message 4']);
      const oldest = await threadOf(t, cast.buyer, order.id, `?limit=3&cursor=${older.nextCursor}`);
      expect(oldest.items.map((m) => m.body)).toEqual(['Message 1']);
      expect(oldest.nextCursor).toBeNull();
    });
  });

  describe('a cancelled order', () => {
    it('keeps its thread readable to both parties, refuses new messages and leaves the unread counts', async () => {
      const order = await freshOrder();
      await sent(t, cast.seller, order.id, 'I can meet tomorrow at noon.');
      expect((await unreadOf(t, cast.buyer)).orders.map((o) => o.orderId)).toContain(order.id);

      const cancel = await t.app.inject({
        method: 'DELETE',
        url: `/api/orders/${order.id}`,
        headers: cast.buyer.headers,
      });
      expect(cancel.statusCode, cancel.body).toBe(204);

      for (const party of [cast.buyer, cast.seller]) {
        const thread = await threadOf(t, party, order.id);
        expect(thread.order).toMatchObject({ status: 'cancelled', canWrite: false });
        expect(thread.items.map((m) => m.body)).toEqual(['I can meet tomorrow at noon.']);
        expectError(await send(t, party, order.id, 'Still there?'), 409, {
          code: 'conflict',
          message: orderMessageMessages.orderCancelled,
        });
      }
      expect((await unreadOf(t, cast.buyer)).orders.map((o) => o.orderId)).not.toContain(order.id);
      // Reading it is still allowed (an email's link may lead there).
      await markRead(t, cast.buyer, order.id);
    });
  });

  describe('unread counts', () => {
    it('counts the other party’s messages per order until they read the thread, never one’s own', async () => {
      const buyer = await callerWithRole(t, 'user');
      const seller = await callerWithRole(t, 'seller');
      const first = await freshOrder(buyer, seller);
      const second = await freshOrder(buyer, seller);
      expect(await unreadOf(t, buyer)).toEqual({ total: 0, orders: [] });

      await sent(t, seller, first.id, 'One');
      await sent(t, seller, first.id, 'Two');
      await sent(t, seller, second.id, 'Three');
      await sent(t, buyer, second.id, 'My own message');

      // The most recent news first.
      expect(await unreadOf(t, buyer)).toEqual({
        total: 3,
        orders: [
          { orderId: second.id, count: 1 },
          { orderId: first.id, count: 2 },
        ],
      });
      expect(await unreadOf(t, seller)).toEqual({ total: 1, orders: [{ orderId: second.id, count: 1 }] });

      // Reading a thread does not mark it read by itself: the page says when it has shown it.
      await threadOf(t, buyer, first.id);
      expect((await unreadOf(t, buyer)).total).toBe(3);

      await markRead(t, buyer, first.id);
      expect(await unreadOf(t, buyer)).toEqual({ total: 1, orders: [{ orderId: second.id, count: 1 }] });
      await markRead(t, buyer, second.id);
      expect(await unreadOf(t, buyer)).toEqual({ total: 0, orders: [] });
      // Marking read again, or a thread without messages, changes nothing.
      await markRead(t, buyer, second.id);
      await markRead(t, seller, (await freshOrder(buyer, seller)).id);
      expect(await unreadOf(t, buyer)).toEqual({ total: 0, orders: [] });

      await sent(t, seller, first.id, 'Four');
      expect(await unreadOf(t, buyer)).toEqual({ total: 1, orders: [{ orderId: first.id, count: 1 }] });
    });
  });

  describe('emails', () => {
    it('emails the other party once per batch of unread messages, with a link and without the message', async () => {
      const buyer = await callerWithRole(t, 'user', { name: 'Nora Buyer', email: uniqueEmail() });
      const seller = await callerWithRole(t, 'seller', { name: 'Sam Seller', email: uniqueEmail() });
      const emailOf = async (caller: Caller) => (await userRow(t.app.db, caller.id)).email;
      const order = await freshOrder(buyer, seller);
      const secret = 'My flat is 4B, the door code is 4711';

      await sent(t, buyer, order.id, secret);
      await sent(t, buyer, order.id, 'And one more thing');
      const [email, ...more] = await emailsTo(await emailOf(seller));
      expect(more).toEqual([]);
      expect(email).toMatchObject({ subject: 'New message about iPhone 13 Pro', kind: 'new_message' });
      expect(email!.textBody).toContain('Hello Sam Seller');
      expect(email!.textBody).toContain('Nora Buyer sent you a message about iPhone 13 Pro');
      expect(email!.textBody).toContain(`${t.config.publicUrl}${orderMessagesPagePath(order.id)}`);
      expect(email!.textBody).not.toContain(secret);
      expect(email!.subject).not.toContain(secret);
      // The sender is not emailed about their own messages.
      expect(await emailsTo(await emailOf(buyer))).toEqual([]);

      // Once the seller has read the thread, the next message emails again.
      await markRead(t, seller, order.id);
      await sent(t, buyer, order.id, 'Are you there?');
      expect(await emailsTo(await emailOf(seller))).toHaveLength(2);

      // The other direction is counted on its own.
      await sent(t, seller, order.id, 'Yes, sorry!');
      expect(await emailsTo(await emailOf(buyer))).toHaveLength(1);
    });

    it('emails no disabled account', async () => {
      const buyer = await callerWithRole(t, 'user');
      const seller = await callerWithRole(t, 'seller');
      const order = await freshOrder(buyer, seller);
      await sent(t, seller, order.id, 'Hello?');
      await disableUser(t.app.db, seller.id);
      await sent(t, buyer, order.id, 'Hello?');
      // The seller is gone; the buyer, still active, was emailed.
      expect(await emailsTo((await userRow(t.app.db, seller.id)).email)).toEqual([]);
      expect(await emailsTo((await userRow(t.app.db, buyer.id)).email)).toHaveLength(1);
    });
  });
});

describe('order messages: the limit per account', () => {
  const perAccount = 3;
  const t = useTestApp({ env: () => ({ MESSAGES_PER_ACCOUNT: String(perAccount) }) });
  const cast = useCast(t);

  it(`lets one account write ${perAccount} messages per window, then answers 429 with Retry-After`, async () => {
    const phone = await listPhone(t, cast.seller);
    const order = await bookOrder(t, cast.buyer, phone);
    for (let i = 0; i < perAccount; i++) await sent(t, cast.buyer, order.id, `Message ${i}`);
    const refused = await send(t, cast.buyer, order.id, 'One too many');
    expectError(refused, 429, { code: 'rate_limited', message: messages.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await threadOf(t, cast.buyer, order.id)).items).toHaveLength(perAccount);
    // Each account counts on its own.
    await sent(t, cast.seller, order.id, 'My first');
  });
});

describe('order messages in the logs', () => {
  const dataDir = { path: '' };
  const lines: string[] = [];
  let t: TestApp;

  beforeAll(async () => {
    dataDir.path = await mkdtemp(path.join(os.tmpdir(), 'recell-test-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir.path,
      WEB_DIST_DIR: path.join(dataDir.path, 'no-web'),
      LOG_LEVEL: 'debug',
    });
    const database = await createTestDatabase({ timeouts: config.databaseTimeouts });
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp({ config, database, logger: true, logStream: stream });
    await app.ready();
    await insertCategories(app.db);
    t = {
      app,
      database,
      config,
      close: async () => {
        await app.close();
        await database.destroy();
      },
    };
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir.path, { recursive: true, force: true });
  });

  it('never carry a message’s text, sent or refused', async () => {
    const buyer = await callerWithRole(t, 'user');
    const seller = await callerWithRole(t, 'seller');
    const order = await bookOrder(t, buyer, await listPhone(t, seller));
    const marker = 'secret-meeting-place-7f3a';
    await sent(t, buyer, order.id, `Meet me at ${marker}`);
    expect((await send(t, buyer, order.id, `${marker}\u0000`)).statusCode).toBe(400);
    expect((await send(t, buyer, order.id, `${marker} ${'x'.repeat(2100)}`)).statusCode).toBe(400);
    await threadOf(t, seller, order.id);
    const log = lines.join('');
    expect(log).toContain(threadUrl(order.id)); // the requests were logged…
    expect(log).not.toContain(marker); // …without what they carried
  });
});
