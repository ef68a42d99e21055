/**
 * WCAG 2.x A/AA checks with axe-core on the public pages and the signed-in ones (dashboard, listings),
 * once their content has loaded. Colour contrast is part of them, so dark mode gets its own runs.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { accountTexts, categoryBrands, listingTexts, messages } from '@recell/contract';
import { adminRows, messagesCaption, openAsAdmin, sendContactMessage } from './support/admin.ts';
import { demoAccount, expectDashboardOf, signIn } from './support/auth.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { pageBackgroundLuminance } from './support/layout.ts';
import { openHome } from './support/catalogue.ts';
import {
  addProductForm,
  categoryResults,
  fetchCategoryPage,
  myProductsTable,
  productCards,
  uniqueToken,
} from './support/listings.ts';

// axe is injected as an inline script, which the app's Content-Security-Policy rightly refuses.
test.use({ bypassCSP: true });

const openStaticPage = async (page: Page, path: string) => {
  await page.goto(path);
  await expect(page.getByRole('main')).toBeVisible();
  await page.waitForLoadState('networkidle');
};

/** A buyer on the Samsung page (a deep link: login first), once its phones are shown. */
const openCategoryAsBuyer = async (page: Page) => {
  await page.goto('/categories/3');
  await expect(page).toHaveURL('/login');
  await signIn(page, demoAccount('buyer').email);
  await expect(page.getByRole('heading', { level: 1, name: categoryBrands['3'], exact: true })).toBeVisible();
  await expect(productCards(categoryResults(page, '3')).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
};

/** The admin's Messages page with a fresh unread message in its inbox (the unread row's own colours). */
const openMessagesWithUnread = async (page: Page, request: APIRequestContext) => {
  const name = `Axe Visitor ${uniqueToken()}`;
  await sendContactMessage(request, {
    name,
    email: 'axe.visitor@example.com',
    message: 'Is the about page accessible?',
  });
  await openAsAdmin(page, '/dashboard/messages', accountTexts.contactMessages);
  await expect(adminRows(page, messagesCaption('inbox'), name)).toHaveCount(1);
  await page.waitForLoadState('networkidle');
};

test.describe('accessibility (axe, WCAG 2.x A and AA)', () => {
  test('home page, with its categories and advertised phones', async ({ page }) => {
    await openHome(page);
    await expectNoAxeViolations(page);
  });

  test('about page', async ({ page }) => {
    await openStaticPage(page, '/about');
    await expectNoAxeViolations(page);
  });

  test('blogs page', async ({ page }) => {
    await openStaticPage(page, '/blogs');
    await expectNoAxeViolations(page);
  });

  test('login page, with its social sign-in buttons', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('main').getByRole('button', { name: accountTexts.google, exact: true })).toBeEnabled();
    await expectNoAxeViolations(page);
  });

  test('sign-up page, also with every field showing its message', async ({ page }) => {
    await page.goto('/signup');
    const main = page.getByRole('main');
    await expect(main.getByRole('button', { name: accountTexts.google, exact: true })).toBeEnabled();
    await expectNoAxeViolations(page);

    await main.getByRole('button', { name: accountTexts.signupButton, exact: true }).click();
    await expect(main.getByText(messages.imageRequired, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("a buyer's dashboard", async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/login');
    const user = await signIn(page, demoAccount('buyer').email);
    await expectDashboardOf(page, user);
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page);
  });

  test('Add Product, also with every field showing its message', async ({ page }) => {
    await page.goto('/dashboard/addProduct');
    await expect(page).toHaveURL('/login');
    await signIn(page, demoAccount('seller').email);
    const form = addProductForm(page);
    await expect(form.name).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page);

    await form.submit.click();
    await expect(page.getByRole('main').getByText(messages.imageRequired, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("My Products, with the seller's phones (for sale, advertised and sold)", async ({ page }) => {
    await page.goto('/dashboard/my-products');
    await expect(page).toHaveURL('/login');
    await signIn(page, demoAccount('seller').email);
    const table = myProductsTable(page);
    await expect(table.getByRole('button', { name: messages.noAccess, exact: true }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page);
  });

  test('My Products, with the delete dialog open', async ({ page }) => {
    await page.goto('/dashboard/my-products');
    await expect(page).toHaveURL('/login');
    await signIn(page, demoAccount('seller').email);
    await myProductsTable(page).getByRole('button', { name: listingTexts.delete, exact: true }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('dialog').getByRole('button', { name: listingTexts.cancel, exact: true }).click();
  });

  test("the admin's Messages, with an unread message", async ({ page, request }) => {
    await openMessagesWithUnread(page, request);
    await expectNoAxeViolations(page);
  });

  test('a category page, with its search form and phones', async ({ page }) => {
    await openCategoryAsBuyer(page);
    await expectNoAxeViolations(page);
  });

  test("a phone's details page", async ({ page, request }) => {
    const [phone] = (await fetchCategoryPage(request, '3')).items;
    await page.goto(`/products/${phone!.id}`);
    await expect(page).toHaveURL('/login');
    await signIn(page, demoAccount('buyer').email);
    await expect(page.getByRole('heading', { level: 1, name: phone!.name, exact: true })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page);
  });

  test('404 page', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: messages.notFoundTitle, exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('accessibility in dark mode', () => {
  test.use({ colorScheme: 'dark' });

  test('home page', async ({ page }) => {
    await openHome(page);
    expect(await pageBackgroundLuminance(page), 'the page follows the dark colour scheme').toBeLessThan(0.2);
    await expectNoAxeViolations(page);
  });

  test("the admin's Messages", async ({ page, request }) => {
    await openMessagesWithUnread(page, request);
    expect(await pageBackgroundLuminance(page), 'the page follows the dark colour scheme').toBeLessThan(0.2);
    await expectNoAxeViolations(page);
  });

  test('a category page', async ({ page }) => {
    await openCategoryAsBuyer(page);
    expect(await pageBackgroundLuminance(page), 'the page follows the dark colour scheme').toBeLessThan(0.2);
    await expectNoAxeViolations(page);
  });
});
