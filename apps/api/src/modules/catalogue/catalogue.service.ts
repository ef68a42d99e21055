import { z } from 'zod';
import {
  dollarsToCents,
  listingLimits,
  listingMessages,
  type Category,
  type PageQuery,
  type Product,
  type ProductPage,
  type ProductQuery,
} from '@recell/contract';
import type { Database } from '../../db/client.ts';
import { badRequest, notFound } from '../../errors.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import * as repository from './catalogue.repository.ts';

export const listCategories = async (db: Database): Promise<Category[]> =>
  (await repository.listCategories(db)) as Category[];

export const toPublicProduct = (row: repository.PublicProductRow): Product => ({
  id: row.id,
  categoryId: row.categoryId as Product['categoryId'],
  name: row.name,
  brand: row.brand,
  model: row.model,
  priceCents: row.priceCents,
  originalPriceCents: row.originalPriceCents,
  condition: row.condition,
  used: row.used,
  location: row.location,
  authenticity: row.authenticity,
  features: row.features,
  description: row.description,
  imageUrl: row.imageUrl,
  status: row.status,
  isAdvertised: Boolean(row.isAdvertised),
  createdAt: new Date(row.createdAt).toISOString(),
  seller: { id: row.sellerId, name: row.sellerName, email: row.sellerEmail, isVerified: row.sellerVerified },
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
    items: page.map(toPublicProduct),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ us: last.advertisedUs, id: last.id }) : null,
  };
};

// ---------------------------------------------------------------------------------------------
// Category pages

/**
 * The words of a search as a to_tsquery('simple', …) text: every word must match, each as a
 * prefix (`'gal':*` finds "Galaxy"). Words are split on white space; each is quoted and escaped
 * for tsquery syntax, so whatever is typed is only ever a word to look for, and PostgreSQL splits
 * it exactly as it split the listings' text ("wi-fi", "(PRODUCT)RED"). Words without a letter or
 * digit are dropped; undefined when none is left. The text travels as a bound parameter.
 */
export const toPrefixTsquery = (q: string): string | undefined => {
  const words = q
    .split(/\s+/u)
    .filter((word) => /[\p{L}\p{N}]/u.test(word))
    .slice(0, listingLimits.searchMaxWords);
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
 * How many listings a filtered page looks at in sort order before it goes to the search index
 * instead. Scanning them is a fixed cost (a few milliseconds); when fewer than a page of them
 * match, the matches are rare enough (about 1 in 40 or fewer) that fetching just them through the
 * index and sorting them is cheap. See docs/decisions/0009-category-search-and-listings.md.
 */
export const searchWindowRows = 1000;

/**
 * One page of a category's phones for sale: optionally searched (every word, as a prefix, over
 * name, brand, model, features, description and location), filtered by condition and price
 * range, sorted newest first or by price, continued with the previous page's cursor. Pages never
 * repeat or skip a listing that existed when paging began, however many are added meanwhile.
 * An unknown category is a 404.
 */
export const listCategoryProducts = async (
  db: Database,
  categoryId: string,
  query: ProductQuery,
): Promise<ProductPage> => {
  const { sort, limit } = query;
  const after = decodeBrowseCursor(query.cursor, sort);
  const filters: repository.BrowseFilters = {
    categoryId,
    tsquery: query.q === undefined ? undefined : toPrefixTsquery(query.q),
    condition: query.condition,
    minPriceCents: query.minPrice === undefined ? undefined : dollarsToCents(query.minPrice),
    maxPriceCents: query.maxPrice === undefined ? undefined : dollarsToCents(query.maxPrice),
  };

  let items: Product[];
  let keys: repository.BrowseKey[];
  let hasMore: boolean;
  if (!repository.hasMatchFilters(filters)) {
    // A plain page: one walk down the browse index. One extra row tells whether more exist.
    const rows = await repository.browseCategory(db, { categoryId, sort, after, limit: limit + 1 });
    hasMore = rows.length > limit;
    const page = rows.slice(0, limit);
    items = page.map(toPublicProduct);
    keys = page.map((row) => ({ us: row.us, priceCents: row.priceCents, id: row.id }));
  } else {
    const wanted = limit + 1;
    const window = await repository.scanWindow(db, filters, {
      sort,
      after,
      limit: wanted,
      windowSize: searchWindowRows,
    });
    let found = window.hits;
    if (found.length < wanted && window.size === searchWindowRows && window.end) {
      const rest = await repository.searchMatches(db, filters, {
        sort,
        after: window.end,
        limit: wanted - found.length,
      });
      found = [...found, ...rest];
    }
    hasMore = found.length > limit;
    keys = found.slice(0, limit);
    const rows = new Map(
      (
        await repository.liveProductsByIds(
          db,
          categoryId,
          keys.map((key) => key.id),
        )
      ).map((r) => [r.id, r]),
    );
    // In sort order; a listing removed since the scan just drops out of this page.
    items = keys.flatMap((key) => {
      const row = rows.get(key.id);
      return row ? [toPublicProduct(row)] : [];
    });
  }

  if (items.length === 0 && !(await repository.categoryExists(db, categoryId))) {
    throw notFound(listingMessages.categoryNotFound);
  }
  const last = keys.at(-1);
  return { items, nextCursor: hasMore && last ? encodeBrowseCursor(sort, last) : null };
};
