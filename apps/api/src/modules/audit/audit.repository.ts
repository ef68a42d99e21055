/**
 * The audit log's writes. Every admin action, deletion and payment records who did what to which
 * record, in the same transaction as the change itself (the admin's Audit Log reads these rows).
 */
import type { Executor } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

export interface AuditEntry {
  /** Null when the marketplace itself acted (a background job). */
  actorId: string | null;
  action: string;
  subjectType: string;
  subjectId: string;
  detail?: unknown;
}

export const insertAuditEntry = (tx: Executor, entry: AuditEntry) => tx.insert(auditLog).values(entry);
