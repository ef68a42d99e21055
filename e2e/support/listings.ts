/**
 * Listings as the browser tests need them: what the API answers (the oracle the pages are compared
 * with), a photo for the Add Product form, and the parts of the listing screens a person looks at —
 * the Add Product form by its labels, the My Products table by its rows, a category page's search
 * and result cards, a phone's details page.
 */
import { createRequire } from 'node:module';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type Sharp from 'sharp';
import {
  accountTexts,
  categoryBrands,
  imeiWithCheckDigit,
  listingTexts,
  photoTexts,
  webTexts,
  type AuthSession,
  type CategoryId,
  type MyProductPage,
  type ListedProduct,
  type Product,
  type ProductPage,
} from '@recell/contract';
import { demoPassword } from './auth.ts';

// sharp is the API's image library; the tests make their photos with it rather than ship fixtures.
const sharp = createRequire(new URL('../../apps/api/package.json', import.meta.url))('sharp') as typeof Sharp;

/**
 * A small, real JPEG photo of a "phone" (a dark rounded slab on teal, or on `background`), as a file
 * picker hands it over. Another background is another picture (another image id).
 */
export const makePhonePhoto = async (name = 'phone.jpg', background = '#0f766e') => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 160, height: 120, channels: 3, background } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="120"><rect x="55" y="10" width="50" height="100" rx="8" fill="#1e293b"/></svg>',
        ),
      },
    ])
    .jpeg({ quality: 80 })
    .toBuffer(),
});

/** A valid IMEI (Luhn check digit) made up for this run: one listing for sale per IMEI. */
export const freshImei = () =>
  imeiWithCheckDigit(`35${Array.from({ length: 12 }, () => Math.floor(Math.random() * 10)).join('')}`);

/** The phone facts every new listing gives, as the API takes them (a fresh IMEI each call). */
export const phoneFactsFields = () => ({
  storageGb: '128',
  colour: 'Midnight',
  networkLock: 'unlocked',
  imei: freshImei(),
});

/** A short random token (letters and digits) that makes this run's texts unique. */
export const uniqueToken = () => Math.random().toString(36).slice(2, 8).padEnd(6, 'x');

// ---------------------------------------------------------------------------------------------
// The API, as the oracle

/** Signs in through the API and returns the bearer token (for the seller-only calls). */
export const apiToken = async (request: APIRequestContext, email: string, password = demoPassword) => {
  const response = await request.post('/api/auth/login', { data: { email, password } });
  expect(response.status(), `POST /api/auth/login as ${email}`).toBe(200);
  return ((await response.json()) as AuthSession).accessToken;
};

type CategoryQuery = { q?: string; sort?: 'newest' | 'price_asc' | 'price_desc' };

/** One page of a category's phones, exactly as a category page asks for it (the API's default page size). */
export const fetchCategoryPage = async (
  request: APIRequestContext,
  categoryId: CategoryId,
  query: CategoryQuery = {},
): Promise<ProductPage> => {
  const params = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));
  const response = await request.get(`/api/categories/${categoryId}/products`, { params });
  expect(response.status(), `GET /api/categories/${categoryId}/products ${JSON.stringify(params)}`).toBe(200);
  return (await response.json()) as ProductPage;
};

/** Every phone of a category matching `query`, all pages (100 at a time). */
export const fetchCategoryProducts = async (
  request: APIRequestContext,
  categoryId: CategoryId,
  query: CategoryQuery = {},
): Promise<ListedProduct[]> => {
  const items: ListedProduct[] = [];
  let cursor: string | null = null;
  do {
    const params: Record<string, string> = { limit: '100' };
    for (const [name, value] of Object.entries(query)) if (value !== undefined) params[name] = value;
    if (cursor) params.cursor = cursor;
    const response = await request.get(`/api/categories/${categoryId}/products`, { params });
    expect(response.status(), `GET /api/categories/${categoryId}/products ${JSON.stringify(params)}`).toBe(200);
    const page = (await response.json()) as ProductPage;
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
};

/**
 * The phones as their own pages have them, with the texts a list leaves out (features,
 * description), a few at a time.
 */
export const withListingTexts = async (request: APIRequestContext, phones: readonly ListedProduct[]) => {
  const whole: Product[] = [];
  for (let at = 0; at < phones.length; at += 8) {
    whole.push(
      ...(await Promise.all(
        phones.slice(at, at + 8).map(async (phone) => {
          const response = await request.get(`/api/products/${phone.id}`);
          expect(response.status(), `GET /api/products/${phone.id}`).toBe(200);
          return (await response.json()) as Product;
        }),
      )),
    );
  }
  return whole;
};

/** The seller's own phones (for sale and sold), all pages. */
export const fetchMyProducts = async (request: APIRequestContext, token: string) => {
  const items: ListedProduct[] = [];
  let cursor: string | null = null;
  do {
    const params: Record<string, string> = { limit: '100', ...(cursor ? { cursor } : {}) };
    const response = await request.get('/api/me/products', { params, headers: { authorization: `Bearer ${token}` } });
    expect(response.status(), 'GET /api/me/products').toBe(200);
    const page = (await response.json()) as MyProductPage;
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
};

/** The words of a text as the search sees them: lower-case runs of letters and digits. */
export const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * What the spec asks of the search, computed independently of the API: a phone matches a one-word
 * query when a word of its name, brand, model, features, description or location starts with it.
 */
export const matchesPrefix = (product: Product, prefix: string) => {
  const wanted = prefix.toLowerCase();
  return [product.name, product.brand, product.model, product.features, product.description, product.location]
    .flatMap(wordsOf)
    .some((word) => word.startsWith(wanted));
};

/** Names as a sorted list, duplicates kept (two phones may share a name). */
export const sortedNames = (products: readonly { name: string }[]) =>
  products.map((product) => product.name).sort((a, b) => a.localeCompare(b));

// ---------------------------------------------------------------------------------------------
// Pages

/** A link of the dashboard's sidebar menu (My Products, Add Product, …). */
export const dashboardLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: accountTexts.dashboardMenu, exact: true }).getByRole('link', {
    name,
    exact: true,
  });

/** The Add Product form's controls, each found by its visible label, in the spec's order. */
export const addProductForm = (page: Page) => {
  const main = page.getByRole('main');
  const field = (label: string) => main.getByLabel(label, { exact: true });
  return {
    name: field(listingTexts.productName),
    category: field(listingTexts.category),
    price: field(listingTexts.price),
    originalPrice: field(listingTexts.originalPrice),
    brand: field(listingTexts.brand),
    model: field(listingTexts.model),
    storage: field(listingTexts.storage),
    colour: field(listingTexts.colour),
    networkLock: field(listingTexts.networkLock),
    batteryHealth: field(listingTexts.batteryHealth),
    imei: field(listingTexts.imei),
    used: field(listingTexts.used),
    location: field(listingTexts.location),
    phone: field(listingTexts.phone),
    condition: field(listingTexts.condition),
    authenticity: field(listingTexts.authenticity),
    features: field(listingTexts.features),
    description: field(listingTexts.description),
    /** The photo picker's file input (several files at once). */
    photo: field(photoTexts.addPhotos),
    submit: main.getByRole('button', { name: listingTexts.addProductButton, exact: true }),
  };
};

/**
 * Waits until the photo picker shows `count` photos, every one uploaded: none still has a progress
 * bar (the form is held back until then).
 */
export const expectPhotosUploaded = async (page: Page, count: number) => {
  const main = page.getByRole('main');
  await expect(main.getByRole('status').filter({ hasText: photoTexts.count(count) })).toBeVisible();
  await expect(main.getByRole('img', { name: photoTexts.photoAlt(count), exact: true })).toBeVisible();
  await expect(main.getByRole('progressbar')).toHaveCount(0);
  await expect(main.getByText(photoTexts.uploadFailed)).toHaveCount(0);
};

/** The My Products table (its caption names it). */
export const myProductsTable = (page: Page): Locator =>
  page.getByRole('main').getByRole('table', { name: accountTexts.myProducts, exact: true });

/** The My Products rows whose row header is the phone's name. */
export const myProductRows = (page: Page, name: string): Locator =>
  myProductsTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name, exact: true }) });

/** A category page's search form and its controls. */
export const categorySearch = (page: Page) => {
  const form = page.getByRole('search', { name: listingTexts.searchLabel, exact: true });
  return {
    form,
    box: form.getByRole('searchbox', { name: listingTexts.searchLabel, exact: true }),
    sort: form.getByLabel(listingTexts.sortLabel, { exact: true }),
  };
};

/** A category page's results region (cards, the count line, Load more). */
export const categoryResults = (page: Page, categoryId: CategoryId): Locator =>
  page.getByRole('region', { name: listingTexts.resultsLabel(categoryBrands[categoryId]), exact: true });

/** The product cards of a grid. */
export const productCards = (scope: Locator): Locator => scope.getByRole('article');

/** The names (card headings) of the cards of a grid, in the order shown. */
export const cardHeadings = (scope: Locator) => productCards(scope).getByRole('heading').allTextContents();

/** The cards of a grid whose heading is `name`. */
export const cardsNamed = (scope: Locator, name: string): Locator =>
  productCards(scope).filter({ has: scope.page().getByRole('heading', { name, exact: true }) });

/**
 * The price a card shows: the value (definition) of its "Price" term. The card lists its facts as
 * term/definition pairs, price first.
 */
export const cardPrice = async (card: Locator) => {
  const terms = await card.getByRole('term').allTextContents();
  const values = await card.getByRole('definition').allTextContents();
  const index = terms.findIndex((term) => term.trim() === webTexts.priceLabel);
  return index === -1 ? undefined : values[index]?.trim();
};

/** The prices of the cards of a grid, in the order shown. */
export const cardPrices = async (scope: Locator) => {
  const prices: (string | undefined)[] = [];
  for (const card of await productCards(scope).all()) prices.push(await cardPrice(card));
  return prices;
};

/**
 * Waits until a category page shows the results of its latest search: the list is not a
 * placeholder (aria-busy) and the count line says how many were found.
 */
export const expectSettledResults = async (page: Page, categoryId: CategoryId, count: number, hasMore = false) => {
  const results = categoryResults(page, categoryId);
  await expect(results.getByRole('status')).toHaveText(
    count === 0 ? listingTexts.noMatches : listingTexts.resultCount(count, hasMore),
  );
  await expect(results.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(productCards(results)).toHaveCount(count);
  return results;
};

// ---------------------------------------------------------------------------------------------
// Listings made through the API (for a catalogue shape the demo does not have)

/** Uploads a picture as `token`'s user and returns its image id. */
export const uploadPhoto = async (request: APIRequestContext, token: string) => {
  const response = await request.post('/api/uploads', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { image: await makePhonePhoto() },
  });
  expect(response.status(), 'POST /api/uploads').toBe(201);
  return ((await response.json()) as { id: string }).id;
};

/** Puts a phone on sale as the seller `token` (JSON with an uploaded image id). */
/**
 * The brand left as seeded: browse-search.spec.ts compares the whole of its phones for sale with
 * the page while other files run, so no test lists a phone there.
 */
export const wholeCategoryId: CategoryId = '2';

export const createListing = async (request: APIRequestContext, token: string, listing: Record<string, unknown>) => {
  expect(listing.categoryId, `${categoryBrands[wholeCategoryId]} is left as seeded: list elsewhere`).not.toBe(
    wholeCategoryId,
  );
  const response = await request.post('/api/products', {
    headers: { authorization: `Bearer ${token}` },
    // Every new listing gives its phone facts; a test names its own to check them.
    data: { ...phoneFactsFields(), ...listing },
  });
  expect(response.status(), `POST /api/products ${String(listing.name)}: ${await response.text()}`).toBe(201);
  return (await response.json()) as Product;
};

/** Removes a phone as the seller `token`. */
export const deleteListing = async (request: APIRequestContext, token: string, id: string) => {
  const response = await request.delete(`/api/products/${id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), `DELETE /api/products/${id}`).toBe(204);
};
