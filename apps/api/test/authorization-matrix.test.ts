/**
 * The authorization matrix: every route the app has × every kind of caller (anonymous, a buyer,
 * another buyer, a seller, another seller, an admin, a disabled account) against the rule the table
 * below states for it. The routes come from the app itself (its `onRoute` hook), so a route added
 * without a line here fails the test, as does a line for a route that no longer exists.
 *
 * Each request is well formed (a valid body where the route takes one) and gets fresh resources
 * (the seller's phone, the buyer's order, …), so its answer is about who asks, not about what an
 * earlier request left behind. A refused request must change nothing in the database, and no
 * answer may carry another party's private data (the seller's phone number, the buyer's email and
 * booking phone, any password hash), nor a visitor's answer the seller's email.
 */
import { createHash, randomBytes } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema, UploadedImageSchema, type Role } from '@recell/contract';
import { advertise, disableUser, insertCategories, insertCompletedOrder, insertUser } from './fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import {
  callerWithRole,
  castOf,
  insertPasswordUser,
  password,
  passwordHash,
  photo,
  randomIp,
  refreshCookie,
  uniqueEmail,
  type Caller,
  type Cast,
} from './support/accounts.ts';
import { addToWishlist, listPhone, sellerPhoneOfListedPhones } from './support/buying.ts';
import { addAddress, addressFormFor, chooseShipFrom, verifiedShipTo } from './support/addresses.ts';
import { startFakeStripe, type FakeStripe } from './support/fake-stripe.ts';
import { multipartBody } from './support/images.ts';
import { filledListing, freshImei } from './support/listings.ts';
import { insertPaidOrder, insertReport } from './support/moderation.ts';
import { handOver, insertProblem, paidOrder } from './support/order-progress.ts';
import { bookOrder, confirmCard, intentFor } from './support/payments.ts';
import { refreshCookieName, hashAccountToken } from '../src/modules/auth/index.ts';
import {
  accountTokens,
  contactMessages,
  listingCodes,
  orderReturns,
  orders,
  products,
  sellerPayouts,
} from '../src/db/schema.ts';
import { hashUnsubscribeToken, notify } from '../src/modules/notifications/index.ts';
import { unsubscribeTokens } from '../src/db/schema.ts';

/** The IMEI of the phones whose returns the matrix asks about (a valid check digit). */
const returnImei = '490154203237518';

/** A verification code no other test row has (six characters of the code alphabet). */
const randomCode = () =>
  Array.from({ length: 6 }, () => 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'[randomBytes(1)[0]! % 31]).join('');

const identities = ['anonymous', 'buyer', 'otherBuyer', 'seller', 'otherSeller', 'admin', 'disabled'] as const;
type Identity = (typeof identities)[number];

/** Who may call a route. */
type Access =
  /** Anyone, signed in or not (a disabled account's token is simply not looked at). */
  | { kind: 'public' }
  /** Any active account: 401 when anonymous or disabled. */
  | { kind: 'signedIn' }
  /** Active accounts of these roles: 401 when anonymous or disabled, 403 for another role. */
  | { kind: 'role'; roles: Role[] }
  /**
   * As `role`, and the resource belongs to `owner` (the seller's phone, the buyer's order): another
   * account of the role gets `others` and the resource does not change. `admin` also may act on it
   * when listed in `roles` (an admin removes any listing).
   */
  | { kind: 'owner'; roles: Role[]; owner: 'buyer' | 'seller'; others: number }
  /** Not about accounts: a client secret, a signature, a cookie, a token of its own. */
  | { kind: 'special'; why: string; expect: (who: Identity) => { status: number; refused: boolean } };

interface Rule {
  access: Access;
  /** Only registered with this card processor (the test-mode one unless Stripe is configured). */
  only?: 'testProcessor' | 'stripe';
  /** The status of an allowed call (200 unless said). */
  ok?: number;
  /** The request `who` sends, with the fresh resources it is about. */
  request: (who: Identity) => Promise<Omit<InjectOptions, 'headers'> & { headers?: Record<string, string> }>;
}

const disabledRoleFor = (access: Access): Role =>
  access.kind === 'role' || access.kind === 'owner' ? access.roles[0]! : 'user';

const roleOf: Record<Exclude<Identity, 'anonymous' | 'disabled'>, Role> = {
  buyer: 'user',
  otherBuyer: 'user',
  seller: 'seller',
  otherSeller: 'seller',
  admin: 'admin',
};

/** What `who` gets on a route with `access` (`refused`: the answer must change nothing). */
const expectationOf = (access: Access, ok: number, who: Identity): { status: number; refused: boolean } => {
  if (access.kind === 'special') return access.expect(who);
  if (access.kind === 'public') return { status: ok, refused: false };
  if (who === 'anonymous' || who === 'disabled') return { status: 401, refused: true };
  if (access.kind === 'signedIn') return { status: ok, refused: false };
  if (!access.roles.includes(roleOf[who])) return { status: 403, refused: true };
  if (access.kind === 'role') return { status: ok, refused: false };
  const isOwner = who === access.owner || who === 'admin';
  return isOwner ? { status: ok, refused: false } : { status: access.others, refused: true };
};

const routeKey = (method: string, url: string) => `${method} ${url}`;

/**
 * Every route of the app as `METHOD /url`, leaving out the HEAD twins Fastify adds to GET routes
 * (they share the GET's hooks; the matrix sends them too, `headTwins`).
 */
const routesOf = (added: RouteOptions[]) => {
  const keys = new Set<string>();
  const heads = new Set<string>();
  for (const route of added) {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') heads.add(route.url);
      else keys.add(routeKey(method, route.url));
    }
  }
  const headTwins = new Set([...heads].filter((url) => keys.has(routeKey('GET', url))));
  // A HEAD route without a GET would need a rule of its own.
  for (const url of heads) if (!headTwins.has(url)) keys.add(routeKey('HEAD', url));
  return { keys, headTwins };
};

/** Private values the fixtures attach to the parties' resources, and who may see each. */
const bookingPhone = '7735550142';
const hashMarker = '$argon2id$v=19$m=19456,t=2,p=1$authorizationMatrixMarker';
const messageMarker = 'Can we meet at the library on Saturday? (matrix marker)';

/**
 * An order's messages: its buyer and its phone's seller get `ok`; anyone else the 404 of an unknown
 * order, an admin too (no open problem report), or 403 where the route is not for admins at all.
 */
const threadParties = (ok: number, admin: 403 | 404): Access => ({
  kind: 'special',
  why: 'an order’s thread is its buyer’s and its phone’s seller’s; others learn nothing of it',
  expect: (who) =>
    who === 'anonymous' || who === 'disabled'
      ? { status: 401, refused: true }
      : who === 'buyer' || who === 'seller'
        ? { status: ok, refused: false }
        : who === 'admin'
          ? { status: admin, refused: true }
          : { status: 404, refused: true },
});

describe('authorization matrix', () => {
  let t: TestApp;
  let stripeApp: TestApp;
  let stripe: FakeStripe;
  const appRoutes: RouteOptions[] = [];
  const stripeRoutes: RouteOptions[] = [];
  let cast: Cast;
  const emails = {} as Record<Exclude<Identity, 'anonymous' | 'disabled'>, string>;
  const disabled = {} as Record<Role, Caller & { refreshToken: string; email: string }>;
  let imageUrl = '';
  let imageId = '';

  const metricsToken = 'metrics-token-of-the-matrix-test';

  beforeAll(async () => {
    t = await createTestApp(
      {
        METRICS_TOKEN: metricsToken,
        // Configured, so their routes exist; the providers are unreachable, which they answer with a redirect.
        GOOGLE_CLIENT_ID: 'matrix-google',
        GOOGLE_CLIENT_SECRET: 'matrix-google-secret',
        GOOGLE_ISSUER: 'http://127.0.0.1:9',
        GITHUB_CLIENT_ID: 'matrix-github',
        GITHUB_CLIENT_SECRET: 'matrix-github-secret',
        GITHUB_OAUTH_URL: 'http://127.0.0.1:9',
        GITHUB_API_URL: 'http://127.0.0.1:9',
      },
      undefined,
      { onRoute: (route) => appRoutes.push(route) },
    );
    await insertCategories(t.app.db);
    stripe = await startFakeStripe();
    stripeApp = await createTestApp(stripe.env, undefined, { onRoute: (route) => stripeRoutes.push(route) });

    for (const who of ['buyer', 'otherBuyer', 'seller', 'otherSeller', 'admin'] as const)
      emails[who] = uniqueEmail(who);
    const hash = await passwordHash();
    cast = await castOf(t, {
      buyer: { email: emails.buyer, passwordHash: hash },
      otherBuyer: { email: emails.otherBuyer, passwordHash: hash },
      seller: { email: emails.seller, passwordHash: hash },
      otherSeller: { email: emails.otherSeller, passwordHash: hash },
      admin: { email: emails.admin, passwordHash: hash },
    });
    // Accounts with a real session each, then disabled: their tokens and cookies must open nothing.
    for (const role of ['user', 'seller', 'admin'] as const) {
      const user = await insertPasswordUser(t.app.db, { role });
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password },
        remoteAddress: randomIp(),
      });
      expect(login.statusCode, login.body).toBe(200);
      const { token } = await t.app.accessTokens.sign({ userId: user.id, role });
      disabled[role] = {
        id: user.id,
        role,
        email: user.email,
        headers: { authorization: `Bearer ${token}` },
        refreshToken: refreshCookie(login)!.value,
      };
      await disableUser(t.app.db, user.id);
    }
    // Someone else's password hash, to look for in every answer.
    await insertUser(t.app.db, { role: 'seller', passwordHash: hashMarker });

    const form = multipartBody([
      { name: 'image', filename: 'phone.jpg', contentType: 'image/jpeg', bytes: await photo() },
    ]);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...cast.seller.headers, ...form.headers },
      payload: form.payload,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    ({ id: imageId, url: imageUrl } = UploadedImageSchema.parse(upload.json()));
    // A listing takes only its seller's own uploads: every seller who lists uploads the same picture.
    const again = multipartBody([
      { name: 'image', filename: 'phone.jpg', contentType: 'image/jpeg', bytes: await photo() },
    ]);
    const otherUpload = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...cast.otherSeller.headers, ...again.headers },
      payload: again.payload,
    });
    expect(UploadedImageSchema.parse(otherUpload.json()).id).toBe(imageId);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await stripeApp?.close();
    await stripe?.stop();
  });

  const callerOf = (who: Identity, access: Access): Caller | null => {
    if (who === 'anonymous') return null;
    if (who === 'disabled') return disabled[disabledRoleFor(access)];
    return cast[who];
  };

  // ----- Fresh resources -------------------------------------------------------------------------

  /** A phone of the seller's for sale, with the seller's (private) phone number. */
  const sellersPhone = () => listPhone(t, cast.seller);
  /** A phone of the seller's waiting for review, with its verification photo. */
  const sellersPendingPhone = async () => {
    const product = await listPhone(t, cast.seller, { status: 'pending_review', submittedForReviewAt: new Date() });
    await t.app.db.insert(listingCodes).values({
      sellerId: cast.seller.id,
      code: randomCode(),
      photo: Buffer.from('RIFF\0\0\0\0WEBPVP8 '),
      productId: product.id,
    });
    return product;
  };
  /** A verification code of the seller's, not used yet. */
  const sellersCode = async () => {
    const code = randomCode();
    await t.app.db.insert(listingCodes).values({ sellerId: cast.seller.id, code });
    return code;
  };
  /** An order of the buyer's on a phone of the seller's, with the buyer's (private) booking phone. */
  const buyersOrder = async () => {
    const product = await sellersPhone();
    await advertise(t.app.db, product.id);
    return bookOrder(t, cast.buyer, product, { phone: bookingPhone });
  };
  /** The buyer's order with a message from the seller in its thread, unread by the buyer. */
  const threadWithMessage = async () => {
    const order = await buyersOrder();
    const send = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/messages`,
      headers: cast.seller.headers,
      payload: { body: messageMarker },
    });
    expect(send.statusCode, send.body).toBe(201);
    return order;
  };
  /** The buyer's completed order of a phone of the seller's (sold, paid, handed over). */
  const completedOrder = async () => (await insertCompletedOrder(t.app.db, cast.seller.id, cast.buyer.id)).order;
  /** That order rated by its buyer, with a comment. */
  const ratedOrder = async () => {
    const order = await completedOrder();
    const rated = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/rating`,
      headers: cast.buyer.headers,
      payload: { stars: 4, comment: 'Fine' },
    });
    expect(rated.statusCode, rated.body).toBe(201);
    return { orderId: order.id, ratingId: (rated.json() as { id: string }).id };
  };
  /** A question of the buyer's on a phone of the seller's for sale, waiting for an answer. */
  const buyersQuestion = async () => {
    const product = await sellersPhone();
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/products/${product.id}/questions`,
      headers: cast.buyer.headers,
      payload: { text: 'Is the battery original?' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    return { productId: product.id, questionId: (asked.json() as { id: string }).id };
  };
  /** The buyer's paid order (with its payment) on a phone of the seller's, awaiting hand-over. */
  const buyersPaidOrder = async () => {
    const product = await sellersPhone();
    await t.app.db.update(products).set({ status: 'sold' }).where(eq(products.id, product.id));
    return (await insertPaidOrder(t.app.db, { productId: product.id, buyerId: cast.buyer.id })).order;
  };
  /** The seller's ship-from address, chosen once (a seller keeps at most ten addresses). */
  let shipFromChosen = false;
  /** One address of the buyer's, added once and edited by every identity's try. */
  let buyersAddressId: string | undefined;
  const buyersAddress = async () => (buyersAddressId ??= (await addAddress(t, cast.buyer)).id);
  /** The buyer's paid order booked with shipping on a phone of the seller's, who ships from an address. */
  const buyersShippingOrder = async () => {
    if (!shipFromChosen) {
      await chooseShipFrom(t, cast.seller);
      shipFromChosen = true;
    }
    const shipTo = await verifiedShipTo(t);
    const order = await buyersPaidOrder();
    await t.app.db
      .update(orders)
      .set({ deliveryMethod: 'shipping', shipTo, phone: '', location: '' })
      .where(eq(orders.id, order.id));
    return order;
  };
  /** Such an order with the carrier's rates asked by its seller: the first rate's id. */
  const shippingOrderWithRates = async () => {
    const order = await buyersShippingOrder();
    const rates = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/shipping/rates`,
      headers: cast.seller.headers,
    });
    expect(rates.statusCode, rates.body).toBe(200);
    return { orderId: order.id, rateId: (rates.json() as { rates: Array<{ id: string }> }).rates[0]!.id };
  };
  /**
   * The buyer's order shipped with a label and delivered an hour ago (the return window is open),
   * its phone's IMEI `returnImei`; then a return of it (decision 0074) in `values`' state (asked, by default).
   */
  const deliveredShippingOrder = async (refunded = false) => {
    const order = await buyersShippingOrder();
    const trackerId = `trk_${randomBytes(12).toString('hex')}`;
    await t.app.db
      .update(orders)
      .set({
        progress: 'delivered',
        isShipped: true,
        handedOverAt: new Date(Date.now() - 86_400_000),
        trackerId,
        trackingCode: `EZ${trackerId.slice(-8)}`,
        carrier: 'USPS',
        deliveredAt: new Date(Date.now() - 3_600_000),
        ...(refunded ? { refundedAt: new Date() } : {}),
      })
      .where(eq(orders.id, order.id));
    await t.app.db.update(products).set({ imei: returnImei }).where(eq(products.id, order.productId));
    return order;
  };
  const buyersReturn = async (values: Partial<typeof orderReturns.$inferInsert> = {}) => {
    const order = await deliveredShippingOrder(values.status === 'refunded');
    const [row] = await t.app.db
      .insert(orderReturns)
      .values({
        orderId: order.id,
        reason: 'The screen flickers.',
        sellerAnswerBy: new Date(Date.now() + 86_400_000),
        ...values,
      })
      .returning();
    return { orderId: order.id, returnId: row!.id };
  };
  /**
   * An open problem report of the buyer's on a paid, handed-over order; `refundable`: paid through
   * the real sale, so the test-mode processor holds its money.
   */
  const buyersProblem = async (refundable = false) => {
    const order = refundable
      ? (await paidOrder(t, cast.seller, cast.buyer, { phone: bookingPhone })).order
      : await buyersPaidOrder();
    await handOver(t, order.id);
    return insertProblem(t, order.id, cast.buyer.id);
  };
  /** A seller (not the cast's: its account's setup is another route's) whose payout account is ready. */
  let readySeller: Promise<Caller> | undefined;
  const sellerWithPayoutAccount = async () => {
    const seller = await callerWithRole(t, 'seller', { verified: true });
    const onboarded = await t.app.inject({
      method: 'POST',
      url: '/api/test-processor/payout-account/onboarding',
      headers: seller.headers,
      payload: { outcome: 'complete' },
    });
    expect(onboarded.statusCode, onboarded.body).toBe(200);
    return seller;
  };
  /** A paid order's payout that failed, its seller's account ready: sent again, it goes. */
  const failedPayout = async () => {
    const { order } = await paidOrder(t, await (readySeller ??= sellerWithPayoutAccount()), cast.buyer);
    await t.app.db
      .update(sellerPayouts)
      .set({ status: 'failed', lastError: 'PayoutRefusedError: the account was closed' })
      .where(eq(sellerPayouts.orderId, order.id));
    return order.id;
  };
  /** A visitor's message for the admins' Messages page. */
  const visitorsMessage = async () => {
    const [row] = await t.app.db
      .insert(contactMessages)
      .values({ name: 'Vera Visitor', email: 'vera@example.com', message: 'Do you buy tablets too?' })
      .returning({ id: contactMessages.id });
    return row!.id;
  };
  const login = async (email: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: randomIp(),
    });
    expect(response.statusCode, response.body).toBe(200);
    return refreshCookie(response)!.value;
  };
  /** The refresh cookie `who` holds: a fresh session of theirs, a disabled account's, or none. */
  const sessionCookieOf = async (who: Identity): Promise<Record<string, string> | undefined> => {
    if (who === 'anonymous') return undefined;
    if (who === 'disabled') return { [refreshCookieName]: disabled.user.refreshToken };
    return { [refreshCookieName]: await login(emails[who]) };
  };

  const get = (url: string) => async () => ({ method: 'GET' as const, url });
  /** A live emailed link of a fresh account, as the email carries it. */
  const linkToken = async (purpose: 'password_reset' | 'email_confirmation') => {
    const user = await insertPasswordUser(t.app.db, { emailConfirmedAt: null });
    const token = randomBytes(32).toString('base64url');
    await t.app.db.insert(accountTokens).values({
      userId: user.id,
      purpose,
      tokenHash: hashAccountToken(token),
      expiresAt: new Date(Date.now() + 600_000),
    });
    return token;
  };
  /** A notification of `who`'s own (the buyer's for a caller without an account), for the bell's routes. */
  const ownNotificationId = async (who: Identity) => {
    const owner = who === 'anonymous' || who === 'disabled' ? cast.buyer : cast[who];
    await notify(
      t.app.db,
      { publicUrl: t.app.config.publicUrl },
      { userId: owner.id, kind: 'seller_verified', title: 'A notice', body: 'Something happened.', link: '/dashboard' },
    );
    const result = (await t.app.db.execute(
      sql`select id from notifications where user_id = ${owner.id} order by created_at desc limit 1`,
    )) as unknown as { rows: Array<{ id: string }> };
    return result.rows[0]!.id;
  };
  /** A live emailed unsubscribe link of a fresh account. */
  const unsubscribeToken = async () => {
    const user = await insertPasswordUser(t.app.db);
    const token = randomBytes(32).toString('base64url');
    await t.app.db
      .insert(unsubscribeTokens)
      .values({ tokenHash: hashUnsubscribeToken(token), userId: user.id, kind: 'price_drop' });
    return token;
  };
  const socialRule: Rule = {
    access: {
      kind: 'special',
      why: 'social sign-in is for everyone: it redirects to the provider or back with an error',
      expect: () => ({ status: 302, refused: false }),
    },
    request: async () => ({ method: 'GET', url: '' }),
  };

  /**
   * The table: every route and who may call it. A route the app has that is not here (or a line
   * here for a route it does not have) fails the first test below.
   */
  const table: Record<string, Rule> = {
    // Operations and documentation
    'GET /healthz': { access: { kind: 'public' }, request: get('/healthz') },
    'GET /readyz': { access: { kind: 'public' }, request: get('/readyz') },
    'GET /metrics': {
      access: {
        kind: 'special',
        why: 'only METRICS_TOKEN opens it; any account token is an unknown route (404)',
        expect: () => ({ status: 404, refused: true }),
      },
      request: get('/metrics'),
    },
    'GET /api/openapi.json': { access: { kind: 'public' }, request: get('/api/openapi.json') },
    'GET /api/docs': { access: { kind: 'public' }, request: get('/api/docs') },
    // Swagger UI sends its page's old address on to /api/docs/.
    'GET /api/docs/static/index.html': {
      access: { kind: 'public' },
      ok: 302,
      request: get('/api/docs/static/index.html'),
    },
    'GET /api/docs/static/swagger-initializer.js': {
      access: { kind: 'public' },
      request: get('/api/docs/static/swagger-initializer.js'),
    },
    'GET /api/docs/json': { access: { kind: 'public' }, request: get('/api/docs/json') },
    'GET /api/docs/yaml': { access: { kind: 'public' }, request: get('/api/docs/yaml') },
    'GET /api/docs/static/*': { access: { kind: 'public' }, request: get('/api/docs/static/swagger-ui.css') },
    'GET /uploads/*': { access: { kind: 'public' }, request: async () => ({ method: 'GET', url: imageUrl }) },

    // Catalogue
    'GET /api/categories': { access: { kind: 'public' }, request: get('/api/categories') },
    'GET /api/advertised': {
      access: { kind: 'public' },
      request: async () => {
        await advertise(t.app.db, (await sellersPhone()).id);
        return { method: 'GET', url: '/api/advertised' };
      },
    },
    'GET /api/categories/:id/products': {
      access: { kind: 'public' },
      request: async () => {
        await sellersPhone();
        return { method: 'GET', url: '/api/categories/1/products' };
      },
    },
    'GET /api/search': {
      access: { kind: 'public' },
      request: async () => {
        await sellersPhone();
        return { method: 'GET', url: '/api/search?storage=128' };
      },
    },
    'GET /api/products/:id': {
      access: { kind: 'public' },
      request: async () => ({ method: 'GET', url: `/api/products/${(await sellersPhone()).id}` }),
    },
    // The seller page and the fair-price guide: public like a phone's details.
    'GET /api/sellers/:id': {
      access: { kind: 'public' },
      request: async () => ({ method: 'GET', url: `/api/sellers/${cast.seller.id}` }),
    },
    'GET /api/sellers/:id/products': {
      access: { kind: 'public' },
      request: async () => {
        await sellersPhone();
        return { method: 'GET', url: `/api/sellers/${cast.seller.id}/products` };
      },
    },
    'GET /api/sellers/:id/ratings': {
      access: { kind: 'public' },
      request: async () => {
        await ratedOrder();
        return { method: 'GET', url: `/api/sellers/${cast.seller.id}/ratings` };
      },
    },
    // Questions on a listing: anyone reads, a buyer or seller who is not its seller asks, its seller answers.
    'GET /api/products/:id/questions': {
      access: { kind: 'public' },
      request: async () => ({ method: 'GET', url: `/api/products/${(await buyersQuestion()).productId}/questions` }),
    },
    'POST /api/products/:id/questions': {
      access: {
        kind: 'special',
        why: 'buyers and sellers ask, but not on their own listing; admins do not ask',
        expect: (who) =>
          who === 'anonymous' || who === 'disabled'
            ? { status: 401, refused: true }
            : who === 'seller' || who === 'admin'
              ? { status: 403, refused: true }
              : { status: 201, refused: false },
      },
      request: async () => ({
        method: 'POST',
        url: `/api/products/${(await sellersPhone()).id}/questions`,
        payload: { text: 'Does it come with a charger?' },
      }),
    },
    'POST /api/questions/:id/answer': {
      access: { kind: 'owner', roles: ['seller'], owner: 'seller', others: 404 },
      request: async () => ({
        method: 'POST',
        url: `/api/questions/${(await buyersQuestion()).questionId}/answer`,
        payload: { answer: 'Yes, it is.' },
      }),
    },
    'GET /api/fair-price': {
      access: { kind: 'public' },
      request: async () => {
        await sellersPhone();
        return { method: 'GET', url: '/api/fair-price?model=13&storageGb=128&condition=Good' };
      },
    },

    // Listings
    'POST /api/products': {
      access: { kind: 'role', roles: ['seller'] },
      ok: 201,
      request: async () => ({
        method: 'POST',
        url: '/api/products',
        payload: { ...filledListing({ phone: '415-555-0188' }), imageId },
      }),
    },
    'GET /api/me/products': { access: { kind: 'role', roles: ['seller'] }, request: get('/api/me/products') },
    'GET /api/me/products/:id': {
      access: { kind: 'owner', roles: ['seller'], owner: 'seller', others: 404 },
      request: async () => ({ method: 'GET', url: `/api/me/products/${(await sellersPhone()).id}` }),
    },
    'PATCH /api/products/:id': {
      access: { kind: 'owner', roles: ['seller'], owner: 'seller', others: 403 },
      request: async () => ({
        method: 'PATCH',
        url: `/api/products/${(await sellersPhone()).id}`,
        payload: filledListing({ phone: '415-555-0188', price: '399' }),
      }),
    },
    'DELETE /api/products/:id': {
      access: { kind: 'owner', roles: ['seller', 'admin'], owner: 'seller', others: 403 },
      ok: 204,
      request: async () => ({ method: 'DELETE', url: `/api/products/${(await sellersPhone()).id}` }),
    },
    'POST /api/products/:id/advertise': {
      access: { kind: 'owner', roles: ['seller'], owner: 'seller', others: 403 },
      ok: 201,
      request: async () => ({ method: 'POST', url: `/api/products/${(await sellersPhone()).id}/advertise` }),
    },
    'PUT /api/products/:id/photos': {
      access: { kind: 'owner', roles: ['seller'], owner: 'seller', others: 403 },
      request: async () => ({
        method: 'PUT',
        url: `/api/products/${(await sellersPhone()).id}/photos`,
        payload: { imageIds: [imageId] },
      }),
    },
    'POST /api/listing-codes': {
      access: { kind: 'role', roles: ['seller'] },
      ok: 201,
      request: async () => ({ method: 'POST', url: '/api/listing-codes' }),
    },
    'PUT /api/listing-codes/:code/photo': {
      access: { kind: 'owner', roles: ['seller'], owner: 'seller', others: 404 },
      ok: 204,
      request: async () => {
        const form = multipartBody([
          { name: 'photo', filename: 'proof.jpg', contentType: 'image/jpeg', bytes: await photo() },
        ]);
        return {
          method: 'PUT',
          url: `/api/listing-codes/${await sellersCode()}/photo`,
          headers: form.headers,
          payload: form.payload,
        };
      },
    },
    'GET /api/products/:id/verification-photo': {
      access: { kind: 'owner', roles: ['seller', 'admin'], owner: 'seller', others: 404 },
      request: async () => ({
        method: 'GET',
        url: `/api/products/${(await sellersPendingPhone()).id}/verification-photo`,
      }),
    },
    'POST /api/uploads': {
      access: { kind: 'signedIn' },
      ok: 201,
      request: async () => {
        const form = multipartBody([
          { name: 'image', filename: 'me.jpg', contentType: 'image/jpeg', bytes: await photo() },
        ]);
        return { method: 'POST', url: '/api/uploads', headers: form.headers, payload: form.payload };
      },
    },

    // Accounts
    'POST /api/auth/signup': {
      access: { kind: 'public' },
      ok: 201,
      request: async () => {
        const form = multipartBody([
          { name: 'name', value: 'Priya Shah' },
          { name: 'email', value: uniqueEmail('signup') },
          { name: 'password', value: password },
          { name: 'role', value: 'user' },
          { name: 'image', filename: 'me.jpg', contentType: 'image/jpeg', bytes: await photo() },
        ]);
        return {
          method: 'POST',
          url: '/api/auth/signup',
          headers: form.headers,
          payload: form.payload,
          remoteAddress: randomIp(),
        };
      },
    },
    'POST /api/auth/login': {
      access: {
        kind: 'special',
        why: 'anyone logs in with their own password; a disabled account cannot',
        expect: (who) => (who === 'disabled' ? { status: 401, refused: true } : { status: 200, refused: false }),
      },
      request: async (who) => {
        const email =
          who === 'anonymous'
            ? (await insertPasswordUser(t.app.db)).email
            : who === 'disabled'
              ? disabled.user.email
              : emails[who];
        return { method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: randomIp() };
      },
    },
    'POST /api/auth/refresh': {
      access: {
        kind: 'special',
        why: 'the refresh cookie is the credential: none is a quiet 204 (a visitor, signed out), a disabled account’s is a 401',
        // A disabled account's session family is revoked when it is presented: a write, on purpose.
        expect: (who) =>
          who === 'anonymous'
            ? { status: 204, refused: true }
            : who === 'disabled'
              ? { status: 401, refused: false }
              : { status: 200, refused: false },
      },
      request: async (who) => ({ method: 'POST', url: '/api/auth/refresh', cookies: await sessionCookieOf(who) }),
    },
    'POST /api/auth/logout': {
      access: {
        kind: 'special',
        why: 'ending a session needs nothing but its cookie, and without one there is nothing to end',
        expect: () => ({ status: 204, refused: false }),
      },
      request: async (who) => ({ method: 'POST', url: '/api/auth/logout', cookies: await sessionCookieOf(who) }),
    },
    'GET /api/me': { access: { kind: 'signedIn' }, request: get('/api/me') },

    // Account recovery: the emailed link's token is the credential, so anyone holding one may use it.
    'POST /api/auth/forgot-password': {
      access: { kind: 'public' },
      request: async () => ({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: (await insertPasswordUser(t.app.db)).email },
        remoteAddress: randomIp(),
      }),
    },
    'POST /api/auth/reset-password': {
      access: { kind: 'public' },
      request: async () => ({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: await linkToken('password_reset'), password: 'a-new-passphrase' },
        remoteAddress: randomIp(),
      }),
    },
    'POST /api/auth/confirm-email': {
      access: { kind: 'public' },
      request: async () => ({
        method: 'POST',
        url: '/api/auth/confirm-email',
        payload: { token: await linkToken('email_confirmation') },
        remoteAddress: randomIp(),
      }),
    },
    'POST /api/me/confirmation-email': {
      access: { kind: 'signedIn' },
      request: async () => ({ method: 'POST', url: '/api/me/confirmation-email', remoteAddress: randomIp() }),
    },
    'GET /api/admin/outbox': { access: { kind: 'role', roles: ['admin'] }, request: get('/api/admin/outbox') },
    'GET /api/demo-mailbox': { access: { kind: 'public' }, request: get('/api/demo-mailbox') },

    // Notifications: everyone's own; the emailed unsubscribe link's token is its credential.
    'GET /api/me/notifications': { access: { kind: 'signedIn' }, request: get('/api/me/notifications') },
    'GET /api/me/notifications/unread-count': {
      access: { kind: 'signedIn' },
      request: get('/api/me/notifications/unread-count'),
    },
    'POST /api/me/notifications/read-all': {
      access: { kind: 'signedIn' },
      ok: 204,
      request: async (who) => {
        await ownNotificationId(who);
        return { method: 'POST', url: '/api/me/notifications/read-all' };
      },
    },
    'POST /api/me/notifications/:id/read': {
      access: { kind: 'signedIn' },
      ok: 204,
      request: async (who) => ({ method: 'POST', url: `/api/me/notifications/${await ownNotificationId(who)}/read` }),
    },
    'GET /api/me/email-preferences': { access: { kind: 'signedIn' }, request: get('/api/me/email-preferences') },
    'PUT /api/me/email-preferences': {
      access: { kind: 'signedIn' },
      request: async () => ({
        method: 'PUT',
        url: '/api/me/email-preferences',
        payload: { emails: { price_drop: false } },
      }),
    },
    'GET /api/email-unsubscribe': {
      access: { kind: 'public' },
      request: async () => ({ method: 'GET', url: `/api/email-unsubscribe?token=${await unsubscribeToken()}` }),
    },
    'POST /api/email-unsubscribe': {
      access: { kind: 'public' },
      request: async () => ({ method: 'POST', url: `/api/email-unsubscribe?token=${await unsubscribeToken()}` }),
    },
    // Real-user Core Web Vitals: a sampled visit's beacon, from anyone (decision 0081).
    'POST /api/vitals': {
      access: { kind: 'public' },
      ok: 204,
      request: async () => ({
        method: 'POST',
        url: '/api/vitals',
        payload: { page: 'home', metrics: [{ name: 'LCP', value: 1200 }] },
        remoteAddress: randomIp(),
      }),
    },
    'PATCH /api/me': {
      access: { kind: 'signedIn' },
      request: async () => ({ method: 'PATCH', url: '/api/me', payload: { name: 'Renamed Person' } }),
    },
    'GET /api/auth/providers': { access: { kind: 'public' }, request: get('/api/auth/providers') },
    'GET /api/auth/google': { ...socialRule, request: get('/api/auth/google') },
    'GET /api/auth/google/callback': { ...socialRule, request: get('/api/auth/google/callback?code=x&state=y') },
    'GET /api/auth/github': { ...socialRule, request: get('/api/auth/github') },
    'GET /api/auth/github/callback': { ...socialRule, request: get('/api/auth/github/callback?code=x&state=y') },

    // Buying
    'POST /api/orders': {
      access: { kind: 'role', roles: ['user'] },
      ok: 201,
      request: async () => {
        // Not the seller's private number: a buyer who books is given it, on purpose.
        const product = await listPhone(t, cast.seller, { sellerPhone: '2065550111' });
        return {
          method: 'POST',
          url: '/api/orders',
          payload: { productId: product.id, phone: '312-555-0126', location: 'Chicago, IL' },
        };
      },
    },
    'GET /api/me/orders': { access: { kind: 'role', roles: ['user'] }, request: get('/api/me/orders') },
    'GET /api/me/orders/product-ids': {
      access: { kind: 'role', roles: ['user'] },
      request: get('/api/me/orders/product-ids'),
    },
    'GET /api/orders/:id': {
      access: { kind: 'owner', roles: ['user'], owner: 'buyer', others: 404 },
      request: async () => ({ method: 'GET', url: `/api/orders/${(await buyersOrder()).id}` }),
    },
    'GET /api/orders/:id/details': {
      // The order's page: its buyer and its phone's seller; an admin only while a problem is open (none here).
      access: threadParties(200, 404),
      request: async () => ({ method: 'GET', url: `/api/orders/${(await buyersOrder()).id}/details` }),
    },
    'DELETE /api/orders/:id': {
      access: { kind: 'owner', roles: ['user'], owner: 'buyer', others: 404 },
      ok: 204,
      request: async () => ({ method: 'DELETE', url: `/api/orders/${(await buyersOrder()).id}` }),
    },
    // Ratings: the order's buyer rates, its seller replies.
    'POST /api/orders/:id/rating': {
      access: { kind: 'owner', roles: ['user'], owner: 'buyer', others: 404 },
      ok: 201,
      request: async () => ({
        method: 'POST',
        url: `/api/orders/${(await completedOrder()).id}/rating`,
        payload: { stars: 5, comment: 'Great' },
      }),
    },
    'POST /api/orders/:id/rating/reply': {
      access: { kind: 'owner', roles: ['seller'], owner: 'seller', others: 404 },
      request: async () => ({
        method: 'POST',
        url: `/api/orders/${(await ratedOrder()).orderId}/rating/reply`,
        payload: { reply: 'Thanks' },
      }),
    },
    'GET /api/me/sales': { access: { kind: 'role', roles: ['seller'] }, request: get('/api/me/sales') },

    // Order progress: the order's seller hands over or ships, its buyer confirms or reports, an admin decides
    'POST /api/orders/:id/handed-over': {
      access: { kind: 'owner', roles: ['seller'], owner: 'seller', others: 404 },
      request: async () => ({ method: 'POST', url: `/api/orders/${(await buyersPaidOrder()).id}/handed-over` }),
    },
    'POST /api/orders/:id/shipped': {
      access: { kind: 'owner', roles: ['seller'], owner: 'seller', others: 404 },
      request: async () => ({
        method: 'POST',
        url: `/api/orders/${(await buyersPaidOrder()).id}/shipped`,
        payload: { trackingNote: 'UPS 1Z999AA10123456784' },
      }),
    },
    // A shipped order's label: the order's seller asks the rates, buys one, prints it
    'POST /api/orders/:id/shipping/rates': {
      access: { kind: 'owner', roles: ['seller'], owner: 'seller', others: 404 },
      request: async () => ({ method: 'POST', url: `/api/orders/${(await buyersShippingOrder()).id}/shipping/rates` }),
    },
    'POST /api/orders/:id/shipping/label': {
      access: { kind: 'owner', roles: ['seller'], owner: 'seller', others: 404 },
      request: async () => {
        const { orderId, rateId } = await shippingOrderWithRates();
        return { method: 'POST', url: `/api/orders/${orderId}/shipping/label`, payload: { rateId } };
      },
    },
    'GET /api/orders/:id/shipping/label.pdf': {
      access: { kind: 'owner', roles: ['seller'], owner: 'seller', others: 404 },
      request: async () => {
        const { orderId, rateId } = await shippingOrderWithRates();
        const bought = await t.app.inject({
          method: 'POST',
          url: `/api/orders/${orderId}/shipping/label`,
          headers: cast.seller.headers,
          payload: { rateId },
        });
        expect(bought.statusCode, bought.body).toBe(200);
        return { method: 'GET', url: `/api/orders/${orderId}/shipping/label.pdf` };
      },
    },
    'POST /api/orders/:id/receipt': {
      access: { kind: 'owner', roles: ['user'], owner: 'buyer', others: 404 },
      request: async () => {
        const order = await buyersPaidOrder();
        await handOver(t, order.id);
        return { method: 'POST', url: `/api/orders/${order.id}/receipt` };
      },
    },
    'POST /api/orders/:id/problems': {
      access: { kind: 'owner', roles: ['user'], owner: 'buyer', others: 404 },
      ok: 201,
      request: async () => {
        const order = await buyersPaidOrder();
        await handOver(t, order.id);
        return {
          method: 'POST',
          url: `/api/orders/${order.id}/problems`,
          payload: { reason: 'The phone does not turn on.' },
        };
      },
    },
    'GET /api/admin/order-problems': {
      access: { kind: 'role', roles: ['admin'] },
      request: async () => {
        await buyersProblem();
        return { method: 'GET', url: '/api/admin/order-problems' };
      },
    },
    'GET /api/admin/missed-drop-offs': {
      access: { kind: 'role', roles: ['admin'] },
      request: async () => ({ method: 'GET', url: '/api/admin/missed-drop-offs' }),
    },
    'POST /api/admin/order-problems/:id/refund': {
      access: { kind: 'role', roles: ['admin'] },
      request: async () => ({
        method: 'POST',
        url: `/api/admin/order-problems/${(await buyersProblem(true)).id}/refund`,
      }),
    },
    'POST /api/admin/order-problems/:id/close': {
      access: { kind: 'role', roles: ['admin'] },
      request: async () => ({ method: 'POST', url: `/api/admin/order-problems/${(await buyersProblem()).id}/close` }),
    },
    // Returns (decision 0074): the order's buyer asks and prints the label, its seller answers,
    // checks the IMEI and relists, an admin decides
    'POST /api/orders/:id/return': {
      access: { kind: 'owner', roles: ['user'], owner: 'buyer', others: 404 },
      ok: 201,
      request: async () => {
        const order = await deliveredShippingOrder();
        return { method: 'POST', url: `/api/orders/${order.id}/return`, payload: { reason: 'It does not charge.' } };
      },
    },
    'POST /api/orders/:id/return/accept': {
      access: { kind: 'owner', roles: ['seller'], owner: 'seller', others: 404 },
      request: async () => ({ method: 'POST', url: `/api/orders/${(await buyersReturn()).orderId}/return/accept` }),
    },
    'POST /api/orders/:id/return/decline': {
      access: { kind: 'owner', roles: ['seller'], owner: 'seller', others: 404 },
      request: async () => ({
        method: 'POST',
        url: `/api/orders/${(await buyersReturn()).orderId}/return/decline`,
        payload: { reason: 'It left here working.' },
      }),
    },
    'GET /api/orders/:id/return/label.pdf': {
      access: { kind: 'owner', roles: ['user'], owner: 'buyer', others: 404 },
      request: async () => {
        const { orderId } = await buyersReturn();
        const accepted = await t.app.inject({
          method: 'POST',
          url: `/api/orders/${orderId}/return/accept`,
          headers: cast.seller.headers,
        });
        expect(accepted.statusCode, accepted.body).toBe(200);
        return { method: 'GET', url: `/api/orders/${orderId}/return/label.pdf` };
      },
    },
    'POST /api/orders/:id/return/confirm-imei': {
      access: { kind: 'owner', roles: ['seller'], owner: 'seller', others: 404 },
      request: async () => {
        // Another phone's IMEI: recorded as a mismatch for an admin (no refund at the processor).
        const { orderId } = await buyersReturn({ status: 'arrived', arrivedAt: new Date() });
        return {
          method: 'POST',
          url: `/api/orders/${orderId}/return/confirm-imei`,
          payload: { imei: '356938035643809' },
        };
      },
    },
    'POST /api/orders/:id/return/relist': {
      access: { kind: 'owner', roles: ['seller'], owner: 'seller', others: 404 },
      request: async () => {
        const { orderId } = await buyersReturn({
          status: 'refunded',
          arrivedAt: new Date(),
          imeiMatched: true,
          imeiCheckedAt: new Date(),
        });
        return { method: 'POST', url: `/api/orders/${orderId}/return/relist` };
      },
    },
    'GET /api/admin/returns': {
      access: { kind: 'role', roles: ['admin'] },
      request: async () => {
        await buyersReturn({ status: 'declined', declineReason: 'No', sellerAnsweredAt: new Date() });
        return { method: 'GET', url: '/api/admin/returns' };
      },
    },
    'POST /api/admin/returns/:id/decide': {
      access: { kind: 'role', roles: ['admin'] },
      request: async () => {
        const { returnId } = await buyersReturn({ status: 'escalated', escalatedAt: new Date() });
        return {
          method: 'POST',
          url: `/api/admin/returns/${returnId}/decide`,
          payload: { decision: 'reject', reason: 'The photos show no fault.' },
        };
      },
    },
    'GET /api/me/wishlist': { access: { kind: 'role', roles: ['user'] }, request: get('/api/me/wishlist') },
    'GET /api/me/wishlist/ids': { access: { kind: 'role', roles: ['user'] }, request: get('/api/me/wishlist/ids') },
    'PUT /api/me/wishlist/:productId': {
      access: { kind: 'role', roles: ['user'] },
      ok: 204,
      request: async () => ({ method: 'PUT', url: `/api/me/wishlist/${(await sellersPhone()).id}` }),
    },
    'DELETE /api/me/wishlist/:productId': {
      // Each buyer's own list: another buyer's call takes nothing out of the buyer's.
      access: { kind: 'owner', roles: ['user'], owner: 'buyer', others: 204 },
      ok: 204,
      request: async () => {
        const product = await sellersPhone();
        const added = await addToWishlist(t, cast.buyer, product.id);
        expect(added.statusCode).toBe(204);
        return { method: 'DELETE', url: `/api/me/wishlist/${product.id}` };
      },
    },
    // Delivery addresses: a buyer's or a seller's own; the ship-from choice is a seller's
    'GET /api/me/addresses': { access: { kind: 'role', roles: ['user', 'seller'] }, request: get('/api/me/addresses') },
    'POST /api/me/addresses': {
      access: { kind: 'role', roles: ['user', 'seller'] },
      ok: 201,
      request: async () => ({ method: 'POST', url: '/api/me/addresses', payload: addressFormFor() }),
    },
    'PUT /api/me/addresses/:id': {
      // Someone else's address is the 404 an unknown one is.
      access: { kind: 'owner', roles: ['user', 'seller'], owner: 'buyer', others: 404 },
      request: async () => ({
        method: 'PUT',
        url: `/api/me/addresses/${await buyersAddress()}`,
        payload: addressFormFor({ line1: '9 Edited Road' }),
      }),
    },
    'DELETE /api/me/addresses/:id': {
      // Someone else's address is the 404 an unknown one is.
      access: { kind: 'owner', roles: ['user', 'seller'], owner: 'buyer', others: 404 },
      ok: 204,
      request: async () => ({ method: 'DELETE', url: `/api/me/addresses/${(await addAddress(t, cast.buyer)).id}` }),
    },
    'PUT /api/me/ship-from-address': {
      access: { kind: 'owner', roles: ['seller'], owner: 'seller', others: 404 },
      request: async () => ({
        method: 'PUT',
        url: '/api/me/ship-from-address',
        payload: { addressId: (await addAddress(t, cast.seller)).id },
      }),
    },
    'POST /api/products/:id/reports': {
      access: { kind: 'role', roles: ['user'] },
      ok: 201,
      request: async () => ({
        method: 'POST',
        url: `/api/products/${(await sellersPhone()).id}/reports`,
        payload: { reason: 'wrong_description', text: 'The battery health is much lower than the listing says.' },
      }),
    },

    // Messages between an order's buyer and its phone's seller
    'GET /api/orders/:id/messages': {
      access: threadParties(200, 404),
      request: async () => ({ method: 'GET', url: `/api/orders/${(await threadWithMessage()).id}/messages` }),
    },
    'POST /api/orders/:id/messages': {
      access: threadParties(201, 403),
      request: async () => ({
        method: 'POST',
        url: `/api/orders/${(await buyersOrder()).id}/messages`,
        payload: { body: 'Is the battery the original one?' },
      }),
    },
    'POST /api/orders/:id/messages/read': {
      access: threadParties(204, 403),
      request: async () => ({ method: 'POST', url: `/api/orders/${(await threadWithMessage()).id}/messages/read` }),
    },
    'GET /api/me/messages/unread': {
      access: { kind: 'role', roles: ['user', 'seller'] },
      request: async () => {
        await threadWithMessage();
        return { method: 'GET', url: '/api/me/messages/unread' };
      },
    },

    // Payments
    'GET /api/payments/config': { access: { kind: 'public' }, request: get('/api/payments/config') },
    'GET /api/seller-fee': { access: { kind: 'public' }, request: get('/api/seller-fee') },

    'GET /api/orders/:id/payment-receipt': {
      access: { kind: 'owner', roles: ['user'], owner: 'buyer', others: 404 },
      request: async () => ({ method: 'GET', url: `/api/orders/${(await buyersPaidOrder()).id}/payment-receipt` }),
    },

    // Payouts: each seller's own (the caller is the account's seller; no id to try)
    'GET /api/me/payouts': { access: { kind: 'role', roles: ['seller'] }, request: get('/api/me/payouts') },
    'POST /api/me/payout-account/onboarding': {
      access: { kind: 'role', roles: ['seller'] },
      request: async () => ({ method: 'POST', url: '/api/me/payout-account/onboarding' }),
    },
    'POST /api/test-processor/payout-account/onboarding': {
      only: 'testProcessor',
      access: { kind: 'role', roles: ['seller'] },
      request: async () => ({
        method: 'POST',
        url: '/api/test-processor/payout-account/onboarding',
        payload: { outcome: 'needs_information' },
      }),
    },
    // Finance: the admins'
    'GET /api/admin/finance': {
      access: { kind: 'role', roles: ['admin'] },
      request: async () => {
        await failedPayout();
        return { method: 'GET', url: '/api/admin/finance' };
      },
    },
    'POST /api/admin/payouts/:orderId/retry': {
      access: { kind: 'role', roles: ['admin'] },
      request: async () => ({ method: 'POST', url: `/api/admin/payouts/${await failedPayout()}/retry` }),
    },
    'POST /api/orders/:id/payment-intent': {
      access: { kind: 'owner', roles: ['user'], owner: 'buyer', others: 404 },
      request: async () => ({ method: 'POST', url: `/api/orders/${(await buyersOrder()).id}/payment-intent` }),
    },
    'POST /api/orders/:id/pay': {
      access: { kind: 'owner', roles: ['user'], owner: 'buyer', others: 404 },
      request: async () => {
        const order = await buyersOrder();
        const intent = await intentFor(t, cast.buyer, order.id);
        const confirmed = await confirmCard(t, intent);
        expect(confirmed.statusCode, confirmed.body).toBe(200);
        return {
          method: 'POST',
          url: `/api/orders/${order.id}/pay`,
          payload: { paymentIntentId: intent.paymentIntentId },
        };
      },
    },
    'POST /api/test-processor/payment-intents/:id/confirm': {
      only: 'testProcessor',
      access: {
        kind: 'special',
        why: 'the client secret is the credential (as at Stripe): the buyer holds it, nobody else does',
        expect: (who) => (who === 'buyer' ? { status: 200, refused: false } : { status: 404, refused: true }),
      },
      request: async (who) => {
        const intent = await intentFor(t, cast.buyer, (await buyersOrder()).id);
        const clientSecret = who === 'buyer' ? intent.clientSecret : `${intent.paymentIntentId}_secret_guessed`;
        return {
          method: 'POST',
          url: `/api/test-processor/payment-intents/${intent.paymentIntentId}/confirm`,
          payload: { clientSecret, number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' },
        };
      },
    },
    'POST /api/webhooks/stripe': {
      only: 'stripe',
      access: {
        kind: 'special',
        why: 'only Stripe’s signature opens it; no account does',
        expect: () => ({ status: 400, refused: true }),
      },
      request: async () => ({
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=forged`,
        },
        payload: JSON.stringify({ id: 'evt_matrix', object: 'event', type: 'payment_intent.succeeded', data: {} }),
      }),
    },
    'POST /api/webhooks/shipping': {
      access: {
        kind: 'special',
        why: 'only the carrier’s signature opens it; no account does',
        expect: () => ({ status: 400, refused: true }),
      },
      request: async () => ({
        method: 'POST',
        url: '/api/webhooks/shipping',
        headers: { 'content-type': 'application/json', 'x-hmac-signature': 'hmac-sha256-hex=forged' },
        payload: JSON.stringify({ object: 'Event', description: 'tracker.updated', result: {} }),
      }),
    },

    // Moderation
    'GET /api/admin/users': { access: { kind: 'role', roles: ['admin'] }, request: get('/api/admin/users?role=user') },
    'DELETE /api/admin/users/:id': {
      access: { kind: 'role', roles: ['admin'] },
      ok: 204,
      request: async () => ({ method: 'DELETE', url: `/api/admin/users/${(await insertUser(t.app.db)).id}` }),
    },
    'GET /api/admin/listing-reviews': {
      access: { kind: 'role', roles: ['admin'] },
      request: async () => {
        await sellersPendingPhone();
        return { method: 'GET', url: '/api/admin/listing-reviews' };
      },
    },
    'POST /api/admin/listing-reviews/:id/approve': {
      access: { kind: 'role', roles: ['admin'] },
      ok: 204,
      request: async () => ({
        method: 'POST',
        url: `/api/admin/listing-reviews/${(await sellersPendingPhone()).id}/approve`,
      }),
    },
    'POST /api/admin/listing-reviews/:id/reject': {
      access: { kind: 'role', roles: ['admin'] },
      ok: 204,
      request: async () => ({
        method: 'POST',
        url: `/api/admin/listing-reviews/${(await sellersPendingPhone()).id}/reject`,
        payload: { reason: 'The code in the photo cannot be read.' },
      }),
    },
    'POST /api/admin/sellers/:id/verify': {
      access: { kind: 'role', roles: ['admin'] },
      request: async () => ({
        method: 'POST',
        url: `/api/admin/sellers/${(await insertUser(t.app.db, { role: 'seller' })).id}/verify`,
      }),
    },
    'POST /api/admin/ratings/:id/hide-comment': {
      access: { kind: 'role', roles: ['admin'] },
      request: async () => ({
        method: 'POST',
        url: `/api/admin/ratings/${(await ratedOrder()).ratingId}/hide-comment`,
      }),
    },
    'POST /api/admin/ratings/:id/show-comment': {
      access: { kind: 'role', roles: ['admin'] },
      request: async () => {
        const { ratingId } = await ratedOrder();
        const hidden = await t.app.inject({
          method: 'POST',
          url: `/api/admin/ratings/${ratingId}/hide-comment`,
          headers: cast.admin.headers,
        });
        expect(hidden.statusCode, hidden.body).toBe(200);
        return { method: 'POST', url: `/api/admin/ratings/${ratingId}/show-comment` };
      },
    },
    'POST /api/admin/questions/:id/hide': {
      access: { kind: 'role', roles: ['admin'] },
      request: async () => ({
        method: 'POST',
        url: `/api/admin/questions/${(await buyersQuestion()).questionId}/hide`,
      }),
    },
    'POST /api/admin/questions/:id/unhide': {
      access: { kind: 'role', roles: ['admin'] },
      request: async () => {
        const { questionId } = await buyersQuestion();
        const hidden = await t.app.inject({
          method: 'POST',
          url: `/api/admin/questions/${questionId}/hide`,
          headers: cast.admin.headers,
        });
        expect(hidden.statusCode, hidden.body).toBe(200);
        return { method: 'POST', url: `/api/admin/questions/${questionId}/unhide` };
      },
    },
    'GET /api/admin/reports': { access: { kind: 'role', roles: ['admin'] }, request: get('/api/admin/reports') },
    'DELETE /api/admin/reports/:productId': {
      access: { kind: 'role', roles: ['admin'] },
      ok: 204,
      request: async () => {
        const product = await sellersPhone();
        await insertReport(t.app.db, { productId: product.id, reporterId: cast.buyer.id });
        return { method: 'DELETE', url: `/api/admin/reports/${product.id}` };
      },
    },
    'POST /api/admin/reports/:productId/block-imei': {
      access: { kind: 'role', roles: ['admin'] },
      ok: 204,
      request: async () => {
        const product = await listPhone(t, cast.seller, { imei: freshImei(), imeiChecked: true });
        await insertReport(t.app.db, { productId: product.id, reporterId: cast.buyer.id, reason: 'stolen' });
        return {
          method: 'POST',
          url: `/api/admin/reports/${product.id}/block-imei`,
          payload: { reason: 'Reported stolen' },
        };
      },
    },
    'POST /api/admin/reports/:productId/dismiss': {
      access: { kind: 'role', roles: ['admin'] },
      ok: 204,
      request: async () => {
        const product = await sellersPhone();
        await insertReport(t.app.db, { productId: product.id, reporterId: cast.buyer.id });
        return { method: 'POST', url: `/api/admin/reports/${product.id}/dismiss` };
      },
    },
    'GET /api/admin/audit': { access: { kind: 'role', roles: ['admin'] }, request: get('/api/admin/audit') },

    // Contact us and the admin's Messages
    'POST /api/contact-messages': {
      access: { kind: 'public' },
      ok: 201,
      request: async () => ({
        method: 'POST',
        url: '/api/contact-messages',
        payload: { name: 'Vera Visitor', email: 'vera@example.com', message: 'Do you buy tablets too?' },
        remoteAddress: randomIp(),
      }),
    },
    'GET /api/admin/contact-messages': {
      access: { kind: 'role', roles: ['admin'] },
      request: async () => {
        await visitorsMessage();
        return { method: 'GET', url: '/api/admin/contact-messages' };
      },
    },
    'POST /api/admin/contact-messages/:id/read': {
      access: { kind: 'role', roles: ['admin'] },
      request: async () => ({ method: 'POST', url: `/api/admin/contact-messages/${await visitorsMessage()}/read` }),
    },
    'POST /api/admin/contact-messages/:id/archive': {
      access: { kind: 'role', roles: ['admin'] },
      request: async () => ({
        method: 'POST',
        url: `/api/admin/contact-messages/${await visitorsMessage()}/archive`,
      }),
    },
  };

  it('has a rule for every route of the app, and only for routes it has', () => {
    const inTable = (only: Rule['only']) =>
      Object.entries(table)
        .filter(([, rule]) => rule.only === undefined || rule.only === only)
        .map(([key]) => key)
        .sort();
    expect([...routesOf(appRoutes).keys].sort()).toEqual(inTable('testProcessor'));
    expect([...routesOf(stripeRoutes).keys].sort()).toEqual(inTable('stripe'));
  });

  /** Every row of every table: a refused request must leave it exactly as it was. */
  const databaseState = async (app: TestApp) => {
    // The same result shape from PGlite and node-postgres.
    const rowsOf = async (query: SQL) => ((await app.app.db.execute(query)) as unknown as { rows: unknown[] }).rows;
    const tables = (await rowsOf(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
    )) as Array<{ name: string }>;
    const hash = createHash('sha256');
    for (const { name } of tables) {
      hash.update(name);
      const rows = await rowsOf(sql`select * from ${sql.identifier(name)}`);
      for (const row of rows.map((row) => JSON.stringify(row)).sort()) hash.update(row);
    }
    return hash.digest('hex');
  };

  const safeJson = (body: string): unknown => {
    try {
      return JSON.parse(body);
    } catch {
      return undefined;
    }
  };

  /**
   * The private values `who` must never see, and who may see each (on every route but those of
   * `exceptOn`, where the value is known to be public).
   */
  const privateValues = (): { what: string; value: string; seenBy: string[]; exceptOn?: string[] }[] => [
    // Only on the seller's own listing: no buyer gets it, not even the one who booked (0066).
    { what: 'the seller’s phone number', value: sellerPhoneOfListedPhones, seenBy: ['seller'] },
    { what: 'the buyer’s booking phone', value: bookingPhone, seenBy: ['buyer', 'seller', 'admin'] },
    { what: 'the buyer’s email', value: emails.buyer, seenBy: ['buyer', 'seller', 'admin'] },
    // On the cards of anyone signed in (the spec's cards show it), never in a visitor's answer; but
    // for the brand and search pages' answers, which the web shows signed-in people only and a
    // brand's page rendered once for all (docs/decisions/0051).
    {
      what: 'the seller’s email',
      value: emails.seller,
      seenBy: ['buyer', 'otherBuyer', 'seller', 'otherSeller', 'admin'],
      exceptOn: ['GET /api/categories/:id/products', 'GET /api/search'],
    },
    { what: 'a message between buyer and seller', value: messageMarker, seenBy: ['buyer', 'seller'] },
    { what: 'a password hash', value: hashMarker, seenBy: [] },
    { what: 'a password hash', value: '$argon2', seenBy: [] },
  ];

  it('answers every route × identity as the table says, changes nothing when it refuses, and leaks nothing', async () => {
    const failures: string[] = [];
    const counts = {
      routes: 0,
      heads: 0,
      identities: identities.length,
      requests: 0,
      refused: 0,
      unchanged: 0,
      leaks: 0,
    };
    const seen = new Map<string, number>();

    const check = async (app: TestApp, key: string, rule: Rule, method?: 'HEAD') => {
      counts[method ? 'heads' : 'routes'] += 1;
      for (const who of identities) {
        const caller = callerOf(who, rule.access);
        const expected = expectationOf(rule.access, rule.ok ?? 200, who);
        const request = await rule.request(who);
        const before = expected.refused ? await databaseState(app) : undefined;
        const response: LightMyRequestResponse = await app.app.inject({
          ...request,
          ...(method ? { method } : {}),
          headers: { ...caller?.headers, ...request.headers },
        } as InjectOptions);
        counts.requests += 1;
        const label = `${method ? key.replace(/^GET/, method) : key} as ${who}`;
        if (response.statusCode !== expected.status) {
          failures.push(
            `${label}: ${response.statusCode} (expected ${expected.status}) ${response.body.slice(0, 200)}`,
          );
        }
        const isErrorBody = ErrorBodySchema.safeParse(safeJson(response.body)).success;
        if (response.statusCode >= 400 && !method && !isErrorBody) {
          failures.push(`${label}: a ${response.statusCode} not in the error shape: ${response.body.slice(0, 200)}`);
        }
        if (before !== undefined) {
          counts.refused += 1;
          if ((await databaseState(app)) === before) counts.unchanged += 1;
          else failures.push(`${label}: refused, yet the database changed`);
        }
        for (const { what, value, seenBy, exceptOn } of privateValues()) {
          if (!response.body.includes(value) || exceptOn?.includes(key)) continue;
          if ((seenBy as string[]).includes(who)) {
            seen.set(what, (seen.get(what) ?? 0) + 1);
          } else {
            counts.leaks += 1;
            failures.push(`${label}: the answer carries ${what}`);
          }
        }
      }
    };

    for (const [key, rule] of Object.entries(table)) {
      const app = rule.only === 'stripe' ? stripeApp : t;
      await check(app, key, rule);
      const [method, url] = key.split(' ') as [string, string];
      const { headTwins } = routesOf(rule.only === 'stripe' ? stripeRoutes : appRoutes);
      if (method === 'GET' && headTwins.has(url)) await check(app, key, rule, 'HEAD');
    }
    console.log(
      `authorization matrix: ${counts.routes} routes (and ${counts.heads} HEAD twins) × ${counts.identities} identities = ` +
        `${counts.requests} requests; ` +
        `${counts.refused} refused (${counts.unchanged} left the database unchanged); leaks = ${counts.leaks}; ` +
        `private values seen by their parties: ${JSON.stringify(Object.fromEntries(seen))}`,
    );
    expect(failures).toEqual([]);
    // The leak check can see: the parties entitled to each private value did get it somewhere.
    expect(Object.fromEntries(seen)).toMatchObject({
      'the seller’s phone number': expect.any(Number),
      'the buyer’s booking phone': expect.any(Number),
      'the buyer’s email': expect.any(Number),
      'the seller’s email': expect.any(Number),
      'a message between buyer and seller': expect.any(Number),
    });
  }, 600_000);
});
