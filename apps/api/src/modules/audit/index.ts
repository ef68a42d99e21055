/** The audit module's door: the owner of audit_log, written in the caller's transaction. */
export { insertAuditEntry } from './audit.repository.ts';
