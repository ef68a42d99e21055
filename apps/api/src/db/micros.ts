/**
 * Timestamps as exact microseconds, for keyset cursors (docs/decisions/0005): every repository that
 * pages by `created_at` writes its cursor with `microsOf` and reads it back with `timestampOf`.
 */
import { sql, type Placeholder, type SQLWrapper } from 'drizzle-orm';

/** A timestamp (a column or any expression) in microseconds since 1970, exact (extract gives a numeric), as text. */
export const microsOf = (column: SQLWrapper) => sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;
/** The timestamp of a cursor's microseconds: a stable expression an index condition can use. */
export const timestampOf = (us: string | Placeholder) =>
  sql`(timestamptz 'epoch' + ${us}::bigint * interval '1 microsecond')`;
