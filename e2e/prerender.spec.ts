/**
 * The public pages arrive as HTML: a person sees them before (or without) any script, and the
 * app then takes the same HTML over and works as usual. Other addresses answer a 404 page.
 */
import { expect, test } from '@playwright/test';
import { messages, webTexts } from '@recell/contract';
import { categoryCard } from './support/catalogue.ts';
import { phoneViewport } from './support/layout.ts';

const publicPages = [
  { path: '/', heading: 'ReCell: buy and sell used phones' },
  { path: '/about', heading: 'About ReCell' },
  { path: '/blogs', heading: 'Blogs' },
  { path: '/login', heading: 'Login' },
  { path: '/signup', heading: 'Sign Up' },
];

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, heading } of publicPages) {
    test(`${path} shows its content and the site's navigation`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      expect(await response?.text()).toContain(heading);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeAttached();
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: webTexts.navAbout })).toBeAttached();
    });
  }

  test('the home page shows its banner and brand section, with room kept for the brands', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('region', { name: webTexts.bannerRegion, exact: true }).getByRole('img')).toBeVisible();
    await expect(page.getByRole('heading', { name: webTexts.categoriesHeading })).toBeVisible();
  });

  test('an unknown address answers 404 with the 404 page', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: messages.notFoundTitle })).toBeVisible();
    await expect(page.getByRole('link', { name: messages.goHome })).toBeVisible();
  });
});

test.describe('with JavaScript', () => {
  test.use(phoneViewport);

  test('a prerendered page becomes the working app: the menu opens and links navigate in place', async ({ page }) => {
    await page.goto('/');
    const menu = page.getByRole('button', { name: webTexts.menu });
    // The button answers once the app has taken the page over; until then a press does nothing.
    await expect(async () => {
      await menu.click();
      await expect(menu).toHaveAttribute('aria-expanded', 'true', { timeout: 500 });
    }).toPass();
    const documentRequests: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documentRequests.push(request.url());
    });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: webTexts.navAbout }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'About ReCell' })).toBeVisible();
    expect(documentRequests, 'the About page was rendered by the app, not loaded anew').toEqual([]);
  });

  test('the home page fills in its brands after the app takes over', async ({ page }) => {
    await page.goto('/');
    await expect(categoryCard(page, 'Apple').getByRole('link', { name: webTexts.seeAll })).toBeVisible();
  });
});
