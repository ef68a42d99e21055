import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client.ts';
import { advertisements, categories, products, users } from '../../db/schema.ts';

export const listCategories = (db: Database) =>
  db
    .select({ id: categories.id, brand: categories.brand, imageUrl: categories.imageUrl })
    .from(categories)
    .orderBy(asc(categories.position));

export const categoryExists = async (db: Executor, id: string) =>
  (await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).limit(1)).length > 0;

/** The columns every public listing view shows; the seller's phone number is deliberately absent. */
export const publicProductColumns = {
  id: products.id,
  categoryId: products.categoryId,
  name: products.name,
  brand: products.brand,
  model: products.model,
  priceCents: products.priceCents,
  originalPriceCents: products.originalPriceCents,
  condition: products.condition,
  used: products.used,
  location: products.location,
  authenticity: products.authenticity,
  features: products.features,
  description: products.description,
  imageUrl: products.imageUrl,
  status: products.status,
  createdAt: products.createdAt,
  isAdvertised: sql<boolean>`${advertisements.productId} is not null`,
  sellerId: users.id,
  sellerName: users.name,
  sellerEmail: users.email,
  // Read from the seller's row at query time, so verifying a seller shows the badge everywhere.
  sellerVerified: users.verified,
};

/** created_at in microseconds since 1970, exact (extract gives a numeric), as text. */
export const microsOf = (column: SQL | AnyPgColumn) =>
  sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;
/** The timestamp of a cursor's microseconds: a stable expression an index condition can use. */
export const timestampOf = (us: string) => sql`(timestamptz 'epoch' + ${us}::bigint * interval '1 microsecond')`;

export type PublicProductRow = Awaited<ReturnType<typeof liveProductsByIds>>[number];

/** Advertised phones that are still for sale, newest advertisement first; keyset on (created_at, id). */
export const listAdvertised = (db: Database, opts: { limit: number; after?: { us: string; id: string } | undefined }) =>
  db
    // The cursor keeps PostgreSQL's microseconds: a JS Date would round them to ms.
    .select({ ...publicProductColumns, advertisedUs: microsOf(advertisements.createdAt) })
    .from(advertisements)
    .innerJoin(products, eq(products.id, advertisements.productId))
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(
      and(
        eq(products.status, 'available'),
        isNull(users.disabledAt),
        opts.after
          ? sql`(${advertisements.createdAt}, ${advertisements.productId}) < (${timestampOf(opts.after.us)}, ${opts.after.id}::uuid)`
          : undefined,
      ),
    )
    // NULLS LAST, as advertisements_created_idx is sorted, so the index serves the order.
    .orderBy(sql`${advertisements.createdAt} desc nulls last`, sql`${advertisements.productId} desc nulls last`)
    .limit(opts.limit);

// ---------------------------------------------------------------------------------------------
// Category pages: browse, filter, search, with keyset pagination in three sorts.

export type BrowseSort = 'newest' | 'price_asc' | 'price_desc';

/** Where a page ends in its sort: the sort key of its last listing. */
export interface BrowseKey {
  /** created_at as whole microseconds since 1970 (PostgreSQL's precision; a JS Date keeps ms). */
  us: string;
  priceCents: number;
  id: string;
}

export interface BrowseFilters {
  categoryId: string;
  /** A to_tsquery('simple', …) text built by the service from the user's words. */
  tsquery?: string | undefined;
  condition?: string | undefined;
  minPriceCents?: number | undefined;
  maxPriceCents?: number | undefined;
}

export const hasMatchFilters = (f: BrowseFilters) =>
  f.tsquery !== undefined ||
  f.condition !== undefined ||
  f.minPriceCents !== undefined ||
  f.maxPriceCents !== undefined;

/** The columns a sort reads: the listing's own, or those of the window a search scans. */
interface SortColumns {
  createdAt: SQL | AnyPgColumn;
  id: SQL | AnyPgColumn;
  priceCents: SQL | AnyPgColumn;
}
const productSortColumns: SortColumns = {
  createdAt: products.createdAt,
  id: products.id,
  priceCents: products.priceCents,
};
const windowSortColumns: SortColumns = { createdAt: sql`w.created_at`, id: sql`w.id`, priceCents: sql`w.price_cents` };

/**
 * The order of each sort, written as the browse indexes are sorted (products_browse_idx is
 * created_at DESC NULLS LAST; products_browse_price_idx ascending), so an index walk serves it.
 */
const orderOf = (sort: BrowseSort, c: SortColumns = productSortColumns): SQL[] => {
  switch (sort) {
    case 'newest':
      return [sql`${c.createdAt} desc nulls last`, sql`${c.id} desc nulls last`];
    case 'price_asc':
      return [sql`${c.priceCents} asc`, sql`${c.id} asc`];
    case 'price_desc':
      return [sql`${c.priceCents} desc`, sql`${c.id} desc`];
  }
};

/** The sort's order backwards, to find where a window ends. */
const reverseOrderOf = (sort: BrowseSort, c: SortColumns): SQL[] => {
  switch (sort) {
    case 'newest':
      return [sql`${c.createdAt} asc nulls first`, sql`${c.id} asc nulls first`];
    case 'price_asc':
      return [sql`${c.priceCents} desc`, sql`${c.id} desc`];
    case 'price_desc':
      return [sql`${c.priceCents} asc`, sql`${c.id} asc`];
  }
};

/** Rows after `key` in the sort: a row comparison the browse indexes answer directly. */
const afterKey = (sort: BrowseSort, key: BrowseKey | undefined): SQL | undefined => {
  if (!key) return undefined;
  switch (sort) {
    case 'newest':
      return sql`(${products.createdAt}, ${products.id}) < (${timestampOf(key.us)}, ${key.id}::uuid)`;
    case 'price_asc':
      return sql`(${products.priceCents}, ${products.id}) > (${key.priceCents}::int, ${key.id}::uuid)`;
    case 'price_desc':
      return sql`(${products.priceCents}, ${products.id}) < (${key.priceCents}::int, ${key.id}::uuid)`;
  }
};

/**
 * Listings of the category for sale. 'available' is written as a literal so the planner can prove
 * the partial search index's predicate whatever the statement's parameters.
 */
const liveInCategory = (categoryId: string) =>
  and(eq(products.categoryId, categoryId), sql`${products.status} = 'available'`);

/** The filters a listing must pass (all of them); undefined when there are none. */
const matchOf = (f: BrowseFilters): SQL | undefined =>
  and(
    f.tsquery !== undefined ? sql`${products.search} @@ to_tsquery('simple', ${f.tsquery})` : undefined,
    f.condition !== undefined ? eq(products.condition, f.condition) : undefined,
    f.minPriceCents !== undefined ? sql`${products.priceCents} >= ${f.minPriceCents}` : undefined,
    f.maxPriceCents !== undefined ? sql`${products.priceCents} <= ${f.maxPriceCents}` : undefined,
  );

/**
 * A listing of a disabled seller is withdrawn from every public view. The few disabled accounts
 * (users_disabled_idx) become one hashed set per statement, probed per row.
 */
const sellerIsActive = sql`${products.sellerId} not in (select ${users.id} from ${users} where ${users.disabledAt} is not null)`;

const keyColumns = {
  id: products.id,
  us: microsOf(products.createdAt),
  priceCents: products.priceCents,
};

/**
 * A plain category page (no filters): walks the browse index in the sort's order from the cursor
 * and stops after `limit` rows, so its cost does not grow with the catalogue.
 */
export const browseCategory = (
  db: Database,
  opts: { categoryId: string; sort: BrowseSort; after?: BrowseKey | undefined; limit: number },
) =>
  db
    .select({ ...publicProductColumns, us: keyColumns.us })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .leftJoin(advertisements, eq(advertisements.productId, products.id))
    .where(and(liveInCategory(opts.categoryId), isNull(users.disabledAt), afterKey(opts.sort, opts.after)))
    .orderBy(...orderOf(opts.sort))
    .limit(opts.limit);

/**
 * Sorted by price, a price range bounds the walk down the price index itself, so the window starts
 * at the range; sorted by date, the range is just a filter.
 */
const priceBoundsFor = (sort: BrowseSort, f: BrowseFilters) =>
  sort === 'newest'
    ? undefined
    : and(
        f.minPriceCents !== undefined ? sql`${products.priceCents} >= ${f.minPriceCents}` : undefined,
        f.maxPriceCents !== undefined ? sql`${products.priceCents} <= ${f.maxPriceCents}` : undefined,
      );

export interface WindowScan {
  /** The listings of the window that pass the filters, in sort order (at most `limit`). */
  hits: BrowseKey[];
  /** How many listings the window held (fewer than asked: the category ends inside it). */
  size: number;
  /** The window's last listing, where a further search starts. */
  end: BrowseKey | undefined;
}

interface WindowRow extends Record<string, unknown> {
  kind: 'hit' | 'end' | 'size';
  id: string | null;
  us: string | null;
  price_cents: number;
  rn: number;
}

/**
 * Filtered pages, step one: the next `windowSize` listings of the category in the sort's order
 * (an index walk, as for a plain page), and those of them that pass the filters. When enough
 * pass, they are the page: nothing earlier in the order was skipped. A bounded amount of work
 * whatever the filters are, and usually the whole answer for common words and wide filters.
 */
export const scanWindow = async (
  db: Executor,
  f: BrowseFilters,
  opts: { sort: BrowseSort; after?: BrowseKey | undefined; limit: number; windowSize: number },
): Promise<WindowScan> => {
  const order = sql.join(orderOf(opts.sort), sql`, `);
  const windowOrder = sql.join(orderOf(opts.sort, windowSortColumns), sql`, `);
  const result = (await db.execute(sql`
    with w as (
      select ${products.id} as id, ${products.createdAt} as created_at, ${products.priceCents} as price_cents,
             (${and(matchOf(f), sellerIsActive)}) as hit
      from ${products}
      where ${and(liveInCategory(f.categoryId), afterKey(opts.sort, opts.after), priceBoundsFor(opts.sort, f))}
      order by ${order}
      limit ${opts.windowSize}
    )
    (select 'hit' as kind, id::text as id, ${microsOf(sql`created_at`)} as us, price_cents, rn::int as rn
       from (select w.*, row_number() over (order by ${windowOrder}) as rn from w where hit) hits
       where rn <= ${opts.limit})
    union all
    (select 'end', w.id::text, ${microsOf(sql`w.created_at`)}, w.price_cents, 0 from w order by ${sql.join(reverseOrderOf(opts.sort, windowSortColumns), sql`, `)} limit 1)
    union all
    -- The window's size travels in the price column of its own row.
    (select 'size', null, null, count(*)::int, 0 from w)
  `)) as unknown as { rows: WindowRow[] };
  const toKey = (row: WindowRow): BrowseKey => ({ id: row.id!, us: row.us!, priceCents: Number(row.price_cents) });
  const hits = result.rows
    .filter((row) => row.kind === 'hit')
    .sort((a, b) => Number(a.rn) - Number(b.rn))
    .map(toKey);
  const endRow = result.rows.find((row) => row.kind === 'end');
  const size = Number(result.rows.find((row) => row.kind === 'size')?.price_cents ?? 0);
  return { hits, size, end: endRow ? toKey(endRow) : undefined };
};

/**
 * A quoted tsquery operand: the text is one lexeme whatever it holds (quotes and backslashes
 * escaped), so user input can never become query syntax.
 */
export const quoteLexeme = (text: string) => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;

/**
 * The search column's markers for a category (and condition), as a tsquery. The markers hold a
 * space, which no parsed word can, so listing text cannot forge them (schema.ts, products.search).
 */
const markerQuery = (f: BrowseFilters) =>
  [`category ${f.categoryId}`, ...(f.condition !== undefined ? [`condition ${f.condition}`] : [])]
    .map(quoteLexeme)
    .join(' & ');

/**
 * Filtered pages, step two, when the window held too few matches: the matches are rare, so find
 * just them through an index and sort them. Words and condition go to the search index, where the
 * category and condition markers intersect with the words; a price range goes to the price index.
 * The category itself is named only beside a price range, so the category-wide browse indexes are
 * never a candidate without a range to narrow them. The statement runs with bitmap scans only
 * (settings local to its transaction): the planner's estimates for prefix searches within a
 * category are often far off, and walking the whole category in order for a rare word is the one
 * plan that must not happen.
 */
export const searchMatches = (
  db: Database,
  f: BrowseFilters,
  opts: { sort: BrowseSort; after?: BrowseKey | undefined; limit: number },
) => {
  const byIndex =
    f.tsquery !== undefined || f.condition !== undefined
      ? f.tsquery !== undefined
        ? sql`${products.search} @@ (${markerQuery(f)}::tsquery && to_tsquery('simple', ${f.tsquery}))`
        : sql`${products.search} @@ ${markerQuery(f)}::tsquery`
      : undefined;
  const hasPriceRange = f.minPriceCents !== undefined || f.maxPriceCents !== undefined;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select
      set_config('enable_seqscan', 'off', true),
      set_config('enable_indexscan', 'off', true),
      set_config('enable_indexonlyscan', 'off', true),
      set_config('max_parallel_workers_per_gather', '0', true),
      set_config('work_mem', '32MB', true),
      set_config('jit', 'off', true)`);
    return tx
      .select(keyColumns)
      .from(products)
      .where(
        and(
          sql`${products.status} = 'available'`,
          byIndex,
          hasPriceRange ? eq(products.categoryId, f.categoryId) : undefined,
          f.minPriceCents !== undefined ? sql`${products.priceCents} >= ${f.minPriceCents}` : undefined,
          f.maxPriceCents !== undefined ? sql`${products.priceCents} <= ${f.maxPriceCents}` : undefined,
          // Checked again on each row: belt and braces beside the markers.
          sql`(${products.categoryId} = ${f.categoryId}) is true`,
          afterKey(opts.sort, opts.after),
          sellerIsActive,
        ),
      )
      .orderBy(...orderOf(opts.sort))
      .limit(opts.limit);
  });
};

/** Public rows of the given listings of the category (still for sale, seller active), in no particular order. */
export const liveProductsByIds = (db: Database, categoryId: string, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .select(publicProductColumns)
        .from(products)
        .innerJoin(users, eq(users.id, products.sellerId))
        .leftJoin(advertisements, eq(advertisements.productId, products.id))
        .where(
          and(
            inArray(products.id, ids),
            eq(products.categoryId, categoryId),
            sql`${products.status} = 'available'`,
            isNull(users.disabledAt),
          ),
        );
