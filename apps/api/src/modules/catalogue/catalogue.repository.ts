import { and, asc, eq, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { withSettings, type Database } from '../../db/client.ts';
import { microsOf, timestampOf } from '../../db/micros.ts';
import {
  literalLimit,
  pageLimit,
  prepared,
  preparedRows,
  statementName,
  statementOf,
  unnamedRows,
  wholeNumber,
} from '../../db/prepared-statements.ts';
import {
  listedProductColumnCount,
  listedProductColumns,
  listedProductRowOf,
  type ListedProductRow,
} from '../../db/public-listings.ts';
import { advertisements, categories, productFactTokens, products, searchTerms, users } from '../../db/schema.ts';

export const listCategories = (db: Database) =>
  db
    .select({ id: categories.id, brand: categories.brand, imageUrl: categories.imageUrl })
    .from(categories)
    .orderBy(asc(categories.position));

/** Whether the category exists (asked when a page comes out empty). */
export const categoryExists = async (db: Database, id: string) =>
  (
    await prepared(db, 'catalogue_category_exists', () =>
      db
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.id, sql.placeholder('id') as unknown as string))
        .limit(literalLimit(1))
        .prepare('catalogue_category_exists'),
    ).execute({ id })
  ).length > 0;

/** Advertised phones that are still for sale, newest advertisement first; keyset on (created_at, id). */
export const listAdvertised = (
  db: Database,
  opts: { limit: number; after?: { us: string; id: string } | undefined },
) => {
  const limit = pageLimit(opts.limit);
  const statement = prepared(db, `catalogue_advertised_${opts.after ? 'after' : 'first'}_${limit}`, () =>
    db
      // The cursor keeps PostgreSQL's microseconds: a JS Date would round them to ms.
      .select({ ...listedProductColumns, advertisedUs: microsOf(advertisements.createdAt) })
      .from(advertisements)
      .innerJoin(products, eq(products.id, advertisements.productId))
      .innerJoin(users, eq(users.id, products.sellerId))
      .where(
        and(
          eq(products.status, 'available'),
          isNull(users.disabledAt),
          opts.after
            ? sql`(${advertisements.createdAt}, ${advertisements.productId}) < (${timestampOf(sql.placeholder('us'))}, ${sql.placeholder('id')}::uuid)`
            : undefined,
        ),
      )
      // NULLS LAST, as advertisements_created_idx is sorted, so the index serves the order.
      .orderBy(sql`${advertisements.createdAt} desc nulls last`, sql`${advertisements.productId} desc nulls last`)
      .limit(literalLimit(limit))
      .prepare(`catalogue_advertised_${opts.after ? 'after' : 'first'}_${limit}`),
  );
  return statement.execute(opts.after ? { us: opts.after.us, id: opts.after.id } : {});
};

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
  /** The category; undefined searches every brand. */
  categoryId: string | undefined;
  /** A to_tsquery('simple', …) text built by the service from the user's words. */
  tsquery?: string | undefined;
  condition?: string | undefined;
  minPriceCents?: number | undefined;
  maxPriceCents?: number | undefined;
  storageGb?: number | undefined;
  /** Colour, network lock and model match the listing's value whole, in any case. */
  colour?: string | undefined;
  networkLock?: string | undefined;
  minBattery?: number | undefined;
  model?: string | undefined;
}

/** The phone-fact filters: each a named parameter and a condition on the listing's own column. */
const factFilters = [
  { key: 'storageGb', code: 'st', where: () => sql`${products.storageGb} = ${param('storageGb')}::int` },
  { key: 'colour', code: 'co', where: () => sql`lower(${products.colour}) = lower(${param('colour')}::text)` },
  {
    key: 'networkLock',
    code: 'nw',
    where: () => sql`lower(${products.networkLock}) = lower(${param('networkLock')}::text)`,
  },
  { key: 'minBattery', code: 'bt', where: () => sql`${products.batteryHealth} >= ${param('minBattery')}::int` },
  { key: 'model', code: 'mo', where: () => sql`lower(${products.model}) = lower(${param('model')}::text)` },
] as const satisfies { key: keyof BrowseFilters; code: string; where: () => SQL }[];

const factsOf = (f: BrowseFilters) => factFilters.filter(({ key }) => f[key] !== undefined);

export const hasMatchFilters = (f: BrowseFilters) =>
  f.tsquery !== undefined ||
  f.condition !== undefined ||
  f.minPriceCents !== undefined ||
  f.maxPriceCents !== undefined ||
  factsOf(f).length > 0;

/** The columns a sort reads: the listing's own, or those of the walk a search makes. */
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
const walkSortColumns: SortColumns = { createdAt: sql`o.created_at`, id: sql`o.id`, priceCents: sql`o.price_cents` };

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

/** The cursor's values, by name, for a statement written with `afterKey(sort, true)`. */
const keyValues = (sort: BrowseSort, key: BrowseKey | undefined): Record<string, unknown> =>
  !key
    ? {}
    : sort === 'newest'
      ? { afterUs: key.us, afterId: key.id }
      : { afterPrice: key.priceCents, afterId: key.id };

/** Rows after the cursor in the sort: a row comparison the browse indexes answer directly. */
const afterKey = (sort: BrowseSort, key: BrowseKey | boolean | undefined): SQL | undefined => {
  if (!key) return undefined;
  // A statement to prepare names the values; a one-off statement carries them.
  const v = key === true ? undefined : key;
  const id = v ? v.id : sql.placeholder('afterId');
  switch (sort) {
    case 'newest':
      return sql`(${products.createdAt}, ${products.id}) < (${timestampOf(v ? v.us : sql.placeholder('afterUs'))}, ${id}::uuid)`;
    case 'price_asc':
      return sql`(${products.priceCents}, ${products.id}) > (${v ? v.priceCents : sql.placeholder('afterPrice')}::int, ${id}::uuid)`;
    case 'price_desc':
      return sql`(${products.priceCents}, ${products.id}) < (${v ? v.priceCents : sql.placeholder('afterPrice')}::int, ${id}::uuid)`;
  }
};

/**
 * Listings of the category for sale. 'available' is written as a literal so the planner can prove
 * the partial search index's predicate whatever the statement's parameters.
 */
const liveInCategory = (categoryId: string | Placeholder | undefined) =>
  and(
    categoryId === undefined ? undefined : eq(products.categoryId, categoryId as string),
    sql`${products.status} = 'available'`,
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
 * and stops after `limit` rows, so its cost does not grow with the catalogue. A prepared statement
 * per sort, cursor or not, and page size.
 */
export const browseCategory = (
  db: Database,
  opts: { categoryId: string | undefined; sort: BrowseSort; after?: BrowseKey | undefined; limit: number },
) => {
  const limit = pageLimit(opts.limit);
  const scope = opts.categoryId === undefined ? 'all_' : '';
  const name = `catalogue_browse_${scope}${opts.sort}_${opts.after ? 'after' : 'first'}_${limit}`;
  const statement = preparedRows(
    db,
    name,
    () =>
      db
        .select({ ...listedProductColumns, us: keyColumns.us })
        .from(products)
        .innerJoin(users, eq(users.id, products.sellerId))
        .leftJoin(advertisements, eq(advertisements.productId, products.id))
        .where(
          and(
            liveInCategory(opts.categoryId === undefined ? undefined : sql.placeholder('categoryId')),
            isNull(users.disabledAt),
            afterKey(opts.sort, Boolean(opts.after)),
          ),
        )
        .orderBy(...orderOf(opts.sort))
        .limit(literalLimit(limit)),
    // The listed columns, then the row's microseconds.
    (values) => ({ ...listedProductRowOf(values), us: values[listedProductColumnCount] as string }),
  );
  return statement.execute({
    ...(opts.categoryId === undefined ? {} : { categoryId: opts.categoryId }),
    ...keyValues(opts.sort, opts.after),
  });
};

/** A filter's value: a named parameter of a statement to prepare. */
const param = (name: string) => sql.placeholder(name);

/**
 * The filters a listing must pass, with their values as named parameters (`filterValues`). The
 * words go through to_tsquery once per execution (an InitPlan), not once per row.
 */
const matchParamsOf = (f: BrowseFilters): SQL | undefined =>
  and(
    f.tsquery !== undefined
      ? sql`${products.search} @@ (select to_tsquery('simple', ${param('tsquery')}::text))`
      : undefined,
    f.condition !== undefined ? sql`${products.condition} = ${param('condition')}::text` : undefined,
    f.minPriceCents !== undefined ? sql`${products.priceCents} >= ${param('minPrice')}::int` : undefined,
    f.maxPriceCents !== undefined ? sql`${products.priceCents} <= ${param('maxPrice')}::int` : undefined,
    ...factsOf(f).map(({ where }) => where()),
  );

const filterValues = (f: BrowseFilters): Record<string, unknown> => ({
  ...(f.categoryId !== undefined ? { categoryId: f.categoryId } : {}),
  ...Object.fromEntries(factsOf(f).map(({ key }) => [key, f[key]])),
  ...(f.tsquery !== undefined ? { tsquery: f.tsquery } : {}),
  ...(f.condition !== undefined ? { condition: f.condition } : {}),
  ...(f.minPriceCents !== undefined ? { minPrice: f.minPriceCents } : {}),
  ...(f.maxPriceCents !== undefined ? { maxPrice: f.maxPriceCents } : {}),
});

/**
 * Sorted by price, a price range bounds the walk down the price index itself, so the walk starts
 * at the range; sorted by date, the range is just a filter.
 */
const priceBoundsFor = (sort: BrowseSort, f: BrowseFilters) =>
  sort === 'newest'
    ? undefined
    : and(
        f.minPriceCents !== undefined ? sql`${products.priceCents} >= ${param('minPrice')}::int` : undefined,
        f.maxPriceCents !== undefined ? sql`${products.priceCents} <= ${param('maxPrice')}::int` : undefined,
      );

/**
 * The fact a filtered page's ordered walk goes down, when one is given and an index keeps its
 * listings in the sort's order: the walk then passes only listings of that fact (a storage size,
 * a model, a colour) instead of the whole category, whose cheapest or newest listings may hold
 * none of them (the cheapest phones are small, old models). Storage has both orders, with and
 * without the category in front (products_live_category_storage_*_idx, products_live_storage_*_idx);
 * model and colour have the price order (products_live_model_price_idx, products_live_colour_price_idx),
 * model first as the rarest. The condition is the filter's own, so the hits are the same.
 */
export const walkFactOf = (sort: BrowseSort, f: BrowseFilters): 'model' | 'storageGb' | 'colour' | undefined =>
  sort !== 'newest' && f.model !== undefined
    ? 'model'
    : f.storageGb !== undefined
      ? 'storageGb'
      : sort !== 'newest' && f.colour !== undefined
        ? 'colour'
        : undefined;
const walkFactCondition = { model: 'mo', storageGb: 'st', colour: 'co' } as const;
const walkFactWhere = (sort: BrowseSort, f: BrowseFilters) => {
  const fact = walkFactOf(sort, f);
  return fact && factFilters.find(({ code }) => code === walkFactCondition[fact])!.where();
};

/**
 * A battery floor, on a walk down the category's (or every brand's) own order: those indexes end
 * with battery health (products_browse_idx, products_browse_price_idx, products_live_newest_idx,
 * products_live_price_idx), so PostgreSQL checks the floor on the index entry and reads only the
 * listings that pass it. Words with a floor ('austin' + 95 %+, a fifth of a city's listings)
 * otherwise read five listings for every one they test. The fact indexes do not hold it: there
 * the floor stays a test of each listing, as it would make the walk read every listing of the
 * fact to find its 3,000.
 */
const walkBatteryWhere = (sort: BrowseSort, f: BrowseFilters) =>
  f.minBattery !== undefined && walkFactOf(sort, f) === undefined
    ? factFilters.find(({ code }) => code === 'bt')!.where()
    : undefined;

export interface WalkResult {
  /** The listings walked past that pass the filters, in sort order (at most `limit`). */
  hits: BrowseKey[];
  /** The listed rows of the hits, by id (read in the same statement). */
  rows: Map<string, ListedProductRow>;
  /**
   * Set when the walk went its whole length (`maxRows` listings) with fewer than `limit` hits:
   * the last listing walked, where a search for the rest starts. Undefined when the page filled
   * up, or when the category ended first (then there is nothing more to find).
   */
  end: BrowseKey | undefined;
}

/**
 * Filtered pages, the ordered walk: down the browse index in the sort's order from the cursor (as
 * a plain page does; or down the index of one of the filter's facts, `walkFactOf`), testing each
 * listing against the filters, and stopping as soon as `limit`
 * have passed, or after `maxRows` listings. Each row is numbered as it goes by; only hits and the
 * `maxRows`-th row come out, and the LIMIT above them stops the index scan as soon as enough came
 * out. The hits' public columns are joined in the same statement (one round trip for the page).
 * Common words and wide filters fill a page after a few dozen listings; a word in 1 listing of
 * 100 after some 2,500. A prepared statement per shape of filters, sort, cursor and page size.
 */
export const walkCategory = async (
  db: Database,
  f: BrowseFilters,
  opts: { sort: BrowseSort; after?: BrowseKey | undefined; limit: number; maxRows: number },
): Promise<WalkResult> => {
  const limit = pageLimit(opts.limit);
  const maxRows = wholeNumber(opts.maxRows, 1_000_000);
  const shape = [
    f.categoryId === undefined ? 'all' : '',
    opts.sort,
    opts.after ? 'after' : 'first',
    f.tsquery !== undefined ? 'q' : '',
    f.condition !== undefined ? 'c' : '',
    f.minPriceCents !== undefined ? 'min' : '',
    f.maxPriceCents !== undefined ? 'max' : '',
    ...factsOf(f).map(({ code }) => code),
    limit,
    maxRows,
  ].join('_');
  const name = statementName(`catalogue_walk_${shape}`);
  const statement = preparedRows(
    db,
    name,
    () => {
      const walked = sql`(
      select n.id, n.created_at, n.price_cents, n.hit, n.pos
      from (
        select o.id, o.created_at, o.price_cents, o.hit,
               row_number() over (order by ${sql.join(orderOf(opts.sort, walkSortColumns), sql`, `)}) as pos
        from (
          select ${products.id} as id, ${products.createdAt} as created_at, ${products.priceCents} as price_cents,
                 (${and(matchParamsOf(f), sellerIsActive)}) as hit
          from ${products}
          where ${and(liveInCategory(f.categoryId === undefined ? undefined : param('categoryId')), walkFactWhere(opts.sort, f), walkBatteryWhere(opts.sort, f), afterKey(opts.sort, Boolean(opts.after)), priceBoundsFor(opts.sort, f))}
          order by ${sql.join(orderOf(opts.sort), sql`, `)}
          limit ${sql.raw(String(maxRows))}
        ) o
      ) n
      where n.hit or n.pos = ${sql.raw(String(maxRows))}
      limit ${sql.raw(String(limit))}
    ) w`;
      return (
        db
          .select({
            ...listedProductColumns,
            walkPos: sql<number>`w.pos`.mapWith(Number),
            walkHit: sql<boolean>`w.hit`,
            walkId: sql<string>`w.id::text`,
            walkUs: microsOf(sql`w.created_at`),
            walkPriceCents: sql<number>`w.price_cents`.mapWith(Number),
          })
          .from(walked)
          // Listed columns for the hits only; the walk's last row may be a miss.
          .leftJoin(products, and(sql`w.hit`, sql`${products.id} = w.id`))
          .leftJoin(users, eq(users.id, products.sellerId))
          .leftJoin(advertisements, eq(advertisements.productId, products.id))
          .orderBy(sql`w.pos`)
      );
    },
    // The listed columns (of hits only), then the walk's position, hit, id, microseconds and price.
    (values) => {
      const at = listedProductColumnCount;
      const walkHit = values[at + 1] === true;
      return {
        row: walkHit ? listedProductRowOf(values) : undefined,
        walkPos: Number(values[at]),
        walkHit,
        walkId: values[at + 2] as string,
        walkUs: values[at + 3] as string,
        walkPriceCents: Number(values[at + 4]),
      };
    },
  );
  const result = await statement.execute({ ...filterValues(f), ...keyValues(opts.sort, opts.after) });
  const hits: BrowseKey[] = [];
  const rows = new Map<string, ListedProductRow>();
  for (const { row, walkId, walkUs, walkPriceCents } of result) {
    if (!row) continue;
    hits.push({ id: walkId, us: walkUs, priceCents: walkPriceCents });
    rows.set(walkId, row);
  }
  const last = result.at(-1);
  const end =
    hits.length < limit && last && last.walkPos === maxRows
      ? { id: last.walkId, us: last.walkUs, priceCents: last.walkPriceCents }
      : undefined;
  return { hits, rows, end };
};

/** The filters products_live_facts_idx holds a token of. */
export type FactToken = 'categoryId' | 'storageGb' | 'networkLock' | 'colour' | 'model';

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
  [
    ...(f.categoryId !== undefined ? [`category ${f.categoryId}`] : []),
    ...(f.condition !== undefined ? [`condition ${f.condition}`] : []),
  ]
    .map(quoteLexeme)
    .join(' & ');

/** The planner settings a search through the indexes runs with (`searchMatches`). */
const bitmapScansOnly = {
  enable_seqscan: 'off',
  enable_indexscan: 'off',
  enable_indexonlyscan: 'off',
  max_parallel_workers_per_gather: '0',
  work_mem: '32MB',
  jit: 'off',
} as const;
const setBitmapScansOnlyLocally = sql.raw(
  `select ${Object.entries(bitmapScansOnly)
    .map(([name, value]) => `set_config('${name}', '${value}', true)`)
    .join(', ')}`,
);

/**
 * Filtered pages, through the index, when matches are rare: find just them and sort them. Words
 * and condition go to the search index, where the category and condition markers intersect with
 * the words; a price range goes to the price index. The category itself is named only beside a
 * price range, so the category-wide browse indexes are never a candidate without a range to
 * narrow them. The statement runs with bitmap scans only (`bitmapScansOnly`: on connections that
 * start with them, or settings local to a transaction on PGlite): the planner's estimates for prefix searches within a category are often far off, and walking the
 * whole category in order for a rare word is the one plan that must not happen.
 */
export const searchMatches = (
  db: Database,
  f: BrowseFilters,
  opts: { sort: BrowseSort; after?: BrowseKey | undefined; limit: number; factTokens?: FactToken[] | undefined },
) => {
  const markers = markerQuery(f);
  const byIndex =
    f.tsquery !== undefined
      ? markers
        ? sql`${products.search} @@ (${param('markers')}::tsquery && to_tsquery('simple', ${param('tsquery')}))`
        : sql`${products.search} @@ to_tsquery('simple', ${param('tsquery')})`
      : f.condition !== undefined
        ? sql`${products.search} @@ ${param('markers')}::tsquery`
        : undefined;
  // The facts, as tokens of products_live_facts_idx (the category's too, so the index intersects
  // them by itself); battery health, a range, is checked on the rows found. The index reads every
  // token's whole list, and a category's or a storage size's holds hundreds of thousands: the
  // caller may name the tokens worth reading (`factTokens`); every fact is checked again on the
  // rows found, so leaving one out changes the cost, never the answer.
  const read = (token: FactToken) => opts.factTokens === undefined || opts.factTokens.includes(token);
  const tokens = [
    f.storageGb !== undefined && read('storageGb') ? sql`'s:' || ${param('storageGb')}::int::text` : undefined,
    f.networkLock !== undefined && read('networkLock') ? sql`'n:' || lower(${param('networkLock')}::text)` : undefined,
    f.colour !== undefined && read('colour') ? sql`'c:' || lower(${param('colour')}::text)` : undefined,
    f.model !== undefined && read('model') ? sql`'m:' || lower(${param('model')}::text)` : undefined,
  ].filter((token) => token !== undefined);
  if (tokens.length > 0 && f.categoryId !== undefined && read('categoryId'))
    tokens.push(sql`'k:' || ${param('categoryId')}::text`);
  const facts = [
    tokens.length > 0 ? sql`${productFactTokens(products)} @> array[${sql.join(tokens, sql`, `)}]` : undefined,
    // Checked again on each row, as the category is.
    f.storageGb !== undefined ? sql`${products.storageGb} = ${param('storageGb')}` : undefined,
    f.colour !== undefined ? sql`lower(${products.colour}) = lower(${param('colour')}::text)` : undefined,
    f.networkLock !== undefined
      ? sql`lower(${products.networkLock}) = lower(${param('networkLock')}::text)`
      : undefined,
    f.minBattery !== undefined ? sql`${products.batteryHealth} >= ${param('minBattery')}` : undefined,
    f.model !== undefined ? sql`lower(${products.model}) = lower(${param('model')}::text)` : undefined,
  ];
  const hasPriceRange = f.minPriceCents !== undefined || f.maxPriceCents !== undefined;
  const matches = (executor: Database) =>
    executor
      .select(keyColumns)
      .from(products)
      .where(
        and(
          sql`${products.status} = 'available'`,
          byIndex,
          ...facts,
          hasPriceRange && f.categoryId !== undefined
            ? sql`${products.categoryId} = ${param('categoryId')}`
            : undefined,
          f.minPriceCents !== undefined ? sql`${products.priceCents} >= ${param('minPrice')}` : undefined,
          f.maxPriceCents !== undefined ? sql`${products.priceCents} <= ${param('maxPrice')}` : undefined,
          // Checked again on each row: belt and braces beside the markers.
          f.categoryId !== undefined ? sql`(${products.categoryId} = ${param('categoryId')}) is true` : undefined,
          afterKey(opts.sort, Boolean(opts.after)),
          sellerIsActive,
        ),
      )
      .orderBy(...orderOf(opts.sort))
      .limit(sql.placeholder('limit'));
  const values = { ...filterValues(f), markers, ...keyValues(opts.sort, opts.after), limit: opts.limit };
  const toKey = (row: unknown[]): BrowseKey => ({
    id: row[0] as string,
    us: row[1] as string,
    priceCents: row[2] as number,
  });
  // On PostgreSQL, connections that start with the settings: one round trip, its SQL built once per
  // shape (its values are parameters; unnamed, so each execution is planned for them). On PGlite
  // (one connection), the settings local to a transaction.
  const withBitmapScans = withSettings(db, bitmapScansOnly);
  if (withBitmapScans) {
    const shape = [
      f.categoryId !== undefined,
      f.tsquery !== undefined,
      f.condition !== undefined,
      f.minPriceCents !== undefined,
      f.maxPriceCents !== undefined,
      ...factsOf(f).map(({ key }) => key),
      ...(['storageGb', 'networkLock', 'colour', 'model', 'categoryId'] as const).map(read),
      opts.sort,
      opts.after !== undefined,
    ].join();
    return unnamedRows(withBitmapScans, shape, () => matches(withBitmapScans), toKey).execute(values);
  }
  return db.transaction(async (tx) => {
    await tx.execute(setBitmapScansOnlyLocally);
    return statementOf(tx as unknown as Database, matches(tx as unknown as Database).toSQL(), '', toKey).execute(
      values,
    );
  });
};

/** Listed rows of the given listings of the category (still for sale, seller active), in no particular order. */
export const liveProductsByIds = (db: Database, categoryId: string | undefined, ids: string[]) => {
  const name = `catalogue_live_products_by_ids${categoryId === undefined ? '_all' : ''}`;
  const statement = preparedRows(
    db,
    name,
    () =>
      db
        .select(listedProductColumns)
        .from(products)
        .innerJoin(users, eq(users.id, products.sellerId))
        .leftJoin(advertisements, eq(advertisements.productId, products.id))
        .where(
          and(
            // One array parameter whatever the number of ids, so one statement serves every page.
            sql`${products.id} = any(${sql.placeholder('ids')}::uuid[])`,
            categoryId === undefined
              ? undefined
              : eq(products.categoryId, sql.placeholder('categoryId') as unknown as string),
            sql`${products.status} = 'available'`,
            isNull(users.disabledAt),
          ),
        ),
    listedProductRowOf,
  );
  // The ids come from the database (uuids), so the array literal needs no quoting.
  return ids.length === 0
    ? Promise.resolve([])
    : statement.execute({ ids: `{${ids.join(',')}}`, ...(categoryId === undefined ? {} : { categoryId }) });
};

export type { ListedProductRow };

// ---------------------------------------------------------------------------------------------
// Word statistics, to choose between the ordered walk and the search index before either runs.

export interface LexemeStats {
  /** How many listings for sale the sample held. */
  sampled: number;
  /** The lexemes found in at least two sampled listings (markers included), sorted, and in how many. */
  lexemes: string[];
  counts: number[];
  /** The phone facts of a like sample of listings for sale, one entry per listing. */
  facts: FactSampleRow[];
  /** The share of the table the fact sample read (1 for a small table): sampled rows ÷ this ≈ rows. */
  factSampleShare: number;
}

/** A sampled listing's facts, as the filters compare them (texts lower-cased). */
export interface FactSampleRow {
  categoryId: string;
  storageGb: number | null;
  colour: string | null;
  networkLock: string | null;
  model: string;
  batteryHealth: number | null;
}

/** What share of the table about 2,000 pages are (all of a small one), for TABLESAMPLE SYSTEM. */
const samplePercent = sql`least(100, 2000 * 100.0 / greatest(1, pg_relation_size('products') / current_setting('block_size')::int))`;

/**
 * How often each lexeme occurs among listings for sale, from a sample of about 2,000 pages of the
 * table (10–15 thousand listings, or all of a small catalogue): ts_stat over TABLESAMPLE SYSTEM,
 * a few hundred milliseconds at a million listings. The category and condition markers are
 * lexemes too, so the sample also tells each category's share. PostgreSQL's own statistics
 * (pg_stats.most_common_elems) are too coarse for this: at the default statistics target they list
 * only lexemes in more than about 0.6 % of rows, which is the very range the choice is about.
 */
export const searchLexemeStats = async (db: Database): Promise<LexemeStats> => {
  const result = (await db.execute(sql`
    select word, ndoc::int as ndoc
    from ts_stat(format(
      'select search from products tablesample system (%s) where status = ''available''',
      ${samplePercent}
    ))
    where ndoc >= 2
  `)) as unknown as { rows: { word: string; ndoc: number }[] };
  const rows = result.rows.map((row) => [row.word, Number(row.ndoc)] as const);
  rows.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  // Every listing holds exactly one category marker.
  const sampled = rows.reduce((sum, [word, n]) => (word.startsWith('category ') ? sum + n : sum), 0);
  // The facts of another sample of the same size: unlike the lexemes, whole rows, so the share of
  // a combination of facts is counted, not guessed from each fact's own.
  const factSampleShare = (await db.execute(sql`select ${samplePercent} / 100.0 as share`)) as unknown as {
    rows: { share: string | number }[];
  };
  const facts = (await db.execute(sql`
    select ${products.categoryId} as "categoryId", ${products.storageGb} as "storageGb",
           lower(${products.colour}) as colour, lower(${products.networkLock}) as "networkLock",
           lower(${products.model}) as model, ${products.batteryHealth} as "batteryHealth"
    from ${products} tablesample system (${samplePercent})
    where ${products.status} = 'available'
  `)) as unknown as { rows: FactSampleRow[] };
  return {
    sampled,
    lexemes: rows.map((row) => row[0]),
    counts: rows.map((row) => row[1]),
    facts: facts.rows.map((row) => ({
      ...row,
      storageGb: row.storageGb === null ? null : Number(row.storageGb),
      batteryHealth: row.batteryHealth === null ? null : Number(row.batteryHealth),
    })),
    factSampleShare: Number(factSampleShare.rows[0]?.share ?? 1) || 1,
  };
};

// ---------------------------------------------------------------------------------------------
// "Did you mean": the closest words of the catalogue to a search's words (docs/decisions/0055).

/** A LIKE pattern for words that begin with `text` (its own wildcards and escapes matched literally). */
const prefixPattern = (text: string) => `${text.replace(/[\\%_]/g, '\\$&')}%`;

export interface TermMatch {
  /** The word as asked. */
  word: string;
  /** Some term of the scope begins with it: the search already reads it as the user meant. */
  known: boolean;
  /** The most similar term of the scope (pg_trgm's `%`, then the most listings), or null. */
  closest: string | null;
}

/**
 * For each word (lower-case), whether a live listing's name, brand or model in the scope (a
 * category, or every brand) has a word it begins, and else the most similar such word: trigram
 * similarity over pg_trgm's threshold (0.3), the closest first, then the one more listings hold.
 * Reads the small search_terms view through its indexes, never the listings. One statement.
 */
export const closestTerms = async (
  db: Database,
  categoryId: string | undefined,
  words: string[],
): Promise<TermMatch[]> => {
  if (words.length === 0) return [];
  const inScope = categoryId === undefined ? sql`true` : sql`s.category_id = ${categoryId}`;
  const result = (await db.execute(sql`
    select w.word,
      exists (select 1 from ${searchTerms} s where ${inScope} and s.term like w.pattern) as known,
      (select s.term from ${searchTerms} s
        where ${inScope} and s.term % w.word
        group by s.term
        order by max(similarity(s.term, w.word)) desc, sum(s.listings) desc, s.term
        limit 1) as closest
    from json_to_recordset(${JSON.stringify(words.map((word, n) => ({ n, word, pattern: prefixPattern(word) })))}::json)
      as w(n int, word text, pattern text)
    order by w.n
  `)) as unknown as { rows: { word: string; known: boolean; closest: string | null }[] };
  return result.rows.map((row) => ({ word: row.word, known: Boolean(row.known), closest: row.closest }));
};

// ---------------------------------------------------------------------------------------------
// The storage filter offers the sizes phones for sale come in.

/**
 * Which of `sizes` (GB) some listing for sale of an active seller in the scope has: per size, the
 * newest such listing down a storage index (products_live_category_storage_newest_idx, or
 * products_live_storage_newest_idx for every brand), stopping at the first. Written as a LATERAL
 * with the index's own order and LIMIT 1: as an EXISTS, PostgreSQL chose an index-only scan of
 * products_fair_price_idx, which reads the whole index for a size nobody sells (100 ms at 100 k
 * listings instead of 0.2). A prepared statement per scope.
 */
export const liveStorageSizes = async (db: Database, categoryId: string | undefined, sizes: readonly number[]) => {
  const name = `catalogue_storage_sizes${categoryId === undefined ? '_all' : ''}`;
  const statement = prepared(db, name, () =>
    db
      .select({ gb: sql<number>`gb`.mapWith(Number) })
      .from(
        sql`unnest(${sql.placeholder('sizes')}::int[]) as gb cross join lateral (
          select 1 from ${products}
          where ${and(
            liveInCategory(categoryId === undefined ? undefined : sql.placeholder('categoryId')),
            sql`${products.storageGb} = gb`,
            sellerIsActive,
          )}
          order by ${sql.join(orderOf('newest'), sql`, `)}
          limit 1
        ) as one`,
      )
      .orderBy(sql`gb`)
      .prepare(name),
  );
  const rows = await statement.execute({
    sizes: `{${sizes.join(',')}}`,
    ...(categoryId === undefined ? {} : { categoryId }),
  });
  return rows.map((row) => row.gb);
};
