/**
 * Notifications: `notify` (the bell's row and the email, opt-outs, disabled and unconfirmed
 * accounts), each event wired to it (booked, paid once whichever path records the sale, seller
 * verified, listing removed by an admin, price drop to wishlisters), the bell's endpoints, email
 * preferences, the emailed unsubscribe links, and one email read from a real SMTP server.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EmailPreferencesSchema,
  notificationKinds,
  notificationTexts,
  NotificationPageSchema,
  type NotificationKind,
} from '@recell/contract';
import { notifications, outboxEmails, unsubscribeTokens, users } from '../src/db/schema.ts';
import { notify, notifyAll } from '../src/modules/notifications/index.ts';
import { disableUser, insertCategories, insertUser } from './fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { expectError, useTestApp } from './support/api.ts';
import { callerWithRole, headersOf, useCast, type Caller } from './support/accounts.ts';
import { addToWishlist, bookPhone, listPhone } from './support/buying.ts';
import { startFakeStripe, type FakeStripe } from './support/fake-stripe.ts';
import { filledListing } from './support/listings.ts';
import { callAs, insertReport } from './support/moderation.ts';
import { bookAdvertisedPhone, confirmCard, intentFor, pay, postStripeEvent, saleOf } from './support/payments.ts';
import { startLocalSmtp, type LocalSmtp } from './support/smtp.ts';

/** Everything a person was told: their notifications and the emails written to their address. */
const toldTo = async (t: TestApp, userId: string, kind?: NotificationKind) => {
  const [user] = await t.app.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const inApp = await t.app.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), kind ? eq(notifications.kind, kind) : undefined));
  const emails = await t.app.db
    .select()
    .from(outboxEmails)
    .where(
      and(
        sql`lower(${outboxEmails.recipient}) = lower(${user!.email})`,
        kind ? eq(outboxEmails.kind, kind) : undefined,
      ),
    );
  return { inApp, emails };
};

/** The unsubscribe link's token in an email's text. */
const tokenIn = (text: string) => /\/unsubscribe\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

const notice = (userId: string, kind: NotificationKind = 'seller_verified') => ({
  userId,
  kind,
  title: 'Something to know',
  body: 'Something happened on ReCell.',
  link: '/dashboard',
});

describe('notifications', () => {
  const t = useTestApp();
  const cast = useCast(t);
  const deps = () => ({ publicUrl: t.app.config.publicUrl });

  describe('notify', () => {
    it('writes the bell’s notification and the email with a link to the page and one to stop these emails', async () => {
      const person = await callerWithRole(t, 'user');
      await notify(t.app.db, deps(), { ...notice(person.id), link: '/products/abc' });
      const { inApp, emails } = await toldTo(t, person.id);
      expect(inApp).toEqual([
        expect.objectContaining({
          kind: 'seller_verified',
          title: 'Something to know',
          body: 'Something happened on ReCell.',
          link: '/products/abc',
          readAt: null,
        }),
      ]);
      expect(emails).toHaveLength(1);
      const email = emails[0]!;
      expect(email.subject).toBe('Something to know');
      expect(email.textBody).toContain('Something happened on ReCell.');
      expect(email.textBody).toContain(`${t.app.config.publicUrl}/products/abc`);
      const token = tokenIn(email.textBody)!;
      expect(token).toBeTruthy();
      expect(email.unsubscribeUrl).toBe(`${t.app.config.publicUrl}/api/email-unsubscribe?token=${token}`);
      // Only the token's hash is stored.
      const stored = await t.app.db.select().from(unsubscribeTokens).where(eq(unsubscribeTokens.userId, person.id));
      expect(stored).toHaveLength(1);
      expect(stored[0]!.tokenHash).not.toContain(token);
    });

    it('respects the opt-out of that kind only', async () => {
      const person = await callerWithRole(t, 'user');
      const off = await t.app.inject({
        method: 'PUT',
        url: '/api/me/email-preferences',
        headers: person.headers,
        payload: { emails: { price_drop: false } },
      });
      expect(off.statusCode, off.body).toBe(200);
      await notify(t.app.db, deps(), notice(person.id, 'price_drop'));
      await notify(t.app.db, deps(), notice(person.id, 'order_paid'));
      const { inApp, emails } = await toldTo(t, person.id);
      expect(inApp.map((n) => n.kind).sort()).toEqual(['order_paid', 'price_drop']);
      expect(emails.map((e) => e.kind)).toEqual(['order_paid']);
    });

    it('emails no disabled account and no unconfirmed address (the bell still has it)', async () => {
      const disabled = await insertUser(t.app.db);
      await disableUser(t.app.db, disabled.id);
      const unconfirmed = await insertUser(t.app.db, { emailConfirmedAt: null });
      await notifyAll(t.app.db, deps(), [notice(disabled.id), notice(unconfirmed.id)]);
      for (const id of [disabled.id, unconfirmed.id]) {
        const { inApp, emails } = await toldTo(t, id);
        expect(inApp).toHaveLength(1);
        expect(emails).toEqual([]);
      }
    });

    it('writes nothing when the caller’s transaction rolls back', async () => {
      const person = await callerWithRole(t, 'user');
      await expect(
        t.app.db.transaction(async (tx) => {
          await notify(tx, deps(), notice(person.id));
          throw new Error('the event failed');
        }),
      ).rejects.toThrow('the event failed');
      expect(await toldTo(t, person.id)).toEqual({ inApp: [], emails: [] });
    });

    it('refuses a link that is not a path on the site', async () => {
      const person = await callerWithRole(t, 'user');
      await expect(
        notify(t.app.db, deps(), { ...notice(person.id), link: 'https://evil.example/x' }),
      ).rejects.toThrow();
      await expect(notify(t.app.db, deps(), { ...notice(person.id), link: '//evil.example/x' })).rejects.toThrow();
    });
  });

  describe('the events', () => {
    it('tells the seller when a buyer books their phone', async () => {
      const product = await listPhone(t, cast.seller, { name: 'Pixel 7 Booked' });
      const order = await bookPhone(t, cast.buyer, product.id);
      const { inApp, emails } = await toldTo(t, cast.seller.id, 'order_booked');
      const mine = inApp.filter((n) => n.body.includes('Pixel 7 Booked'));
      // It opens the order's own page.
      expect(mine).toEqual([expect.objectContaining({ link: `/dashboard/orders/${order.id}`, title: 'New booking' })]);
      expect(emails.filter((e) => e.textBody.includes('Pixel 7 Booked'))).toHaveLength(1);
      // The buyer's booking details are not in it.
      expect(mine[0]!.body).not.toContain('312-555-0126');
      expect((await toldTo(t, cast.buyer.id, 'order_booked')).inApp).toEqual([]);
    });

    it('tells buyer and seller once when a sale is recorded, not again on a repeated /pay', async () => {
      const seller = await callerWithRole(t, 'seller', { verified: true });
      const buyer = await callerWithRole(t, 'user');
      const { order } = await bookAdvertisedPhone(t, seller, buyer, { name: 'Galaxy S22 Paid' });
      const intent = await intentFor(t, buyer, order.id);
      expect((await confirmCard(t, intent)).statusCode).toBe(200);
      for (let i = 0; i < 2; i += 1) {
        const paid = await pay(t, buyer, order.id, { paymentIntentId: intent.paymentIntentId });
        expect(paid.statusCode, paid.body).toBe(200);
      }
      const toSeller = await toldTo(t, seller.id, 'order_paid');
      const toBuyer = await toldTo(t, buyer.id, 'order_paid');
      expect(toSeller.inApp).toEqual([
        expect.objectContaining({ title: 'Your phone was sold', link: `/dashboard/orders/${order.id}` }),
      ]);
      expect(toBuyer.inApp).toEqual([
        expect.objectContaining({ title: 'Payment received', link: `/dashboard/orders/${order.id}` }),
      ]);
      expect(toSeller.emails).toHaveLength(1);
      expect(toBuyer.emails).toHaveLength(1);
    });

    it('tells a seller an admin verified them', async () => {
      const seller = await callerWithRole(t, 'seller');
      const response = await callAs(t, cast.admin, 'POST', `/api/admin/sellers/${seller.id}/verify`);
      expect(response.statusCode, response.body).toBe(200);
      const { inApp, emails } = await toldTo(t, seller.id, 'seller_verified');
      expect(inApp).toEqual([expect.objectContaining({ link: `/sellers/${seller.id}` })]);
      expect(emails).toHaveLength(1);
    });

    it('tells a seller when an admin removes their listing, not when they remove it themselves', async () => {
      const seller = await callerWithRole(t, 'seller');
      const byAdmin = await listPhone(t, seller, { name: 'Moto G Admin' });
      const bySeller = await listPhone(t, seller, { name: 'Moto G Own' });
      const reported = await listPhone(t, seller, { name: 'Moto G Reported' });
      await insertReport(t.app.db, { productId: reported.id, reporterId: cast.buyer.id });
      expect((await callAs(t, cast.admin, 'DELETE', `/api/products/${byAdmin.id}`)).statusCode).toBe(204);
      expect((await callAs(t, seller, 'DELETE', `/api/products/${bySeller.id}`)).statusCode).toBe(204);
      expect((await callAs(t, cast.admin, 'DELETE', `/api/admin/reports/${reported.id}`)).statusCode).toBe(204);
      const { inApp, emails } = await toldTo(t, seller.id, 'listing_removed');
      expect(inApp.map((n) => n.body).sort()).toEqual([
        expect.stringContaining('Moto G Admin'),
        expect.stringContaining('Moto G Reported'),
      ]);
      expect(inApp.every((n) => n.link === '/dashboard/my-products')).toBe(true);
      expect(emails).toHaveLength(2);
    });

    it('tells the buyers with a phone on their wishlist when its price drops, and nobody on a raise', async () => {
      const seller = await callerWithRole(t, 'seller');
      const product = await listPhone(t, seller, { name: 'iPhone 12 Cheaper', priceCents: 60_000 });
      const fans = [await callerWithRole(t, 'user'), await callerWithRole(t, 'user'), await callerWithRole(t, 'user')];
      const other = await callerWithRole(t, 'user');
      for (const fan of fans) expect((await addToWishlist(t, fan, product.id)).statusCode).toBe(204);
      const edit = (price: string) =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/products/${product.id}`,
          headers: seller.headers,
          payload: filledListing({ name: 'iPhone 12 Cheaper', price }),
        });
      const raised = await edit('650');
      expect(raised.statusCode, raised.body).toBe(200);
      for (const fan of fans) expect((await toldTo(t, fan.id, 'price_drop')).inApp).toEqual([]);

      const dropped = await edit('550');
      expect(dropped.statusCode, dropped.body).toBe(200);
      for (const fan of fans) {
        const { inApp, emails } = await toldTo(t, fan.id, 'price_drop');
        expect(inApp).toEqual([
          expect.objectContaining({
            link: `/products/${product.id}`,
            body: 'The iPhone 12 Cheaper now costs $550 (was $650).',
          }),
        ]);
        expect(emails).toHaveLength(1);
      }
      expect((await toldTo(t, other.id)).inApp).toEqual([]);
      expect((await toldTo(t, seller.id, 'price_drop')).inApp).toEqual([]);
    });

    it('tells a wishlister of a listing’s price drop once a day at most, however often the price goes up and down', async () => {
      const seller = await callerWithRole(t, 'seller');
      const product = await listPhone(t, seller, { name: 'Pixel 7 Seesaw', priceCents: 40_000 });
      const fan = await callerWithRole(t, 'user');
      expect((await addToWishlist(t, fan, product.id)).statusCode).toBe(204);
      const edit = (price: string) =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/products/${product.id}`,
          headers: seller.headers,
          payload: filledListing({ name: 'Pixel 7 Seesaw', price }),
        });
      // Before: 10 edits alternating up and down told the fan 5 times (and queued 5 emails).
      for (let i = 0; i < 10; i += 1) expect((await edit(i % 2 === 0 ? '350' : '400')).statusCode).toBe(200);
      const { inApp, emails } = await toldTo(t, fan.id, 'price_drop');
      expect(inApp).toHaveLength(1);
      expect(emails).toHaveLength(1);
      // Another listing's drop is news of its own.
      const other = await listPhone(t, seller, { name: 'Pixel 7 Other', priceCents: 40_000 });
      expect((await addToWishlist(t, fan, other.id)).statusCode).toBe(204);
      await t.app.inject({
        method: 'PATCH',
        url: `/api/products/${other.id}`,
        headers: seller.headers,
        payload: filledListing({ name: 'Pixel 7 Other', price: '300' }),
      });
      expect((await toldTo(t, fan.id, 'price_drop')).inApp).toHaveLength(2);
    });
  });

  describe('the bell', () => {
    const list = (caller: Caller, query = '') =>
      t.app.inject({ url: `/api/me/notifications${query}`, headers: caller.headers });
    const unread = async (caller: Caller) =>
      (await t.app.inject({ url: '/api/me/notifications/unread-count', headers: caller.headers })).json();

    it('lists my notifications newest first, page by page, counts the unread, and marks them read', async () => {
      const person = await callerWithRole(t, 'user');
      for (let i = 1; i <= 3; i += 1) {
        await notify(t.app.db, deps(), { ...notice(person.id), title: `Notice ${i}` });
      }
      expect(await unread(person)).toEqual({ unread: 3 });
      const first = NotificationPageSchema.parse((await list(person, '?limit=2')).json());
      expect(first.items.map((n) => n.title)).toEqual(['Notice 3', 'Notice 2']);
      const second = NotificationPageSchema.parse((await list(person, `?limit=2&cursor=${first.nextCursor}`)).json());
      expect(second.items.map((n) => n.title)).toEqual(['Notice 1']);
      expect(second.nextCursor).toBeNull();

      const read = await t.app.inject({
        method: 'POST',
        url: `/api/me/notifications/${first.items[0]!.id}/read`,
        headers: person.headers,
      });
      expect(read.statusCode).toBe(204);
      expect(await unread(person)).toEqual({ unread: 2 });
      const all = await t.app.inject({
        method: 'POST',
        url: '/api/me/notifications/read-all',
        headers: person.headers,
      });
      expect(all.statusCode).toBe(204);
      expect(await unread(person)).toEqual({ unread: 0 });
      const page = NotificationPageSchema.parse((await list(person)).json());
      expect(page.items.every((n) => n.readAt !== null)).toBe(true);
    });

    it('shows nobody else’s notifications and will not mark them read', async () => {
      const owner = await callerWithRole(t, 'user');
      const stranger = await callerWithRole(t, 'user');
      await notify(t.app.db, deps(), notice(owner.id));
      const [mine] = NotificationPageSchema.parse((await list(owner)).json()).items;
      expect(NotificationPageSchema.parse((await list(stranger)).json()).items).toEqual([]);
      expectError(
        await t.app.inject({
          method: 'POST',
          url: `/api/me/notifications/${mine!.id}/read`,
          headers: stranger.headers,
        }),
        404,
        { code: 'not_found', message: notificationTexts.notificationNotFound },
      );
      await t.app.inject({ method: 'POST', url: '/api/me/notifications/read-all', headers: stranger.headers });
      expect(await unread(owner)).toEqual({ unread: 1 });
    });
  });

  describe('email preferences', () => {
    it('starts with every kind on, switches the kinds named, and keeps the others', async () => {
      const person = await callerWithRole(t, 'user');
      const get = async () =>
        EmailPreferencesSchema.parse(
          (await t.app.inject({ url: '/api/me/email-preferences', headers: person.headers })).json(),
        ).emails;
      const put = (emails: Record<string, boolean>) =>
        t.app.inject({ method: 'PUT', url: '/api/me/email-preferences', headers: person.headers, payload: { emails } });
      expect(Object.values(await get()).every(Boolean)).toBe(true);
      expect(Object.keys(await get()).sort()).toEqual([...notificationKinds].sort());
      expect((await put({ price_drop: false, new_message: false })).statusCode).toBe(200);
      expect((await put({ new_message: true })).statusCode).toBe(200);
      expect(await get()).toEqual({
        ...Object.fromEntries(notificationKinds.map((kind) => [kind, true])),
        price_drop: false,
      });
      expect((await put({ no_such_kind: false } as Record<string, boolean>)).statusCode).toBe(400);
    });
  });

  describe('unsubscribe links', () => {
    const linkOf = async (person: { id: string }, kind: NotificationKind) => {
      await notify(t.app.db, deps(), notice(person.id, kind));
      const { emails } = await toldTo(t, person.id, kind);
      return tokenIn(emails.at(-1)!.textBody)!;
    };
    const prefsOf = async (person: Caller) =>
      EmailPreferencesSchema.parse(
        (await t.app.inject({ url: '/api/me/email-preferences', headers: person.headers })).json(),
      ).emails;
    const invalid = {
      code: 'validation',
      message: notificationTexts.unsubscribeLinkInvalid,
      fields: { token: notificationTexts.unsubscribeLinkInvalid },
    };

    it('says what it stops, then stops that kind for its person without signing in', async () => {
      const person = await callerWithRole(t, 'user');
      const token = await linkOf(person, 'price_drop');
      const info = await t.app.inject({ url: `/api/email-unsubscribe?token=${token}` });
      expect(info.json()).toEqual({ kind: 'price_drop', isEmailOn: true });
      // Looking changes nothing (mail scanners open links).
      expect((await prefsOf(person)).price_drop).toBe(true);
      const done = await t.app.inject({ method: 'POST', url: `/api/email-unsubscribe?token=${token}` });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toEqual({ kind: 'price_drop', isEmailOn: false });
      expect(await prefsOf(person)).toMatchObject({ price_drop: false, order_paid: true });
      // Again is harmless.
      expect((await t.app.inject({ method: 'POST', url: `/api/email-unsubscribe?token=${token}` })).statusCode).toBe(
        200,
      );
    });

    it('takes a mail client’s one-click post from another site', async () => {
      const person = await callerWithRole(t, 'user');
      const token = await linkOf(person, 'new_message');
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/email-unsubscribe?token=${token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.com' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect((await prefsOf(person)).new_message).toBe(false);
    });

    it('refuses a tampered or unknown token and changes nothing', async () => {
      const person = await callerWithRole(t, 'user');
      const token = await linkOf(person, 'order_paid');
      const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
      expectError(await t.app.inject({ url: `/api/email-unsubscribe?token=${tampered}` }), 400, invalid);
      expectError(
        await t.app.inject({ method: 'POST', url: `/api/email-unsubscribe?token=${tampered}` }),
        400,
        invalid,
      );
      expectError(await t.app.inject({ method: 'POST', url: '/api/email-unsubscribe?token=' }), 400, invalid);
      expect((await prefsOf(person)).order_paid).toBe(true);
    });

    it('stops only its own person’s emails, whoever is signed in when it is used', async () => {
      const owner = await callerWithRole(t, 'user');
      const other = await callerWithRole(t, 'user');
      const token = await linkOf(owner, 'listing_removed');
      const used = await t.app.inject({
        method: 'POST',
        url: `/api/email-unsubscribe?token=${token}`,
        headers: headersOf(other),
      });
      expect(used.statusCode).toBe(200);
      expect((await prefsOf(owner)).listing_removed).toBe(false);
      expect((await prefsOf(other)).listing_removed).toBe(true);
    });
  });
});

describe('a sale’s notifications when the page’s /pay and Stripe’s webhook race', () => {
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
  });
  afterAll(() => stripe.stop());
  const t = useTestApp({ env: () => stripe.env });
  const cast = useCast(t);

  it('tells buyer and seller exactly once', async () => {
    const { product, order } = await bookAdvertisedPhone(t, cast.seller, cast.buyer, { priceCents: 52_500 });
    const intent = await intentFor(t, cast.buyer, order.id);
    stripe.confirm(intent.paymentIntentId);
    const event = stripe.event('payment_intent.amount_capturable_updated', intent.paymentIntentId);
    const [paid, hook] = await Promise.all([
      pay(t, cast.buyer, order.id, { paymentIntentId: intent.paymentIntentId }),
      postStripeEvent(t, event.payload, stripe.webhookSecret),
    ]);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(hook.statusCode, hook.body).toBe(200);
    expect((await saleOf(t, product.id)).payments).toHaveLength(1);
    for (const person of [cast.seller, cast.buyer]) {
      const { inApp, emails } = await toldTo(t, person.id, 'order_paid');
      expect(inApp).toHaveLength(1);
      expect(emails).toHaveLength(1);
    }
  });
});

describe('notification emails through a real SMTP server', () => {
  let smtp: LocalSmtp;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startLocalSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url });
    await insertCategories(t.app.db);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('delivers the seller’s booking email with its links and the one-click unsubscribe headers', async () => {
    const seller = await callerWithRole(t, 'seller');
    const buyer = await callerWithRole(t, 'user');
    const [sellerRow] = await t.app.db.select({ email: users.email }).from(users).where(eq(users.id, seller.id));
    const product = await listPhone(t, seller, { name: 'Nokia X30 Mailed' });
    const order = await bookPhone(t, buyer, product.id);
    await expect
      .poll(() => smtp.received.find((mail) => mail.to === sellerRow!.email), { timeout: 10_000 })
      .toBeTruthy();
    const mail = smtp.received.find((m) => m.to === sellerRow!.email)!;
    expect(mail.subject).toBe('New booking');
    expect(mail.text).toContain('A buyer booked your Nokia X30 Mailed.');
    expect(mail.text).toContain(`${t.app.config.publicUrl}/dashboard/orders/${order.id}`);
    const token = tokenIn(mail.text)!;
    expect(mail.headers['list-unsubscribe']).toBe(`<${t.app.config.publicUrl}/api/email-unsubscribe?token=${token}>`);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // The link in the email works.
    const done = await t.app.inject({ method: 'POST', url: `/api/email-unsubscribe?token=${token}` });
    expect(done.json()).toEqual({ kind: 'order_booked', isEmailOn: false });
  });
});
