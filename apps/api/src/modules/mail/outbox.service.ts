/** The outbox as an admin sees it: to whom, about what, and how delivery went; never a body. */
import type { Outbox, OutboxDeliveryState } from '@recell/contract';
import type { Database } from '../../db/client.ts';
import { insertAuditEntry } from '../audit/index.ts';
import { listRecentEmails, type OutboxEmailRow } from './outbox.repository.ts';

/** How an email's delivery went, from its row and whether this server has a mail server to send to. */
const deliveryState = (row: OutboxEmailRow, hasMailServer: boolean): OutboxDeliveryState => {
  if (row.sentAt) return 'sent';
  if (row.failedAt) return 'failed';
  if (!hasMailServer) return 'held';
  return row.attempts === 0 ? 'queued' : 'retrying';
};

/**
 * The newest 50 emails and their delivery, as `adminId` reads them. Each reading is audited (who,
 * when, how many emails): the list names who was sent what, so who looked stays on record.
 */
export const recentOutbox = async (db: Database, hasMailServer: boolean, adminId: string): Promise<Outbox> => {
  const rows = await db.transaction(async (tx) => {
    const recent = await listRecentEmails(tx, 50);
    await insertAuditEntry(tx, {
      actorId: adminId,
      action: 'outbox.viewed',
      subjectType: 'outbox',
      subjectId: 'recent',
      detail: { emails: recent.length },
    });
    return recent;
  });
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
