import { z } from 'zod';
import {
  dollarsToCents,
  listingLimits,
  listingMessages,
  maskImeiLast4,
  ratingAverageOf,
  type Category,
  type ListedProduct,
  type PageQuery,
  type Product,
  storageOptionsGb,
  type ProductPage,
  type ProductQuery,
  type ProductSearchPage,
} from '@recell/contract';
import type { Database } from '../../db/client.ts';
import type { PublicProductRow } from '../../db/public-listings.ts';
import { badRequest, notFound } from '../../errors.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { choosePlan, factTokensToRead, searchWindowRows, secondWalkOf, type SearchPlan } from './catalogue.plan.ts';
import * as repository from './catalogue.repository.ts';

export const listCategories = async (db: Database): Promise<Category[]> =>
  (await repository.listCategories(db)) as Category[];

/** A listing as a list shows it (a card, a row). */
export const toListedProduct = (row: repository.ListedProductRow): ListedProduct => ({
  id: row.id,
  categoryId: row.categoryId as Product['categoryId'],
  name: row.name,
  brand: row.brand,
  model: row.model,
  priceCents: row.priceCents,
  previousPriceCents: row.previousPriceCents,
  originalPriceCents: row.originalPriceCents,
  condition: row.condition,
  storageGb: row.storageGb,
  colour: row.colour,
  networkLock: row.networkLock,
  batteryHealth: row.batteryHealth,
  imeiMasked: row.imeiLast4 === null ? null : maskImeiLast4(row.imeiLast4),
  imeiChecked: row.imeiChecked,
  used: row.used,
  location: row.location,
  imageUrl: row.imageUrl,
  status: row.status,
  isAdvertised: Boolean(row.isAdvertised),
  createdAt: new Date(row.createdAt).toISOString(),
  seller: {
    id: row.sellerId,
    name: row.sellerName,
    email: row.sellerEmail,
    isVerified: row.sellerVerified,
    ratingAverage: ratingAverageOf(row.sellerRatingSum, row.sellerRatingCount),
    ratingCount: row.sellerRatingCount,
  },
});

/** A listing as its own page shows it: the listed fields and its texts. */
export const toPublicProduct = (row: PublicProductRow): Product => ({
  ...toListedProduct(row),
  authenticity: row.authenticity,
  features: row.features,
  description: row.description,
});

/** Cursor parts: a row id, and microseconds since 1970 (digits only, so SQL never sees anything else). */
const CursorIdSchema = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
const MicrosSchema = z.string().regex(/^-?\d{1,17}$/);

const AdvertisedCursorSchema = z.object({ us: MicrosSchema, id: CursorIdSchema });

export const listAdvertised = async (db: Database, query: PageQuery): Promise<ProductPage> => {
  const after = decodeCursor(query.cursor, AdvertisedCursorSchema);
  // One extra row tells whether another page exists without a count query.
  const rows = await repository.listAdvertised(db, { limit: query.limit + 1, after });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toListedProduct),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ us: last.advertisedUs, id: last.id }) : null,
  };
};

// ---------------------------------------------------------------------------------------------
// Category pages

/** The words of a search: split on white space, those without a letter or digit dropped. */
const wordsOf = (q: string | undefined) =>
  q === undefined
    ? []
    : q
        .split(/\s+/u)
        .filter((word) => /[\p{L}\p{N}]/u.test(word))
        .slice(0, listingLimits.searchMaxWords);

/**
 * The words of a search as a to_tsquery('simple', …) text: every word must match, each as a
 * prefix (`'gal':*` finds "Galaxy"). Words are split on white space; each is quoted and escaped
 * for tsquery syntax, so whatever is typed is only ever a word to look for, and PostgreSQL splits
 * it exactly as it split the listings' text ("wi-fi", "(PRODUCT)RED"). Words without a letter or
 * digit are dropped; undefined when none is left. The text travels as a bound parameter.
 */
const toPrefixTsquery = (q: string): string | undefined => {
  const words = wordsOf(q);
  if (words.length === 0) return undefined;
  return words.map((word) => `${repository.quoteLexeme(word)}:*`).join(' & ');
};

/**
 * Cursors of category pages carry their sort and the last listing's sort key; a cursor from
 * another sort cannot continue this one.
 */
const BrowseCursorSchema = z.discriminatedUnion('s', [
  z.object({ s: z.literal('newest'), us: MicrosSchema, id: CursorIdSchema }),
  z.object({ s: z.literal('price_asc'), p: z.number().int().min(0).max(2_147_483_647), id: CursorIdSchema }),
  z.object({ s: z.literal('price_desc'), p: z.number().int().min(0).max(2_147_483_647), id: CursorIdSchema }),
]);

const decodeBrowseCursor = (cursor: string | undefined, sort: repository.BrowseSort) => {
  const decoded = decodeCursor(cursor, BrowseCursorSchema);
  if (!decoded) return undefined;
  if (decoded.s !== sort)
    throw badRequest(listingMessages.cursorOtherSort, { cursor: listingMessages.cursorOtherSort });
  return decoded.s === 'newest'
    ? { us: decoded.us, id: decoded.id, priceCents: 0 }
    : { us: '0', id: decoded.id, priceCents: decoded.p };
};

const encodeBrowseCursor = (sort: repository.BrowseSort, key: repository.BrowseKey) =>
  encodeCursor(sort === 'newest' ? { s: sort, us: key.us, id: key.id } : { s: sort, p: key.priceCents, id: key.id });

/**
 * The word statistics of a database, kept in memory and sampled again every ten minutes in the
 * background: a search never waits for them (until they arrive, every filtered page walks first),
 * and a wrong or stale figure costs time, never a wrong answer.
 */
const statsRefreshMs = 10 * 60_000;
const statsByDb = new WeakMap<Database, { stats?: repository.LexemeStats; readAt: number; reading?: boolean }>();
const searchStats = (db: Database): repository.LexemeStats | undefined => {
  let entry = statsByDb.get(db);
  if (!entry) statsByDb.set(db, (entry = { readAt: -Infinity }));
  if (!entry.reading && Date.now() - entry.readAt > statsRefreshMs) {
    const current = entry;
    current.reading = true;
    repository
      .searchLexemeStats(db)
      .then((stats) => {
        current.stats = stats;
      })
      .catch(() => {})
      .finally(() => {
        current.reading = false;
        current.readAt = Date.now();
      });
  }
  return entry.stats;
};

export interface ListOptions {
  /** Force a plan for filtered pages (tests); by default chosen from the word statistics. */
  plan?: SearchPlan | undefined;
  /**
   * Where a first page's storage sizes come from (the routes keep them a while, per scope); by
   * default `liveStorageSizes`, asked each time.
   */
  storageSizes?: ((db: Database, categoryId: string | undefined) => Promise<number[]>) | undefined;
}

/**
 * The storage sizes (GB, ascending) some phone for sale of an active seller in the scope (a
 * category, or every brand) comes in: the Storage filter's options. A few index probes.
 */
export const liveStorageSizes = (db: Database, categoryId: string | undefined) =>
  repository.liveStorageSizes(db, categoryId, storageOptionsGb);

/**
 * One page of a category's phones for sale: optionally searched (every word, as a prefix, over
 * name, brand, model, features, description and location), filtered by condition and price
 * range, sorted newest first or by price, continued with the previous page's cursor. Pages never
 * repeat or skip a listing that existed when paging began, however many are added meanwhile.
 * An unknown category is a 404.
 */
export const listCategoryProducts = (
  db: Database,
  categoryId: string,
  query: ProductQuery,
  options: ListOptions = {},
): Promise<ProductSearchPage> => listProducts(db, categoryId, query, options);

/**
 * Every brand's phones for sale, with the category page's search, filters, sorts and paging
 * (the header's search). The same walks and indexes, without the category.
 */
export const searchProducts = (
  db: Database,
  query: ProductQuery,
  options: ListOptions = {},
): Promise<ProductSearchPage> => listProducts(db, undefined, query, options);

/** Words a typo can be told in: letters and digits only, at least 3 (the vocabulary's shortest). */
const correctableWord = /^[\p{L}\p{N}]{3,}$/u;

/**
 * "Did you mean": the search's words with each one that no live listing's name, brand or model in
 * the scope begins replaced by the most similar one that does ("iphne 13" → "iphone 13"); the other
 * words as typed. Undefined when no word could be replaced (every word is known, or too unlike any).
 * Reads only the small vocabulary view (docs/decisions/0055).
 */
export const suggestSearch = async (
  db: Database,
  categoryId: string | undefined,
  q: string,
): Promise<string | undefined> => {
  const words = wordsOf(q);
  const asked = [...new Set(words.map((word) => word.toLowerCase()).filter((word) => correctableWord.test(word)))];
  if (asked.length === 0) return undefined;
  const matches = new Map((await repository.closestTerms(db, categoryId, asked)).map((match) => [match.word, match]));
  let changed = false;
  const suggested = words.map((word) => {
    const match = matches.get(word.toLowerCase());
    if (!match || match.known || match.closest === null) return word;
    changed = true;
    return match.closest;
  });
  return changed ? suggested.join(' ') : undefined;
};

const listProducts = async (
  db: Database,
  categoryId: string | undefined,
  query: ProductQuery,
  options: ListOptions,
): Promise<ProductSearchPage> => {
  const { sort, limit } = query;
  const after = decodeBrowseCursor(query.cursor, sort);
  // A first page tells the storage filter which sizes the scope's phones come in, asked beside the
  // page's own query (observed at once, in case the page fails first).
  const storageSizes =
    after === undefined ? (options.storageSizes ?? liveStorageSizes)(db, categoryId) : Promise.resolve(undefined);
  storageSizes.catch(() => {});
  const filters: repository.BrowseFilters = {
    categoryId,
    tsquery: query.q === undefined ? undefined : toPrefixTsquery(query.q),
    condition: query.condition,
    minPriceCents: query.minPrice === undefined ? undefined : dollarsToCents(query.minPrice),
    maxPriceCents: query.maxPrice === undefined ? undefined : dollarsToCents(query.maxPrice),
    storageGb: query.storage,
    colour: query.colour,
    networkLock: query.network,
    minBattery: query.minBattery,
    model: query.model,
  };

  let items: ListedProduct[];
  let keys: repository.BrowseKey[];
  let hasMore: boolean;
  if (!repository.hasMatchFilters(filters)) {
    // A plain page: one walk down the browse index. One extra row tells whether more exist.
    const rows = await repository.browseCategory(db, { categoryId, sort, after, limit: limit + 1 });
    hasMore = rows.length > limit;
    const page = rows.slice(0, limit);
    items = page.map(toListedProduct);
    keys = page.map((row) => ({ us: row.us, priceCents: row.priceCents, id: row.id }));
  } else {
    const wanted = limit + 1;
    const plan = options.plan ?? choosePlan(searchStats(db), filters, wordsOf(query.q), sort, wanted);
    let found: repository.BrowseKey[] = [];
    let rows = new Map<string, repository.ListedProductRow>();
    let restAfter: repository.BrowseKey | undefined = after;
    let needRest = true;
    if (plan === 'walk') {
      let walk = await repository.walkCategory(db, filters, {
        sort,
        after,
        limit: wanted,
        maxRows: searchWindowRows,
      });
      found = walk.hits;
      rows = walk.rows;
      const need = wanted - found.length;
      const second = walk.end && secondWalkOf(need, found.length);
      if (second) {
        // Just short of a page: a second, shorter walk (secondWalkOf) from where the first ended.
        walk = await repository.walkCategory(db, filters, { sort, after: walk.end, ...second });
        found = [...found, ...walk.hits];
        for (const [id, row] of walk.rows) rows.set(id, row);
        if (found.length >= wanted) walk.end = undefined;
      }
      // Rare matches: the walk went its whole length; the index finds the rest after where it ended.
      needRest = walk.end !== undefined;
      restAfter = walk.end;
    }
    if (needRest) {
      const stats = searchStats(db);
      const rest = await repository.searchMatches(db, filters, {
        sort,
        after: restAfter,
        limit: wanted - found.length,
        factTokens: stats && factTokensToRead(stats, filters),
      });
      found = [...found, ...rest];
    }
    hasMore = found.length > limit;
    keys = found.slice(0, limit);
    const missing = keys.filter((key) => !rows.has(key.id)).map((key) => key.id);
    for (const row of await repository.liveProductsByIds(db, categoryId, missing)) rows.set(row.id, row);
    // In sort order; a listing removed since the search just drops out of this page.
    items = keys.flatMap((key) => {
      const row = rows.get(key.id);
      return row ? [toListedProduct(row)] : [];
    });
  }

  if (items.length === 0 && categoryId !== undefined && !(await repository.categoryExists(db, categoryId))) {
    throw notFound(listingMessages.categoryNotFound);
  }
  // Words that found nothing: perhaps a typo. Only then, and only on a first page (a search that
  // found phones did what its words say; "mint" must not become "mini").
  const suggestion =
    items.length === 0 && after === undefined && query.q !== undefined
      ? await suggestSearch(db, categoryId, query.q)
      : undefined;
  const storageSizesGb = await storageSizes;
  const last = keys.at(-1);
  return {
    items,
    nextCursor: hasMore && last ? encodeBrowseCursor(sort, last) : null,
    ...(suggestion === undefined ? {} : { suggestion }),
    ...(storageSizesGb === undefined ? {} : { storageSizesGb }),
  };
};
