/** The outbox as an admin sees it: to whom, about what, and how delivery went; never a body. */
import type { Outbox, OutboxDeliveryState } from '@recell/contract';
import type { Database } from '../../db/client.ts';
import { listRecentEmails, type OutboxEmailRow } from './outbox.repository.ts';

/** How an email's delivery went, from its row and whether this server has a mail server to send to. */
const deliveryState = (row: OutboxEmailRow, hasMailServer: boolean): OutboxDeliveryState => {
  if (row.sentAt) return 'sent';
  if (row.failedAt) return 'failed';
  if (!hasMailServer) return 'held';
  return row.attempts === 0 ? 'queued' : 'retrying';
};

/** The newest 50 emails and their delivery. */
export const recentOutbox = async (db: Database, hasMailServer: boolean): Promise<Outbox> => {
  const rows = await listRecentEmails(db, 50);
  return {
    hasMailServer,
    items: rows.map((row) => ({
      id: row.id,
      to: row.recipient,
      subject: row.subject,
      kind: row.kind,
      state: deliveryState(row, hasMailServer),
      attempts: row.attempts,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
      failedAt: row.failedAt?.toISOString() ?? null,
    })),
  };
};
