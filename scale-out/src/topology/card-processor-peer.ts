/**
 * The card processor every replica talks to: the repository's Stripe-protocol peer
 * (apps/api/test/support/fake-stripe.ts) as a standalone HTTP server shared by the replicas, so
 * the production Stripe adapter runs unchanged and a killed replica leaves the money where Stripe
 * would. A second, control port plays Stripe.js (confirm a card) and tells the suite every intent
 * with how often it was captured, cancelled and refunded.
 *
 * Run as a process: prints one JSON line `{ env, controlUrl }` once both ports listen.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startFakeStripe } from '../../../apps/api/test/support/fake-stripe.ts';

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

const fake = await startFakeStripe();

const control = createServer((req, res) => {
  const reply = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    try {
      if (req.method === 'POST' && req.url === '/confirm') {
        const { id, card } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string; card?: string };
        const intent = fake.confirm(id, card);
        return reply(200, { id: intent.id, status: intent.status });
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
      return reply(404, { message: 'unknown control call' });
    } catch (error) {
      return reply(409, { message: error instanceof Error ? error.message : String(error) });
    }
  });
});
control.listen(0, '127.0.0.1', () => {
  const { port } = control.address() as AddressInfo;
  console.log(JSON.stringify({ env: fake.env, controlUrl: `http://127.0.0.1:${port}` }));
});

const stop = () => {
  control.close();
  void fake.stop().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
