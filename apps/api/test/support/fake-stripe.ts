/**
 * A local HTTP server speaking the few Stripe endpoints ReCell uses, as the Stripe SDK calls them
 * (form-encoded bodies, `Authorization: Bearer sk_…`, `Idempotency-Key`, `expand[]`):
 *
 *   POST /v1/payment_intents               create (manual capture)
 *   GET  /v1/payment_intents/:id           retrieve
 *   POST /v1/payment_intents/:id/capture   requires_capture → succeeded
 *   POST /v1/payment_intents/:id/cancel    requires_* → canceled
 *   POST /v1/refunds                       refund a succeeded intent
 *
 * The card is confirmed in the browser by Stripe Elements, which a test stands in for with
 * `confirm(id, cardNumber)`. Errors have Stripe's shape and statuses; a request repeated with the
 * same idempotency key gets the first answer again, as at Stripe.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  capture_method: string;
  client_secret: string;
  status: string;
  metadata: Record<string, string>;
  allowed_payment_method_types: string[];
  payment_method: { id: string; object: 'payment_method'; type: 'card'; card: { brand: string; last4: string } } | null;
  latest_charge: { id: string; object: 'charge'; amount: number; amount_refunded: number; refunded: boolean } | null;
  last_payment_error: { type: string; code: string; message: string } | null;
  livemode: false;
  created: number;
}

export interface FakeStripe {
  /** http://127.0.0.1:<port>: STRIPE_API_URL. */
  url: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** The env that makes the app use this server. */
  env: Record<string, string>;
  intents: Map<string, FakeIntent>;
  /** How often each intent was captured / cancelled / refunded (by the server's own count). */
  calls: { capture: Map<string, number>; cancel: Map<string, number>; refund: Map<string, number> };
  /** What Stripe Elements does: confirms the intent with a card (4242… succeeds, 4000…0002 is declined). */
  confirm(id: string, cardNumber?: string): FakeIntent;
  /** Makes the capture of this intent fail as the card's issuer would refuse it. */
  refuseCaptureOf(id: string, error?: { code: string; message: string }): void;
  /** A Stripe event about the intent as it is now (what Stripe would post to the webhook). */
  event(type: string, intentId: string): { id: string; payload: string };
  stop(): Promise<void>;
}

const declines: Record<string, { code: string; decline_code?: string; message: string }> = {
  '4000000000000002': { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  '4000000000009995': {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
};

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export const startFakeStripe = async (): Promise<FakeStripe> => {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const intents = new Map<string, FakeIntent>();
  const refusedCaptures = new Map<string, { code: string; message: string }>();
  const idempotent = new Map<string, { status: number; body: string }>();
  const calls = {
    capture: new Map<string, number>(),
    cancel: new Map<string, number>(),
    refund: new Map<string, number>(),
  };
  const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
  };

  /** The intent as the API returns it: expanded objects only where `expand[]` asked for them. */
  const view = (intent: FakeIntent, expand: string[] = []) => ({
    ...intent,
    payment_method:
      intent.payment_method && !expand.includes('payment_method') ? intent.payment_method.id : intent.payment_method,
    latest_charge:
      intent.latest_charge && !expand.includes('latest_charge') ? intent.latest_charge.id : intent.latest_charge,
  });

  const error = (status: number, body: Record<string, unknown>) => ({ status, body: { error: body } });
  const missing = (intentId: string) =>
    error(404, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'intent',
      message: `No such payment_intent: '${intentId}'`,
    });
  const unexpectedState = (intent: FakeIntent, action: string) =>
    error(400, {
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
      message: `This PaymentIntent could not be ${action} because it has a status of ${intent.status}.`,
      payment_intent: view(intent),
    });

  const handle = (method: string, path: string, params: URLSearchParams): { status: number; body: unknown } => {
    const expand = [...params.entries()].filter(([key]) => key.startsWith('expand[')).map(([, value]) => value);
    if (method === 'POST' && path === '/v1/payment_intents') {
      const metadata: Record<string, string> = {};
      for (const [key, value] of params.entries()) {
        const match = /^metadata\[(.+)\]$/.exec(key);
        if (match) metadata[match[1]!] = value;
      }
      const amount = Number(params.get('amount'));
      if (!Number.isInteger(amount) || amount < 1) {
        return error(400, {
          type: 'invalid_request_error',
          code: 'parameter_invalid_integer',
          param: 'amount',
          message: 'Invalid integer',
        });
      }
      const intentId = id('pi');
      const intent: FakeIntent = {
        id: intentId,
        object: 'payment_intent',
        amount,
        amount_capturable: 0,
        amount_received: 0,
        currency: params.get('currency') ?? 'usd',
        capture_method: params.get('capture_method') ?? 'automatic_async',
        client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
        status: 'requires_payment_method',
        metadata,
        allowed_payment_method_types: [...params.entries()]
          .filter(([key]) => key.startsWith('allowed_payment_method_types['))
          .map(([, value]) => value),
        payment_method: null,
        latest_charge: null,
        last_payment_error: null,
        livemode: false,
        created: Math.floor(Date.now() / 1000),
      };
      intents.set(intentId, intent);
      return { status: 200, body: view(intent, expand) };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intentId = params.get('payment_intent') ?? '';
      const intent = intents.get(intentId);
      if (!intent) return missing(intentId);
      count(calls.refund, intentId);
      if (intent.status !== 'succeeded' || !intent.latest_charge) {
        return error(400, {
          type: 'invalid_request_error',
          code: 'charge_not_refundable',
          message: 'This PaymentIntent does not have a successful charge to refund.',
        });
      }
      if (intent.latest_charge.refunded) {
        return error(400, {
          type: 'invalid_request_error',
          code: 'charge_already_refunded',
          message: `Charge ${intent.latest_charge.id} has already been refunded.`,
        });
      }
      intent.latest_charge = { ...intent.latest_charge, amount_refunded: intent.amount, refunded: true };
      return {
        status: 200,
        body: { id: id('re'), object: 'refund', amount: intent.amount, payment_intent: intentId, status: 'succeeded' },
      };
    }
    const match = /^\/v1\/payment_intents\/([^/]+)(?:\/(capture|cancel))?$/.exec(path);
    if (!match)
      return error(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` });
    const intentId = decodeURIComponent(match[1]!);
    const intent = intents.get(intentId);
    if (!intent) return missing(intentId);
    const action = match[2];
    if (method === 'GET' && !action) return { status: 200, body: view(intent, expand) };
    if (method === 'POST' && action === 'capture') {
      count(calls.capture, intentId);
      if (intent.status !== 'requires_capture') return unexpectedState(intent, 'captured');
      const refusal = refusedCaptures.get(intentId);
      if (refusal) {
        return error(402, {
          type: 'card_error',
          code: refusal.code,
          message: refusal.message,
          payment_intent: view(intent),
        });
      }
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      intent.amount_capturable = 0;
      intent.latest_charge = {
        id: id('ch'),
        object: 'charge',
        amount: intent.amount,
        amount_refunded: 0,
        refunded: false,
      };
      return { status: 200, body: view(intent, expand) };
    }
    if (method === 'POST' && action === 'cancel') {
      count(calls.cancel, intentId);
      if (
        !['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action'].includes(
          intent.status,
        )
      ) {
        return unexpectedState(intent, 'canceled');
      }
      intent.status = 'canceled';
      intent.amount_capturable = 0;
      return { status: 200, body: view(intent, expand) };
    }
    return error(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` });
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const send = (status: number, body: string) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
        res.end(body);
      };
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        send(401, JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }));
        return;
      }
      const url = new URL(req.url ?? '/', 'http://fake-stripe');
      const params = req.method === 'GET' ? url.searchParams : await readBody(req);
      const key = req.headers['idempotency-key'];
      const remembered =
        typeof key === 'string' && req.method === 'POST' ? idempotent.get(`${url.pathname} ${key}`) : undefined;
      if (remembered) {
        send(remembered.status, remembered.body);
        return;
      }
      const answer = handle(req.method ?? 'GET', url.pathname, params);
      const body = JSON.stringify(answer.body);
      if (typeof key === 'string' && req.method === 'POST')
        idempotent.set(`${url.pathname} ${key}`, { status: answer.status, body });
      send(answer.status, body);
    })().catch((cause: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(cause) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeStripe = {
    url,
    secretKey,
    publishableKey: `pk_test_${randomBytes(12).toString('hex')}`,
    webhookSecret: `whsec_${randomBytes(16).toString('hex')}`,
    env: {},
    intents,
    calls,
    confirm(intentId, cardNumber = '4242424242424242') {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no such intent ${intentId}`);
      if (intent.status !== 'requires_payment_method') throw new Error(`cannot confirm a ${intent.status} intent`);
      const digits = cardNumber.replace(/ /g, '');
      const decline = declines[digits];
      if (decline) {
        intent.last_payment_error = { type: 'card_error', code: decline.code, message: decline.message };
        return intent;
      }
      intent.payment_method = {
        id: id('pm'),
        object: 'payment_method',
        type: 'card',
        card: { brand: 'visa', last4: digits.slice(-4) },
      };
      intent.last_payment_error = null;
      intent.status = intent.capture_method === 'manual' ? 'requires_capture' : 'succeeded';
      intent.amount_capturable = intent.capture_method === 'manual' ? intent.amount : 0;
      return intent;
    },
    refuseCaptureOf(intentId, refusal = { code: 'card_declined', message: 'Your card was declined.' }) {
      refusedCaptures.set(intentId, refusal);
    },
    event(type, intentId) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no such intent ${intentId}`);
      const eventId = id('evt');
      const payload = JSON.stringify({
        id: eventId,
        object: 'event',
        api_version: '2026-10-28.endive',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        type,
        data: { object: view(intent) },
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
      });
      return { id: eventId, payload };
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  fake.env = {
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_PUBLISHABLE_KEY: fake.publishableKey,
    STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
    STRIPE_API_URL: url,
  };
  return fake;
};
