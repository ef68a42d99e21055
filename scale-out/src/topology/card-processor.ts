/** Starts the card-processor peer process and speaks to its control port. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { send } from '../lib/http.ts';
import { startProcess, stopProcess, type Managed } from '../lib/processes.ts';
import type { PeerDelays, PeerIntent, PeerTransfer, PeerTransfers } from './card-processor-peer.ts';
import { nodeBinary, repoRoot } from './paths.ts';

export type { PeerDelays, PeerIntent, PeerTransfer, PeerTransfers };

/** The processor refused to confirm the card (the intent was cancelled meanwhile, …), as Stripe.js would say. */
export class ProcessorRefusal extends Error {}

export interface CardProcessorPeer {
  /** STRIPE_* for the replicas (keys and STRIPE_API_URL). */
  env: Record<string, string>;
  /** What Stripe.js does in the page: confirm the intent with a card; answers its status. */
  confirm(intentId: string, card?: string): Promise<string>;
  intents(): Promise<PeerIntent[]>;
  /** What Stripe's hosted Connect onboarding does: the seller's account ends as `outcome` says. */
  finishOnboarding(accountId: string, outcome: 'complete' | 'needs_information' | 'rejected'): Promise<void>;
  /** Every transfer to a seller's account, with its reversals, and the transfer requests per order. */
  transfers(): Promise<PeerTransfers>;
  /** Holds back the answers of transfers, reversals and refunds (after the processor acted), in ms. */
  delay(delays: Partial<PeerDelays>): Promise<void>;
  process: Managed;
  stop(): Promise<void>;
}

const peerEntry = fileURLToPath(new URL('./card-processor-peer.ts', import.meta.url));

export const startCardProcessor = async (workDir: string): Promise<CardProcessorPeer> => {
  const child = startProcess('card processor', nodeBinary, ['--import', 'tsx', peerEntry], {
    env: { PATH: process.env.PATH ?? '' },
    cwd: repoRoot,
    logFile: path.join(workDir, 'card-processor.log'),
  });
  const line = await child.waitForLine(/^\{"env"/, 30_000);
  const { env, controlUrl } = JSON.parse(line) as { env: Record<string, string>; controlUrl: string };
  return {
    env,
    async confirm(intentId, card = '4242424242424242') {
      const reply = await send(`${controlUrl}/confirm`, { method: 'POST', body: { id: intentId, card } });
      if (reply.status === 409) throw new ProcessorRefusal(reply.json<{ message: string }>().message);
      if (reply.status !== 200) throw new Error(`confirming ${intentId} at the processor: ${reply.text}`);
      return reply.json<{ status: string }>().status;
    },
    async intents() {
      return (await send(`${controlUrl}/intents`)).json<PeerIntent[]>();
    },
    async finishOnboarding(accountId, outcome) {
      const reply = await send(`${controlUrl}/onboarding`, { method: 'POST', body: { accountId, outcome } });
      if (reply.status !== 200) throw new Error(`onboarding ${accountId} at the processor: ${reply.text}`);
    },
    async transfers() {
      return (await send(`${controlUrl}/transfers`)).json<PeerTransfers>();
    },
    async delay(delays) {
      const reply = await send(`${controlUrl}/delays`, { method: 'POST', body: delays });
      if (reply.status !== 200) throw new Error(`setting the processor's delays: ${reply.text}`);
    },
    process: child,
    stop: async () => void (await stopProcess(child)),
  };
};
