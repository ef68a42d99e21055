/**
 * What a browsing page downloads: the form libraries (zod and react-hook-form) are for pages with a
 * form, so the home page and a category page must not fetch or run them. Chunks shared by several
 * pages are built to keep them out (vite.config.ts); this holds the build to it.
 */
import { expect, test, type Page, type Response } from '@playwright/test';
import { categoryIds, webTexts } from '@recell/contract';
import { demoAccount, signIn } from './support/auth.ts';

/** Text that survives minification in each library's code. */
const formLibraryMarks = { zod: 'ZodError', 'react-hook-form': 'HookFormContext' };

/** Names the form libraries found in the scripts downloaded while `visit` runs. */
async function formLibrariesLoadedBy(page: Page, visit: () => Promise<unknown>) {
  const scripts: Promise<string>[] = [];
  const collect = (response: Response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => ''));
  };
  page.on('response', collect);
  await visit();
  await page.waitForLoadState('networkidle');
  page.off('response', collect);
  const code = await Promise.all(scripts);
  expect(code.length, 'scripts downloaded').toBeGreaterThan(3);
  return Object.entries(formLibraryMarks)
    .filter(([, mark]) => code.some((text) => text.includes(mark)))
    .map(([library]) => library);
}

test("a visitor's home page loads no form library", async ({ page }) => {
  const loaded = await formLibrariesLoadedBy(page, async () => {
    await page.goto('/');
    // The advertised phones come once the app has taken the page over and loaded their code.
    await expect(page.getByRole('heading', { name: webTexts.advertisedHeading, exact: true })).toBeVisible();
  });
  expect(loaded).toEqual([]);
});

test('a signed-in category page loads no form library, and its phones are there', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, demoAccount('buyer').email);
  const categoryPath = `/categories/${categoryIds[0]}`;
  const loaded = await formLibrariesLoadedBy(page, async () => {
    await page.goto(categoryPath);
    await expect(page.getByRole('main').getByRole('article').first().locator('img')).toBeVisible();
  });
  expect(loaded).toEqual([]);
});

test('signing in does load them: the marks find both libraries', async ({ page }) => {
  const loaded = await formLibrariesLoadedBy(page, async () => {
    await page.goto('/login');
    await signIn(page, demoAccount('buyer').email);
  });
  expect(loaded.sort()).toEqual(['react-hook-form', 'zod']);
});

test.describe("a brand's page asks for its first phones with the HTML", () => {
  const categoryPath = `/categories/${categoryIds[0]}`;
  const dataPaths = ['/api/categories', `/api/categories/${categoryIds[0]}/products`];

  /** Loads the page and counts the requests for its data and Chromium's warnings about preloads. */
  async function load(page: Page, path: string) {
    const requests: string[] = [];
    const warnings: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (dataPaths.includes(url.pathname)) requests.push(`${url.pathname}${url.search}`);
    });
    page.on('console', (message) => {
      if (message.type() === 'warning' && /preload/i.test(message.text())) warnings.push(message.text());
    });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    // Chromium warns a few seconds after the load about a preload nothing used.
    await page.waitForTimeout(3_500);
    return { requests: requests.sort(), warnings };
  }

  /** Signs the buyer in and opens a new tab: the sign-in page's own calls are not counted. */
  async function signedInTab(page: Page) {
    await page.goto('/login');
    await signIn(page, demoAccount('buyer').email);
    return page.context().newPage();
  }

  test('signed in: each once, used by the page, and the phones are shown', async ({ page }) => {
    const tab = await signedInTab(page);
    expect(await load(tab, categoryPath)).toEqual({ requests: dataPaths, warnings: [] });
    await expect(tab.getByRole('main').getByRole('article').first().locator('img')).toBeVisible();
  });

  test('filtered: the page asks for its own search only', async ({ page }) => {
    const tab = await signedInTab(page);
    const { requests, warnings } = await load(tab, `${categoryPath}?sort=price_asc`);
    expect(warnings).toEqual([]);
    expect(requests).toContain(`${dataPaths[1]}?sort=price_asc`);
    expect(requests).not.toContain(dataPaths[1]);
  });

  test('a visitor, sent to log in, leaves no preload unused', async ({ page }) => {
    const { warnings } = await load(page, categoryPath);
    await expect(page).toHaveURL('/login');
    expect(warnings).toEqual([]);
  });
});
