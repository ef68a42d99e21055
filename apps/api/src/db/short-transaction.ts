/**
 * A transaction that may not wait long for a lock nor run long: a stuck one fails fast instead of
 * holding rows (and a pool connection) while requests queue behind it. Money paths use it; they
 * keep every call to the card processor outside (docs/decisions/0017).
 */
import { sql } from 'drizzle-orm';
import type { Database, Executor } from './client.ts';

/** How long a statement of a short transaction may wait for a row lock. */
const lockTimeoutMs = 5_000;
/** How long a statement of a short transaction may run. */
const statementTimeoutMs = 15_000;

export const shortTransaction = <T>(db: Database, work: (tx: Executor) => Promise<T>): Promise<T> =>
  db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('lock_timeout', ${`${lockTimeoutMs}ms`}, true), set_config('statement_timeout', ${`${statementTimeoutMs}ms`}, true)`,
    );
    return work(tx);
  });
