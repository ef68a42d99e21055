import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { searchTerms } from './schema.ts';

/**
 * Recomputes the search's vocabulary (the search_terms view: the words of listings for sale, per
 * category; docs/decisions/0055) from the listings. CONCURRENTLY: searches keep reading the
 * previous rows meanwhile. A whole pass over the listings for sale (seconds at a million), so it
 * runs in the background (the refresh-search-terms job) and after a seed, with a statement limit
 * of its own rather than a request's.
 */
export const refreshSearchTerms = (db: Database) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('statement_timeout', '600000', true)`);
    await tx.execute(sql`refresh materialized view concurrently ${searchTerms}`);
  });
