/**
 * Moderation as the browser tests need it: fresh accounts, phones and reports made through the API
 * (so each test has records no other test touches), and the parts of the admin's screens a person
 * looks at — All Users / All Sellers by their search box and rows, Reported Items by its rows and
 * its dialogs.
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  accountTexts,
  adminTexts,
  categoryBrands,
  type AuthSession,
  type CategoryId,
  type Product,
  type ReportReason,
} from '@recell/contract';
import { demoAccount, signIn } from './auth.ts';
import { createListing, makePhonePhoto, uniqueToken, uploadPhoto } from './listings.ts';
import { confirmEmailOf } from './mailbox.ts';

// ---------------------------------------------------------------------------------------------
// Records made through the API

export interface FreshAccount {
  id: string;
  name: string;
  email: string;
  password: string;
  /** A bearer token of its own session. */
  token: string;
}

/** Signs a new account up through the API (multipart, with a photo), as the sign-up page does, and confirms its address. */
export const signUpAccount = async (
  request: APIRequestContext,
  role: 'user' | 'seller',
  name: string,
  /** A fresh one unless given (a test of long addresses names its own). */
  email = `${role}.${Date.now()}.${uniqueToken()}@recell.test`,
): Promise<FreshAccount> => {
  const password = `pw-${uniqueToken()}`;
  const response = await request.post('/api/auth/signup', {
    multipart: { name, email, password, role, image: await makePhonePhoto('me.jpg') },
  });
  expect(response.status(), `POST /api/auth/signup as ${email}: ${await response.text()}`).toBe(201);
  const session = (await response.json()) as AuthSession;
  // A new account trades only once its address is confirmed: by the emailed link, as its owner does.
  await confirmEmailOf(request, email);
  return { id: session.user.id, name, email, password, token: session.accessToken };
};

/** Puts a phone on sale as `seller` (a complete listing; `fields` override its defaults). */
export const createPhone = async (
  request: APIRequestContext,
  seller: FreshAccount,
  fields: { name: string; model: string; categoryId: CategoryId; location?: string; price?: number },
): Promise<Product> =>
  createListing(request, seller.token, {
    name: fields.name,
    categoryId: fields.categoryId,
    price: fields.price ?? 215,
    originalPrice: 640,
    brand: categoryBrands[fields.categoryId],
    model: fields.model,
    used: '10 months',
    location: fields.location ?? 'Eugene, OR',
    phone: '5035550123',
    condition: 'Good',
    authenticity: 'Original',
    features: '128 GB, admin browser test',
    description: 'A listing made for the moderation browser tests.',
    imageId: await uploadPhoto(request, seller.token),
  });

/** Advertises `seller`'s phone on the home page. */
export const advertisePhone = async (request: APIRequestContext, seller: FreshAccount, productId: string) => {
  const response = await request.post(`/api/products/${productId}/advertise`, {
    headers: { authorization: `Bearer ${seller.token}` },
  });
  expect(response.status(), `POST /api/products/${productId}/advertise: ${await response.text()}`).toBe(201);
};

/** Reports a phone as the buyer `reporter`. */
export const reportPhone = async (
  request: APIRequestContext,
  reporter: FreshAccount,
  productId: string,
  report: { reason: ReportReason; text: string },
) => {
  const response = await request.post(`/api/products/${productId}/reports`, {
    headers: { authorization: `Bearer ${reporter.token}` },
    data: report,
  });
  expect(response.status(), `POST /api/products/${productId}/reports: ${await response.text()}`).toBe(201);
};

/** Sends the Contact us form's message through the API, as a visitor (no session). */
export const sendContactMessage = async (
  request: APIRequestContext,
  message: { name: string; email: string; message: string },
) => {
  const response = await request.post('/api/contact-messages', { data: message });
  expect(response.status(), `POST /api/contact-messages: ${await response.text()}`).toBe(201);
};

/** The caption of the Messages table in one of its views. */
export const messagesCaption = (view: 'inbox' | 'archived') =>
  `${accountTexts.contactMessages}: ${view === 'inbox' ? adminTexts.inbox : adminTexts.archived}`;

/** The status of GET /api/me with `token`: 200 while the session works, 401 once it does not. */
export const meStatus = async (request: APIRequestContext, token: string) =>
  (await request.get('/api/me', { headers: { authorization: `Bearer ${token}` } })).status();

// ---------------------------------------------------------------------------------------------
// Pages

/** Opens an admin page from a deep link: the guard asks for login first (as the demo admin), then comes back. */
export const openAsAdmin = async (page: Page, path: string, heading: string) => {
  await page.goto(path);
  await expect(page).toHaveURL('/login');
  await signIn(page, demoAccount('admin').email);
  await expect(page).toHaveURL(path);
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
};

/** An admin table, named by its caption (All Users, All Sellers, Reported Items, Audit Log). */
export const adminTable = (page: Page, caption: string): Locator =>
  page.getByRole('main').getByRole('table', { name: caption, exact: true });

/** The rows of an admin table whose row header (the name) is `name`. */
export const adminRows = (page: Page, caption: string, name: string): Locator =>
  adminTable(page, caption)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name, exact: true }) });

/** All Users' or All Sellers' search box. */
export const accountSearch = (page: Page, caption: typeof accountTexts.allUsers | typeof accountTexts.allSellers) =>
  page.getByRole('main').getByRole('searchbox', {
    name: caption === accountTexts.allUsers ? adminTexts.searchUsers : adminTexts.searchSellers,
    exact: true,
  });

/** Searches All Users / All Sellers for `text` and waits until the URL (and so the list) has it. */
export const searchAccounts = async (
  page: Page,
  caption: typeof accountTexts.allUsers | typeof accountTexts.allSellers,
  text: string,
) => {
  await accountSearch(page, caption).fill(text);
  await expect(page).toHaveURL(
    new RegExp(`[?&]q=${encodeURIComponent(text).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(&|$)`),
  );
};
