/**
 * The card processor every replica talks to: the repository's Stripe-protocol peer
 * (apps/api/test/support/fake-stripe.ts) as a standalone HTTP server shared by the replicas, so
 * the production Stripe adapter runs unchanged and a killed replica leaves the money where Stripe
 * would. A second, control port plays Stripe.js (confirm a card) and Stripe's hosted Connect
 * onboarding (a seller's account ends complete, or asking for more), tells the suite every intent
 * with how often it was captured, cancelled and refunded, every transfer to a seller's account
 * with its reversals and how often each was asked for, and can make the money-moving answers
 * (transfers, reversals, refunds) slow: the processor has moved the money at once, and the
 * replica hears of it only after the delay, the moment a kill -9 hurts most.
 *
 * The replicas reach the peer through that delaying front (its env's STRIPE_API_URL).
 *
 * Run as a process: prints one JSON line `{ env, controlUrl }` once every port listens.
 */
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startFakeStripe, type OnboardingOutcome } from '../../../apps/api/test/support/fake-stripe.ts';

export interface PeerIntent {
  id: string;
  status: string;
  amount: number;
  orderId: string | null;
  isRefunded: boolean;
  captures: number;
  cancels: number;
  refunds: number;
}

/** A transfer to a seller's connected account, as the processor keeps it. */
export interface PeerTransfer {
  id: string;
  /** The order it pays the seller for (Stripe's `transfer_group`). */
  orderId: string | null;
  destination: string;
  amount: number;
  amountReversed: number;
  reversals: Array<{ id: string; amount: number }>;
  /** Reversal requests the processor received for it (replays included). */
  reversalRequests: number;
}

export interface PeerTransfers {
  transfers: PeerTransfer[];
  /** Transfer requests by order (`transfer_group`): replays and refused ones included. */
  requestsByOrder: Record<string, number>;
}

/** How long the answers that move money are held back after the processor acted, in ms. */
export interface PeerDelays {
  transfers: number;
  reversals: number;
  refunds: number;
}

const fake = await startFakeStripe();
const delays: PeerDelays = { transfers: 0, reversals: 0, refunds: 0 };

const delayOf = (method: string, path: string) => {
  if (method !== 'POST') return 0;
  if (path === '/v1/transfers') return delays.transfers;
  if (/^\/v1\/transfers\/[^/]+\/reversals$/.test(path)) return delays.reversals;
  if (path === '/v1/refunds') return delays.refunds;
  return 0;
};

const readAll = async (stream: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** The replicas' way in: passes every request to the peer, and holds back the answers `delays` names. */
const front = createServer((req, res) => {
  void (async () => {
    const body = await readAll(req);
    const target = new URL(req.url ?? '/', fake.url);
    const answer = await new Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }>(
      (resolve, reject) => {
        const forward = httpRequest(
          target,
          { method: req.method, headers: { ...req.headers, host: target.host } },
          (response) => {
            readAll(response).then(
              (bytes) => resolve({ status: response.statusCode ?? 502, headers: response.headers, body: bytes }),
              reject,
            );
          },
        );
        forward.on('error', reject);
        forward.end(body);
      },
    );
    const delay = delayOf(req.method ?? 'GET', target.pathname);
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    const {
      'transfer-encoding': _chunked,
      connection: _connection,
      'keep-alive': _keepAlive,
      ...headers
    } = answer.headers;
    res.writeHead(answer.status, { ...headers, 'content-length': String(answer.body.length) });
    res.end(answer.body);
  })().catch((error: unknown) => {
    // The replica is gone (killed while it waited): nothing to answer.
    if (!res.headersSent) {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    }
  });
});

const transfersView = (): PeerTransfers => ({
  transfers: [...fake.transfers.values()].map((transfer) => ({
    id: transfer.id,
    orderId: transfer.transfer_group,
    destination: transfer.destination,
    amount: transfer.amount,
    amountReversed: transfer.amount_reversed,
    reversals: transfer.reversals.data.map((reversal) => ({ id: reversal.id, amount: reversal.amount })),
    reversalRequests: fake.calls.reversal.get(transfer.id) ?? 0,
  })),
  requestsByOrder: Object.fromEntries(fake.calls.transfer),
});

const control = createServer((req, res) => {
  const reply = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    try {
      const body = () => JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      if (req.method === 'POST' && req.url === '/confirm') {
        const { id, card } = body() as { id: string; card?: string };
        const intent = fake.confirm(id, card);
        return reply(200, { id: intent.id, status: intent.status });
      }
      if (req.method === 'POST' && req.url === '/onboarding') {
        // What the seller does on Stripe's hosted onboarding page.
        const { accountId, outcome } = body() as { accountId: string; outcome: OnboardingOutcome };
        const account = fake.completeOnboarding(accountId, outcome);
        return reply(200, { id: account.id, payoutsEnabled: account.payouts_enabled });
      }
      if (req.method === 'POST' && req.url === '/delays') {
        Object.assign(delays, body());
        return reply(200, delays);
      }
      if (req.method === 'GET' && req.url === '/intents') {
        const intents: PeerIntent[] = [...fake.intents.values()].map((intent) => ({
          id: intent.id,
          status: intent.status,
          amount: intent.amount,
          orderId: intent.metadata.orderId ?? null,
          isRefunded: Boolean(intent.latest_charge?.refunded),
          captures: fake.calls.capture.get(intent.id) ?? 0,
          cancels: fake.calls.cancel.get(intent.id) ?? 0,
          refunds: fake.calls.refund.get(intent.id) ?? 0,
        }));
        return reply(200, intents);
      }
      if (req.method === 'GET' && req.url === '/transfers') return reply(200, transfersView());
      return reply(404, { message: 'unknown control call' });
    } catch (error) {
      return reply(409, { message: error instanceof Error ? error.message : String(error) });
    }
  });
});

const listen = (server: typeof control) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
const frontPort = await listen(front);
const controlPort = await listen(control);
console.log(
  JSON.stringify({
    env: { ...fake.env, STRIPE_API_URL: `http://127.0.0.1:${frontPort}` },
    controlUrl: `http://127.0.0.1:${controlPort}`,
  }),
);

const stop = () => {
  control.close();
  front.close();
  void fake.stop().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
