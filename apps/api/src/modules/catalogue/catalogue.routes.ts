import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiEndpoints,
  CategoryIdParamsSchema,
  PageQuerySchema,
  ProductQuerySchema,
  ProductSearchPageSchema,
  categoryIds,
  type ProductPage,
} from '@recell/contract';
import { endpointRoute } from '../../lib/routes.ts';
import { isSignedInCaller } from '../auth/index.ts';
import { compressThreshold, encodedPage, PageCache, preferredEncoding } from '../../lib/page-cache.ts';
import * as service from './catalogue.service.ts';
import { listingPageFor } from './seller-email.ts';

const isCategoryId = (id: string) => (categoryIds as readonly string[]).includes(id);

/** How long a first page is served from memory, and how many are kept (about 20 kB each). */
export const pageCacheTtlMs = 1000;
const pageCacheMaxEntries = 256;
/**
 * How long a scope's storage sizes (the Storage filter's options) are kept: forgotten at once when
 * a listing changes here; another replica's change shows within this.
 */
export const storageSizesTtlMs = 60_000;

const jsonType = 'application/json; charset=utf-8';

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  // Off under NODE_ENV=test: API tests write rows straight to the database, beside the app, and
  // read pages right after. catalogue-page-cache.test.ts runs the app as development does.
  const cache = new PageCache({
    ttlMs: app.config.nodeEnv === 'test' ? 0 : pageCacheTtlMs,
    maxEntries: pageCacheMaxEntries,
  });
  app.onListingsChanged(() => cache.clear());

  // The storage sizes every computed first page carries, per scope: they change only when a
  // scope's first or last phone of a size comes or goes, and a page with words is never cached.
  const sizesTtlMs = app.config.nodeEnv === 'test' ? 0 : storageSizesTtlMs;
  const sizesByScope = new Map<string, { until: number; sizes: Promise<number[]> }>();
  app.onListingsChanged(() => sizesByScope.clear());
  const storageSizes = (db: typeof app.db, categoryId: string | undefined) => {
    const scope = categoryId ?? '';
    const kept = sizesByScope.get(scope);
    if (kept && kept.until > Date.now()) return kept.sizes;
    const sizes = service.liveStorageSizes(db, categoryId);
    // Kept for the known scopes only: any text can be asked for as a category.
    if (sizesTtlMs > 0 && (categoryId === undefined || isCategoryId(categoryId))) {
      sizesByScope.set(scope, { until: Date.now() + sizesTtlMs, sizes });
      // A failed read is not kept.
      sizes.catch(() => sizesByScope.delete(scope));
    }
    return sizes;
  };

  /**
   * Whether a page may carry its sellers' emails: only for someone signed in (every listing route
   * reads who calls, `identifiesCaller`). A brand's page rendered on the server is rendered as a
   * visitor, so its HTML names no seller's email (decisions 0051, 0063).
   */
  const showsSellerEmails = (request: FastifyRequest) => isSignedInCaller(request);

  /** Pages with the sellers' emails and pages without are kept apart. */
  const cacheKey = (request: FastifyRequest) =>
    `${showsSellerEmails(request) ? 'with-emails' : 'visitor'} ${request.url}`;

  /**
   * Whether the URL names only the page's own query parameters (`known`): only such a page is
   * kept. Any other parameter changes nothing on the page, so its answer is computed but takes no
   * place in the cache, and no one can push the pages most visits open out of it.
   */
  const namesOnly = (request: FastifyRequest, known: ReadonlySet<string>) => {
    const at = request.url.indexOf('?');
    if (at === -1) return true;
    for (const name of new URLSearchParams(request.url.slice(at + 1)).keys()) if (!known.has(name)) return false;
    return true;
  };
  const pageParams = new Set(Object.keys(PageQuerySchema.shape));
  const productParams = new Set(Object.keys(ProductQuerySchema.shape));

  /**
   * A first page answered within the last second, by its exact URL, before the query string is
   * even validated: the same bytes for every visitor (and for everyone signed in) until a listing
   * changes or a second passes.
   */
  const fromCache = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!cache.enabled) return;
    const page = cache.get(cacheKey(request));
    if (!page) return;
    reply.header('cache-control', 'no-store').type(jsonType);
    const encoding =
      page.body.length >= compressThreshold ? preferredEncoding(request.headers['accept-encoding']) : undefined;
    // Compressed once for everyone (the app's compression skips a body that says its encoding).
    if (encoding)
      return reply
        .header('content-encoding', encoding)
        .header('vary', 'accept-encoding')
        .send(encodedPage(page, encoding));
    return reply.send(page.body);
  };

  /**
   * A page as JSON text (without the sellers' emails for a visitor), stored for the next callers
   * when it is a public first page. The pages are built field by field from the contract's shape
   * (toListedProduct), so they are serialized directly; outside production they are checked
   * against the response schema as well.
   */
  const sendPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    fullPage: ProductPage,
    opts: { cacheable: boolean; generation: number },
  ) => {
    const page = listingPageFor(fullPage, showsSellerEmails(request));
    if (!app.config.isProduction) ProductSearchPageSchema.parse(page);
    // A string, as Node writes it together with the headers in one system call.
    const body = JSON.stringify(page);
    if (opts.cacheable) cache.set(cacheKey(request), body, opts.generation);
    // Never kept by browsers: a seller who removes a phone must not see it on the next load.
    return reply.header('cache-control', 'no-store').type(jsonType).send(body);
  };

  const { catalogue } = apiEndpoints;

  app.route(
    endpointRoute(catalogue.categories, {
      tags: ['catalogue'],
      summary: 'The brand categories',
      handler: async () => ({ items: await service.listCategories(app.db) }),
    }),
  );

  app.route(
    endpointRoute(catalogue.advertised, {
      tags: ['catalogue'],
      summary: 'Advertised phones still for sale, newest first',
      errors: [400],
      onRequest: fromCache,
      handler: async (request, reply) => {
        const generation = cache.generation;
        const page = await service.listAdvertised(app.db, request.query);
        const cacheable = request.query.cursor === undefined && namesOnly(request, pageParams);
        return sendPage(request, reply, page, { cacheable, generation });
      },
    }),
  );

  // Public like the home grid and the details page: the web asks visitors to log in before it
  // shows a category page (docs/product.md, Screens), but nothing here is private.
  app.route(
    endpointRoute(catalogue.categoryProducts, {
      tags: ['catalogue'],
      summary: 'Phones for sale in a category: search, filter, sort, page',
      description:
        '`q` searches name, brand, model, features, description and location: every word must match, ' +
        'each also as the start of a longer word ("gal" finds "Galaxy"). `minPrice`/`maxPrice` are dollars ' +
        '(inclusive), `condition` one of the listing conditions; `storage` (GB), `colour`, `network` ' +
        '(unlocked or a carrier), `minBattery` (%) and `model` filter by the phone facts (colour, network ' +
        'and model match whole, in any case); `sort` newest (default), price_asc or ' +
        'price_desc. Pass `nextCursor` as `cursor` for the next page, with the same sort; listings added ' +
        'meanwhile never make a page repeat or skip one. Sold and removed phones are not listed. A first ' +
        'page also gives `storageSizesGb`, the sizes the category’s phones for sale come in, and, when its ' +
        'words found nothing, `suggestion`: the words with the unknown ones replaced by the closest words of ' +
        'listings’ names, brands and models ("iphne" → "iphone").',
      params: CategoryIdParamsSchema,
      errors: [400, 404],
      onRequest: fromCache,
      handler: async (request, reply) => {
        const generation = cache.generation;
        const page = await service.listCategoryProducts(app.db, request.params.id, request.query, { storageSizes });
        // First pages without words: a few hundred possible URLs that most visits open.
        const cacheable =
          request.query.cursor === undefined && request.query.q === undefined && namesOnly(request, productParams);
        return sendPage(request, reply, page, { cacheable, generation });
      },
    }),
  );

  // Public for the same reason: the web's search page is behind a log in, the answer is the same
  // for everyone.
  app.route(
    endpointRoute(catalogue.searchProducts, {
      tags: ['catalogue'],
      summary: 'Phones for sale of every brand: search, filter, sort, page',
      description:
        'The category page’s search across every brand: the same `q`, filters (`minPrice`, `maxPrice`, ' +
        '`condition`, `storage`, `colour`, `network`, `minBattery`, `model`), `sort` and `cursor`; a first ' +
        'page’s `storageSizesGb` and `suggestion` over every brand.',
      errors: [400],
      onRequest: fromCache,
      handler: async (request, reply) => {
        const generation = cache.generation;
        const page = await service.searchProducts(app.db, request.query, { storageSizes });
        const cacheable =
          request.query.cursor === undefined && request.query.q === undefined && namesOnly(request, productParams);
        return sendPage(request, reply, page, { cacheable, generation });
      },
    }),
  );
};
