/**
 * Buying as the browser tests need it: fresh phones for sale made through the API (so each test has
 * its own), the API's view of a buyer's orders, wishlist and a seller's sales (the oracle), and the
 * parts of the buying screens a person looks at — a category page's card for a phone, the booking
 * and report modals by their labels, and the rows of My Orders, My Wishlist and My Sales.
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  accountTexts,
  buyingTexts,
  categoryBrands,
  messages,
  type CategoryId,
  type Order,
  type OrderPage,
  type Product,
  type SalePage,
  type WishlistIds,
} from '@recell/contract';
import { dashboardMenu } from './auth.ts';
import { apiToken, categoryResults, createListing, phoneFactsFields, uniqueToken, uploadPhoto } from './listings.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

// ---------------------------------------------------------------------------------------------
// The API, as the oracle and for set-up

/** What a fresh test phone is: a unique one-word model the category search finds it by. */
export interface TestPhone {
  product: Product;
  /** The word only this phone's name has (search the category page for it). */
  word: string;
  /** The seller's phone number as given when listing it (shown to the buyers who book it). */
  sellerPhone: string;
}

/**
 * Puts a fresh phone on sale as `sellerEmail` (one uploaded photo, JSON listing). Remove it with
 * `removeTestPhone` when the test ends.
 */
export const createTestPhone = async (
  request: APIRequestContext,
  sellerEmail: string,
  {
    categoryId = '3' as CategoryId,
    priceDollars = 275,
    imei,
  }: {
    categoryId?: CategoryId;
    priceDollars?: number;
    /** The phone's IMEI, with the other phone facts (a return's IMEI check compares it). */
    imei?: string;
  } = {},
): Promise<TestPhone & { sellerToken: string }> => {
  const sellerToken = await apiToken(request, sellerEmail);
  const word = `Buytest${uniqueToken()}`;
  const sellerPhone = '5035550177';
  const product = await createListing(request, sellerToken, {
    name: `${word} Phone`,
    categoryId,
    price: priceDollars,
    originalPrice: priceDollars * 2,
    brand: categoryBrands[categoryId],
    model: word,
    used: '10 months',
    location: `Buyville ${word}`,
    phone: sellerPhone,
    condition: 'Good',
    authenticity: 'Original',
    features: '128 GB, browser-test listing',
    description: 'A browser-test listing for the buying tests, removed when the test ends.',
    imageId: await uploadPhoto(request, sellerToken),
    ...(imei ? { ...phoneFactsFields(), imei } : {}),
  });
  return { product, word, sellerPhone, sellerToken };
};

/** Withdraws a test phone (a sold one stays sold: the API refuses, which is fine at clean-up). */
export const removeTestPhone = async (request: APIRequestContext, sellerToken: string, id: string) => {
  const response = await request.delete(`/api/products/${id}`, { headers: bearer(sellerToken) });
  expect([204, 404, 409], `DELETE /api/products/${id}`).toContain(response.status());
};

/** Books `productId` as the buyer `token` through the API. */
export const bookThroughApi = async (
  request: APIRequestContext,
  token: string,
  booking: { productId: string; phone: string; location: string },
) => {
  const response = await request.post('/api/orders', { headers: bearer(token), data: booking });
  expect(response.status(), `POST /api/orders: ${await response.text()}`).toBe(201);
  return (await response.json()) as Order;
};

/** The buyer's orders (first 100, newest first). */
export const fetchMyOrders = async (request: APIRequestContext, token: string) => {
  const response = await request.get('/api/me/orders', { headers: bearer(token), params: { limit: '100' } });
  expect(response.status(), 'GET /api/me/orders').toBe(200);
  return ((await response.json()) as OrderPage).items;
};

/** The seller's sales (first 100, newest first). */
export const fetchMySales = async (request: APIRequestContext, token: string) => {
  const response = await request.get('/api/me/sales', { headers: bearer(token), params: { limit: '100' } });
  expect(response.status(), 'GET /api/me/sales').toBe(200);
  return ((await response.json()) as SalePage).items;
};

/** The ids of the phones in the buyer's wishlist. */
export const fetchWishlistIds = async (request: APIRequestContext, token: string) => {
  const response = await request.get('/api/me/wishlist/ids', { headers: bearer(token) });
  expect(response.status(), 'GET /api/me/wishlist/ids').toBe(200);
  return ((await response.json()) as WishlistIds).productIds;
};

// ---------------------------------------------------------------------------------------------
// Pages

/**
 * Opens a category page searched for the test phone's own word and returns its card (the only
 * result). The page is behind the login: sign in first.
 */
export const openPhoneCard = async (page: Page, phone: TestPhone): Promise<Locator> => {
  const { categoryId } = phone.product;
  await page.goto(`/categories/${categoryId}?q=${phone.word}`);
  await expect(page.getByRole('heading', { level: 1, name: categoryBrands[categoryId], exact: true })).toBeVisible();
  const card = categoryResults(page, categoryId)
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: phone.product.name, exact: true }) });
  await expect(card).toHaveCount(1);
  return card;
};

/** The booking modal of `productName` and its fields, by their visible labels. */
export const bookingDialog = (page: Page, productName: string) => {
  const dialog = page.getByRole('dialog', { name: buyingTexts.bookTitle(productName), exact: true });
  const field = (label: string) => dialog.getByLabel(label, { exact: true });
  return {
    dialog,
    name: field(buyingTexts.buyerName),
    email: field(buyingTexts.buyerEmail),
    product: field(buyingTexts.productName),
    price: field(buyingTexts.price),
    phone: field(buyingTexts.phone),
    location: field(buyingTexts.location),
    submit: dialog.getByRole('button', { name: buyingTexts.submitOrder, exact: true }),
  };
};

/** The report modal of `productName` and its controls. */
export const reportDialog = (page: Page, productName: string) => {
  const dialog = page.getByRole('dialog', { name: messages.reportHeading(productName), exact: true });
  return {
    dialog,
    reasons: dialog.getByRole('group', { name: buyingTexts.reasonLegend, exact: true }),
    text: dialog.getByLabel(buyingTexts.reportText, { exact: true }),
    cancel: dialog.getByRole('button', { name: buyingTexts.cancel, exact: true }),
    submit: dialog.getByRole('button', { name: buyingTexts.submitReport, exact: true }),
  };
};

/**
 * Opens a page of the dashboard from its sidebar menu (Dashboard in the main navigation first). The
 * link's name may carry an unread count that another journey's message left ("My Orders (1 unread
 * message)").
 */
/** A part of an order's page (`/dashboard/orders/:id`) by its heading: Next step, Timeline, Help… */
export const orderPageRegion = (page: Page, name: string) =>
  page.getByRole('main').getByRole('region', { name, exact: true });

export const openDashboardPage = async (page: Page, name: string, url: string) => {
  await page.goto('/dashboard');
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await dashboardMenu(page)
    .getByRole('link', { name: new RegExp(`^${escaped}( \\(.+\\))?$`) })
    .click();
  await expect(page).toHaveURL(url);
  await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
};

/** A dashboard table by its caption (My Orders, My Wishlist, My Sales). */
const dashboardTable = (page: Page, caption: string): Locator =>
  page.getByRole('main').getByRole('table', { name: caption, exact: true });

/** The rows of a dashboard table whose row header is the phone's name. */
const rowsNamed = (table: Locator, name: string): Locator =>
  table.getByRole('row').filter({ has: table.page().getByRole('rowheader', { name, exact: true }) });

const myOrdersTable = (page: Page) => dashboardTable(page, accountTexts.myOrders);
export const myOrderRows = (page: Page, name: string) => rowsNamed(myOrdersTable(page), name);
const myWishlistTable = (page: Page) => dashboardTable(page, accountTexts.myWishlist);
export const myWishlistRows = (page: Page, name: string) => rowsNamed(myWishlistTable(page), name);
const mySalesTable = (page: Page) => dashboardTable(page, accountTexts.mySales);
export const mySaleRows = (page: Page, name: string) => rowsNamed(mySalesTable(page), name);
