/**
 * Signing in the way a person does (the login page), the demo accounts, and the page parts the
 * account tests look at: toasts, the main navigation and the dashboard sidebar.
 */
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import {
  accountTexts,
  addressTexts,
  financeTexts,
  listingReviewTexts,
  missedDropOffTexts,
  messages,
  orderProgressTexts,
  payoutTexts,
  webTexts,
  type AuthSession,
  type Me,
  type Role,
} from '@recell/contract';
import { demoAccounts, demoPassword, type DemoAccountKey } from '../../apps/api/src/db/seed/demo-catalogue.ts';

export { demoPassword };

/** A demo account of the catalogue the API seeds outside production (README, "Demo accounts"). */
export const demoAccount = (key: DemoAccountKey) => {
  const account = demoAccounts.find((candidate) => candidate.key === key);
  if (!account) throw new Error(`no demo account "${key}"`);
  return { ...account, password: demoPassword };
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A toast (react-hot-toast renders them as live regions) saying exactly `text`. */
export const toast = (page: Page, text: string): Locator =>
  page
    .getByRole('status')
    .or(page.getByRole('alert'))
    .filter({ hasText: new RegExp(`^\\s*${escapeRegExp(text)}\\s*$`) });

/** The site's top navigation. */
export const mainNav = (page: Page): Locator => page.getByRole('navigation', { name: 'Main' });

/** What the top navigation shows a signed-in user: Dashboard (with their photo) and Log out. */
export const expectSignedInNav = async (page: Page) => {
  const nav = mainNav(page);
  await expect(nav.getByRole('link', { name: webTexts.navDashboard, exact: true })).toBeVisible();
  await expect(nav.getByRole('button', { name: webTexts.logout, exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: webTexts.navLogin, exact: true })).toHaveCount(0);
};

/** What the top navigation shows a visitor: a Login link, neither Dashboard nor Log out. */
export const expectSignedOutNav = async (page: Page) => {
  const nav = mainNav(page);
  await expect(nav.getByRole('link', { name: webTexts.navLogin, exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: webTexts.navDashboard, exact: true })).toHaveCount(0);
  await expect(nav.getByRole('button', { name: webTexts.logout, exact: true })).toHaveCount(0);
};

/** The dashboard's sidebar (photo, name, View profile, the role's menu). */
export const dashboardSidebar = (page: Page): Locator =>
  page.getByRole('complementary').filter({ has: page.getByRole('link', { name: messages.viewProfile }) });

/** The dashboard menu of the sidebar. */
export const dashboardMenu = (page: Page): Locator =>
  page.getByRole('navigation', { name: accountTexts.dashboardMenu, exact: true });

/** Each role's dashboard menu, as the spec lists it (§2). */
export const roleMenus: Record<Role, string[]> = {
  seller: [
    accountTexts.myProducts,
    accountTexts.addProduct,
    accountTexts.mySales,
    payoutTexts.navPayouts,
    addressTexts.pageTitle,
  ],
  user: [accountTexts.myOrders, accountTexts.myWishlist, addressTexts.pageTitle],
  admin: [
    accountTexts.allUsers,
    accountTexts.allSellers,
    accountTexts.reportedItems,
    listingReviewTexts.queueHeading,
    orderProgressTexts.adminTitle,
    accountTexts.returns,
    missedDropOffTexts.menu,
    financeTexts.navFinance,
    accountTexts.contactMessages,
    accountTexts.auditLog,
    accountTexts.emailOutbox,
  ],
};

/** The dashboard's welcome page with the sidebar of `user`: their name, View profile, their menu. */
export const expectDashboardOf = async (page: Page, user: Pick<Me, 'name' | 'role'>) => {
  await expect(page.getByRole('heading', { level: 1, name: messages.dashboardWelcome, exact: true })).toBeVisible();
  const sidebar = dashboardSidebar(page);
  await expect(sidebar.getByText(user.name, { exact: true })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: messages.viewProfile, exact: true })).toBeVisible();
  await expect(dashboardMenu(page).getByRole('link')).toHaveText(roleMenus[user.role]);
};

/**
 * Signs in on the login page: the page it is on when a guard has sent it there (wait for the /login
 * URL first: the guard redirects once the app knows nobody is signed in), else /login. Waits for the
 * success toast and returns the signed-in user as the API answered.
 */
export const signIn = async (page: Page, email: string, password = demoPassword): Promise<Me> => {
  const form = page.getByRole('main');
  const emailField = form.getByLabel(accountTexts.email, { exact: true });
  if (new URL(page.url()).pathname !== '/login') await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: accountTexts.loginHeading, exact: true })).toBeVisible();
  await emailField.fill(email);
  await form.getByLabel(accountTexts.password, { exact: true }).fill(password);
  const answer = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/auth/login' && response.request().method() === 'POST',
  );
  await form.getByRole('button', { name: accountTexts.loginButton, exact: true }).click();
  const response = await answer;
  expect(response.status(), `POST /api/auth/login as ${email}`).toBe(200);
  await expect(toast(page, messages.loginSuccess)).toBeVisible();
  // The login page then moves on: a navigation the caller starts now would race that one.
  await page.waitForURL((url) => url.pathname !== '/login');
  return ((await response.json()) as AuthSession).user;
};

/**
 * A signed-in page of its own (its own cookies) for `email`, for a journey with two people at once;
 * `viewport` when its size matters. CSP is bypassed so axe can run in it.
 */
export const signedInPageOf = async (browser: Browser, email: string, viewport?: { width: number; height: number }) => {
  const context = await browser.newContext({ ...(viewport ? { viewport } : {}), bypassCSP: true });
  const page = await context.newPage();
  await signIn(page, email);
  return { page, close: () => context.close() };
};
