/**
 * The public pages arrive as HTML: a person sees them before (or without) any script, and the
 * app then takes the same HTML over and works as usual. Other addresses answer a 404 page.
 */
import { expect, test } from '@playwright/test';
import { messages, themeCookie, webTexts } from '@recell/contract';
import { categoryCard } from './support/catalogue.ts';
import { pageBackgroundLuminance, phoneViewport } from './support/layout.ts';

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

  test("the app takes the page's HTML over as it is, even when the page's code comes late", async ({ page }) => {
    // The session's answer comes first and the About page's code a second later: the layout must
    // not redraw meanwhile, or React throws the prerendered content away and draws it again.
    await page.route(/\/assets\/about-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const heading = document.querySelector('main h1');
        if (heading) Object.assign(heading, { fromServer: true });
      });
    });
    await page.goto('/about');
    await expect(page.getByRole('button', { name: webTexts.contactSend })).toBeEnabled();
    const heading = page.getByRole('heading', { level: 1, name: 'About ReCell' });
    expect(await heading.evaluate((element) => 'fromServer' in element), 'the heading is the prerendered one').toBe(
      true,
    );
  });

  test('the home page fills in its brands after the app takes over', async ({ page }) => {
    await page.goto('/');
    await expect(categoryCard(page, 'Apple').getByRole('link', { name: webTexts.seeAll })).toBeVisible();
  });
});

test.describe('the colour theme, before any script runs', () => {
  test.use({ javaScriptEnabled: false });

  test('with nothing picked, the page follows the system: dark', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto('/about');
    expect(await pageBackgroundLuminance(page)).toBeLessThan(0.2);
    await context.close();
  });

  for (const { picked, system, dark } of [
    { picked: 'dark', system: 'light', dark: true },
    { picked: 'light', system: 'dark', dark: false },
  ] as const) {
    test(`a person's pick (${picked}) wins over the system's ${system} scheme`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, colorScheme: system });
      await context.addCookies([{ name: themeCookie, value: picked, url: baseURL! }]);
      const page = await context.newPage();
      for (const path of ['/', '/dashboard', '/no/such/page']) {
        await page.goto(path);
        const luminance = await pageBackgroundLuminance(page);
        if (dark) expect(luminance, path).toBeLessThan(0.2);
        else expect(luminance, path).toBeGreaterThan(0.8);
      }
      await context.close();
    });
  }
});

test('the dark mode a person turns on is there in the next page load', async ({ page }) => {
  await page.goto('/about');
  // The button answers once the app has taken the page over.
  // A press that came in time is not repeated: a second one would turn it back to light.
  await expect(async () => {
    const toDark = page.getByRole('button', { name: webTexts.darkMode });
    if (await toDark.isVisible()) await toDark.click({ timeout: 500 });
    await expect(page.getByRole('button', { name: webTexts.lightMode })).toBeVisible({ timeout: 1000 });
  }).toPass();
  const response = await page.reload();
  expect(await response?.text(), 'the server sent the page dark').toContain('<html lang="en" class="dark">');
  expect(await pageBackgroundLuminance(page)).toBeLessThan(0.2);
});
