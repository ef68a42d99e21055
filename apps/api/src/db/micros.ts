/**
 * Timestamps as exact microseconds, for keyset cursors (docs/decisions/0005): every repository that
 * pages by `created_at` writes its cursor with `microsOf` and reads it back with `timestampOf`.
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** created_at in microseconds since 1970, exact (extract gives a numeric), as text. */
export const microsOf = (column: SQL | AnyPgColumn) =>
  sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;
/** The timestamp of a cursor's microseconds: a stable expression an index condition can use. */
export const timestampOf = (us: string | Placeholder) =>
  sql`(timestamptz 'epoch' + ${us}::bigint * interval '1 microsecond')`;
