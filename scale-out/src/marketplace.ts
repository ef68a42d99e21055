/**
 * The marketplace as its users drive it over HTTP: sign up (multipart with a photo), upload a
 * picture, put phones on sale, and buy one — book, get the payment intent, confirm the card at the
 * processor (what Stripe.js does in the page) and pay.
 */
import { randomInt, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { multipartBody } from '../../apps/api/test/support/images.ts';
import { imeiWithCheckDigit } from '../../packages/contract/src/phone-facts.ts';
import { type Client, messageOf, NetworkError, type Reply } from './lib/http.ts';
import { ProcessorRefusal, type CardProcessorPeer } from './topology/card-processor.ts';
import { confirmationToken } from './topology/mail-peer.ts';

export const password = 'scale-out-passphrase';

export interface Account {
  id: string;
  email: string;
  role: 'user' | 'seller';
  accessToken: string;
  /** The refresh cookie's value from sign-up. */
  refreshToken: string;
}

let photoBytes: Promise<Buffer> | undefined;
/** A small photo (sign-up and listings need one). */
const photo = () =>
  (photoBytes ??= sharp({
    create: {
      width: 320,
      height: 240,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .jpeg({ quality: 80 })
    .toBuffer());

/** The refresh cookie a reply set ('' when it cleared it; undefined when it set none). */
export const refreshCookieOf = (reply: Reply) => {
  const cookies = reply.headers['set-cookie'] ?? [];
  for (const cookie of cookies) {
    const match = /^recell_refresh=([^;]*)/.exec(cookie);
    if (match) return match[1]!;
  }
  return undefined;
};

const expectStatus = (reply: Reply, status: number, what: string) => {
  if (reply.status !== status) throw new Error(`${what}: expected ${status}, got ${reply.status} ${messageOf(reply)}`);
  return reply;
};

export const signUp = async (client: Client, role: 'user' | 'seller', label: string): Promise<Account> => {
  const email = `${label.toLowerCase().replaceAll(/[^a-z0-9]+/g, '-')}-${randomUUID().slice(0, 8)}@scale-out.test`;
  const form = multipartBody([
    { name: 'name', value: label },
    { name: 'email', value: email },
    { name: 'password', value: password },
    { name: 'role', value: role },
    { name: 'image', filename: 'me.jpg', contentType: 'image/jpeg', bytes: await photo() },
  ]);
  const reply = expectStatus(
    await client.post('/api/auth/signup', { headers: form.headers, body: form.payload }),
    201,
    `sign-up of ${email}`,
  );
  const session = reply.json<{ accessToken: string; user: { id: string } }>();
  // A new account books, pays and lists only once its email is confirmed: by the emailed link.
  expectStatus(
    await client.post('/api/auth/confirm-email', { body: { token: await confirmationToken(email) } }),
    200,
    `email confirmation of ${email}`,
  );
  return {
    id: session.user.id,
    email,
    role,
    accessToken: session.accessToken,
    refreshToken: refreshCookieOf(reply) ?? '',
  };
};

/** POST /api/uploads: the stored picture's id and URL (in the bucket). */
export const uploadPicture = async (client: Client, account: Account) => {
  const form = multipartBody([
    { name: 'image', filename: 'phone.jpg', contentType: 'image/jpeg', bytes: await photo() },
  ]);
  const reply = expectStatus(
    await client.post('/api/uploads', { token: account.accessToken, headers: form.headers, body: form.payload }),
    201,
    'picture upload',
  );
  return reply.json<{ id: string; url: string }>();
};

const listingFields = (name: string, priceDollars: number) => ({
  name,
  categoryId: '1',
  price: String(priceDollars),
  originalPrice: String(priceDollars + 200),
  brand: 'Apple',
  model: name,
  used: '1 year',
  location: 'Austin, TX',
  phone: '5125550147',
  condition: 'Good',
  storageGb: '128',
  colour: 'Midnight',
  networkLock: 'unlocked',
  // One listing for sale per IMEI: each listing its own.
  imei: imeiWithCheckDigit(`35${String(randomInt(1e6)).padStart(6, '0')}${String(randomInt(1e6)).padStart(6, '0')}`),
  authenticity: 'Original, with the box',
  features: 'Face ID, 128 GB',
  description: 'Works perfectly; a small scratch on the back.',
});

export interface Listing {
  id: string;
  priceCents: number;
  imageUrl: string;
}

/** Add Product as the page sends it: multipart with the picture as the file `image`. */
export const addListingWithPicture = async (client: Client, seller: Account, name: string, priceDollars: number) => {
  const fields = Object.entries(listingFields(name, priceDollars)).map(([key, value]) => ({ name: key, value }));
  const form = multipartBody([
    ...fields,
    { name: 'image', filename: 'phone.jpg', contentType: 'image/jpeg', bytes: await photo() },
  ]);
  const reply = expectStatus(
    await client.post('/api/products', { token: seller.accessToken, headers: form.headers, body: form.payload }),
    201,
    `listing ${name}`,
  );
  return reply.json<Listing>();
};

/** Add Product with a picture uploaded before (JSON with `imageId`). */
export const addListing = async (
  client: Client,
  seller: Account,
  name: string,
  priceDollars: number,
  imageId: string,
) => {
  const reply = expectStatus(
    await client.post('/api/products', {
      token: seller.accessToken,
      body: { ...listingFields(name, priceDollars), imageId },
    }),
    201,
    `listing ${name}`,
  );
  return reply.json<Listing>();
};

// ---------------------------------------------------------------------------------------------
// Buying

type PurchaseStep = 'book' | 'intent' | 'confirm' | 'pay';

/** Where a purchase got to; kept so a retry resumes where the failure happened, as a client would. */
export interface Purchase {
  buyer: Account;
  productId: string;
  /** Set: the phone is shipped to this address of the buyer's; else handed over at a meeting. */
  addressId?: string;
  orderId?: string;
  paymentIntentId?: string;
  outcome?: PurchaseOutcome;
}

export type PurchaseOutcome =
  /** The order is paid. */
  | { kind: 'paid'; ms: number }
  /** A clean refusal: 4xx with the catalogue's message (someone else bought it, …), or the processor's. */
  | { kind: 'refused'; step: PurchaseStep; status: number | 'processor'; message: string; ms: number }
  /** 5xx, or no answer at all: the client does not know what happened. */
  | { kind: 'failed'; step: PurchaseStep; status: number | string; message: string; ms: number };

const booking = (productId: string) => ({ productId, phone: '312-555-0126', location: 'Chicago, IL' });

/**
 * Runs (or resumes) a purchase through `client` and returns its outcome. A failed step is left
 * where it failed; calling again retries that step with the same inputs (a second /pay of the same
 * intent, a booking found among My Orders when the first answer was lost).
 */
export const purchase = async (
  client: Client,
  processor: CardProcessorPeer,
  state: Purchase,
  options: { beforePay?: () => Promise<void> } = {},
): Promise<PurchaseOutcome> => {
  const started = performance.now();
  const ms = () => performance.now() - started;
  let step: PurchaseStep = 'book';
  const token = state.buyer.accessToken;
  const settle = (reply: Reply): PurchaseOutcome | undefined => {
    if (reply.status >= 400 && reply.status < 500)
      return { kind: 'refused', step, status: reply.status, message: messageOf(reply), ms: ms() };
    if (reply.status >= 500) return { kind: 'failed', step, status: reply.status, message: messageOf(reply), ms: ms() };
    return undefined;
  };
  try {
    if (!state.orderId) {
      const body = state.addressId
        ? { delivery: 'shipping', productId: state.productId, addressId: state.addressId }
        : booking(state.productId);
      const reply = await client.post('/api/orders', { token, body });
      if (reply.status === 409 && state.outcome?.kind === 'failed') {
        // A retry after a lost answer: the first booking may have been made.
        const mine = await client.get('/api/me/orders?limit=50', { token });
        const open = mine
          .json<{ items: Array<{ id: string; status: string; product: { id: string } }> }>()
          .items.find((order) => order.product.id === state.productId && order.status === 'booked');
        if (open) state.orderId = open.id;
      }
      if (!state.orderId) {
        const done = settle(reply);
        if (done) return (state.outcome = done);
        state.orderId = reply.json<{ id: string }>().id;
      }
    }
    if (!state.paymentIntentId) {
      step = 'intent';
      const reply = await client.post(`/api/orders/${state.orderId}/payment-intent`, { token });
      const done = settle(reply);
      if (done) return (state.outcome = done);
      const intentId = reply.json<{ paymentIntentId: string }>().paymentIntentId;
      step = 'confirm';
      const status = await processor.confirm(intentId);
      if (status !== 'requires_capture') throw new Error(`the processor left ${intentId} ${status} after a good card`);
      state.paymentIntentId = intentId;
    }
    await options.beforePay?.();
    step = 'pay';
    const reply = await client.post(`/api/orders/${state.orderId}/pay`, {
      token,
      body: { paymentIntentId: state.paymentIntentId },
    });
    const done = settle(reply);
    if (done) return (state.outcome = done);
    const order = reply.json<{ status: string }>();
    if (order.status !== 'paid') {
      return (state.outcome = {
        kind: 'failed',
        step,
        status: reply.status,
        message: `order ${order.status}`,
        ms: ms(),
      });
    }
    return (state.outcome = { kind: 'paid', ms: ms() });
  } catch (error) {
    // The page shows the processor's refusal (the sale went to someone else and released this
    // intent): a clean answer, with nothing charged.
    if (error instanceof ProcessorRefusal) {
      return (state.outcome = { kind: 'refused', step, status: 'processor', message: error.message, ms: ms() });
    }
    const code = error instanceof NetworkError ? error.code : 'error';
    const message = error instanceof Error ? error.message : String(error);
    return (state.outcome = { kind: 'failed', step, status: code, message, ms: ms() });
  }
};

// ---------------------------------------------------------------------------------------------
// After the sale: the seller's payout account, the hand-over, the buyer's receipt or problem, an
// admin's refund

/**
 * The seller connects a payout account: the API makes it at the processor and answers the
 * processor's hosted onboarding page, which the seller finishes (`outcome`); back on Payouts, the
 * API reads the account from the processor. Answers the account's state as the seller sees it.
 */
export const connectPayoutAccount = async (
  client: Client,
  processor: CardProcessorPeer,
  seller: Account,
  outcome: 'complete' | 'needs_information',
) => {
  const started = expectStatus(
    await client.post('/api/me/payout-account/onboarding', { token: seller.accessToken }),
    200,
    `payout onboarding of ${seller.email}`,
  );
  const accountId = /\/connect\/onboarding\/([\w]+)/.exec(started.json<{ url: string }>().url)?.[1];
  if (!accountId) throw new Error(`no account in the onboarding link ${started.text}`);
  await processor.finishOnboarding(accountId, outcome);
  const payouts = expectStatus(
    await client.get('/api/me/payouts', { token: seller.accessToken }),
    200,
    `payouts of ${seller.email}`,
  );
  return payouts.json<{ account: { state: string }; balances: Record<string, number> }>().account.state;
};

/** A POST of an order's progress (hand-over, receipt, problem) by its seller or buyer: the reply as it came. */
export const orderStep = (
  client: Client,
  account: Account,
  orderId: string,
  step: 'handed-over' | 'receipt' | 'problems',
) =>
  client.post(`/api/orders/${orderId}/${step}`, {
    token: account.accessToken,
    ...(step === 'problems' ? { body: { reason: 'The screen flickers and the battery does not hold a charge.' } } : {}),
  });

/** Like `orderStep`, but anything but 2xx is an error. */
export const orderStepOk = async (
  client: Client,
  account: Account,
  orderId: string,
  step: 'handed-over' | 'receipt' | 'problems',
) => {
  const reply = await orderStep(client, account, orderId, step);
  if (reply.status >= 300) throw new Error(`${step} of order ${orderId}: ${reply.status} ${messageOf(reply)}`);
  return reply.json<{ id: string; progress: string; problem: { id: string; status: string } | null }>();
};

/** An admin refunds the order of a problem report: the reply as it came (200, 409, 503, …). */
export const refundProblem = (client: Client, admin: Account, problemId: string) =>
  client.post(`/api/admin/order-problems/${problemId}/refund`, { token: admin.accessToken });

// ---------------------------------------------------------------------------------------------
// Shipping: addresses the carrier verifies, the seller's ship-from address, the label

/** An address form the carrier verifies (a street of its own per account, so each is its own address). */
export const addressForm = (name: string, street: string, city = 'Springfield', region = 'IL', zip = '62701') => ({
  name,
  line1: street,
  city,
  region,
  postalCode: zip,
  country: 'US',
  phone: '2175550134',
});

/** POST /api/me/addresses: the address as the carrier corrected it (201, else an error). */
export const addAddress = async (client: Client, account: Account, form: ReturnType<typeof addressForm>) => {
  const reply = expectStatus(
    await client.post('/api/me/addresses', { token: account.accessToken, body: form }),
    201,
    `an address of ${account.email}`,
  );
  return reply.json<{ id: string; line1: string }>();
};

/** The seller adds an address and ships sold phones from it. */
export const shipFrom = async (client: Client, seller: Account, form: ReturnType<typeof addressForm>) => {
  const address = await addAddress(client, seller, form);
  expectStatus(
    await client.request('PUT', '/api/me/ship-from-address', {
      token: seller.accessToken,
      body: { addressId: address.id },
    }),
    200,
    `the ship-from address of ${seller.email}`,
  );
  return address;
};

/** The seller asks the carrier's rates for a paid order and buys the cheapest's label: the sale as it then stands. */
export const buyLabel = async (client: Client, seller: Account, orderId: string) => {
  const rates = expectStatus(
    await client.post(`/api/orders/${orderId}/shipping/rates`, { token: seller.accessToken }),
    200,
    `the shipping rates of order ${orderId}`,
  ).json<{ rates: Array<{ id: string; amountCents: number }> }>().rates;
  const cheapest = [...rates].sort((a, b) => a.amountCents - b.amountCents)[0];
  if (!cheapest) throw new Error(`the carrier offered no rate for order ${orderId}`);
  return expectStatus(
    await client.post(`/api/orders/${orderId}/shipping/label`, {
      token: seller.accessToken,
      body: { rateId: cheapest.id },
    }),
    200,
    `the label of order ${orderId}`,
  ).json<{ id: string; progress: string }>();
};
