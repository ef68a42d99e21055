/**
 * What a browsing page downloads: the form libraries (zod and react-hook-form) are for pages with a
 * form, so the home page and a category page must not fetch or run them. Chunks shared by several
 * pages are built to keep them out (vite.config.ts); this holds the build to it. And a brand's
 * page, for someone signed in, comes rendered with its first phones (the API's web plugin).
 */
import { expect, test, type Page, type Response } from '@playwright/test';
import { categoryIds, listingTexts, signedInHintCookie, themeCookie, webTexts } from '@recell/contract';
import { demoAccount, signIn } from './support/auth.ts';
import { passUnusedPreloadCheck } from './support/preloads.ts';

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

test.describe("a brand's page comes with its first phones", () => {
  const categoryPath = `/categories/${categoryIds[0]}`;
  const dataPaths = ['/api/categories', `/api/categories/${categoryIds[0]}/products`];

  /**
   * Loads the page: its HTML, and `settled()`: the requests for its data and Chromium's warnings
   * about preloads, once the page has lived past that check. The page stands still after it
   * (support/preloads.ts): what follows happens in another tab.
   */
  async function load(page: Page, path: string) {
    const requests: string[] = [];
    const warnings: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/categories')) requests.push(`${url.pathname}${url.search}`);
    });
    page.on('console', (message) => {
      if (message.type() === 'warning' && /preload/i.test(message.text())) warnings.push(message.text());
    });
    const response = await page.goto(path);
    const html = (await response?.text()) ?? '';
    await page.waitForLoadState('networkidle');
    const settled = async () => {
      await passUnusedPreloadCheck(page);
      return { requests: requests.sort(), warnings };
    };
    return { html, settled };
  }

  /** Signs the buyer in and opens a new tab: the sign-in page's own calls are not counted. */
  async function signedInTab(page: Page) {
    await page.goto('/login');
    await signIn(page, demoAccount('buyer').email);
    return page.context().newPage();
  }

  const firstCard = (page: Page) => page.getByRole('main').getByRole('article').first();

  test('signed in: the phones are in the HTML, the page asks for no data, and it works', async ({ page }) => {
    const checked = await signedInTab(page);
    const { html, settled } = await load(checked, categoryPath);
    const name = await firstCard(checked).getByRole('heading', { level: 3 }).textContent();
    expect(html).toContain(`>${name}</h3>`);
    await expect(firstCard(checked).locator('img')).toBeVisible();
    expect(await settled()).toEqual({ requests: [], warnings: [] });
    // The same page in a new tab: the signed-in buyer's own actions come with the session, and a new
    // search asks the API.
    const tab = await page.context().newPage();
    await tab.goto(categoryPath);
    await expect(firstCard(tab).getByRole('button', { name: 'Add to wishlist' })).toBeVisible();
    const sorted = tab.waitForRequest((request) => new URL(request.url()).search.includes('sort=price_asc'));
    await tab.getByLabel(listingTexts.sortLabel).selectOption({ label: listingTexts.sortNames.price_asc });
    await sorted;
    await expect(tab).toHaveURL(`${categoryPath}?sort=price_asc`);
  });

  test('filtered: rendered with its own search', async ({ page }) => {
    const tab = await signedInTab(page);
    const { settled } = await load(tab, `${categoryPath}?sort=price_asc`);
    await expect(firstCard(tab).locator('img')).toBeVisible();
    expect(await settled()).toEqual({ requests: [], warnings: [] });
  });

  test('signed in without the hint (an older sign-in): the frame asks for the data with the HTML, each once', async ({
    page,
  }) => {
    const tab = await signedInTab(page);
    await tab.context().clearCookies({ name: signedInHintCookie });
    const { html, settled } = await load(tab, categoryPath);
    expect(html).toContain('data-prerendered="frame"');
    await expect(firstCard(tab).locator('img')).toBeVisible();
    expect(await settled()).toEqual({ requests: dataPaths, warnings: [] });
    // The session's refresh set the hint again: the next load is rendered.
    expect((await tab.context().cookies()).map((cookie) => cookie.name)).toContain(signedInHintCookie);
  });

  /** Every element's box and the styles a person sees, in document order. */
  const paintedStyles = (page: Page) =>
    page.evaluate(() => {
      const properties = [
        'display',
        'position',
        'visibility',
        'color',
        'background-color',
        'font-size',
        'font-weight',
        'line-height',
        'border-top-width',
        'border-top-color',
        'border-radius',
        'padding-top',
        'padding-left',
        'margin-top',
        'opacity',
        'grid-template-columns',
        'box-shadow',
        'text-decoration-line',
        'object-fit',
      ];
      return Array.from(document.body.querySelectorAll('*'), (element) => {
        const style = getComputedStyle(element);
        const box = element.getBoundingClientRect();
        const place = [box.x, box.y, box.width, box.height].map(Math.round).join(',');
        return `${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''} @${place} ${properties.map((name) => style.getPropertyValue(name)).join('; ')}`;
      });
    });

  test('the page paints with the part of the stylesheet it carries as with the whole of it', async ({
    page,
    baseURL,
  }) => {
    // Six loads of the page, each with every element's computed style read twice.
    test.slow();
    const tab = await signedInTab(page);
    // The server's HTML as a phone paints it before any code has come.
    await tab.route('**/assets/*.js', (route) => route.abort());
    const themes = [{ cookie: 'light' }, { cookie: 'dark' }, { cookie: null, colorScheme: 'dark' as const }];
    for (const theme of themes) {
      if (theme.cookie)
        await tab.context().addCookies([{ name: themeCookie, value: theme.cookie, url: baseURL ?? '' }]);
      else await tab.context().clearCookies({ name: themeCookie });
      await tab.emulateMedia({ colorScheme: theme.colorScheme ?? 'light' });
      for (const width of [360, 1366]) {
        await tab.setViewportSize({ width, height: 800 });
        await tab.goto(categoryPath);
        await expect(firstCard(tab).locator('img')).toBeVisible();
        const own = await paintedStyles(tab);
        // The whole stylesheet, as the app enables it when it takes the page over.
        await tab.evaluate(
          () =>
            new Promise((resolve) => {
              const link = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"][disabled]');
              link?.addEventListener('load', resolve);
              if (link) link.disabled = false;
            }),
        );
        const whole = await paintedStyles(tab);
        expect(own.length, 'elements on the page').toBeGreaterThan(300);
        const changed = own.flatMap((style, i) => (style === whole[i] ? [] : [`${style}\n  → ${whole[i]}`]));
        expect(changed, `${theme.cookie ?? 'system dark'} at ${width} px`).toEqual([]);
      }
    }
  });

  test('a visitor, sent to log in, leaves no preload unused', async ({ page }) => {
    const { settled } = await load(page, categoryPath);
    await expect(page).toHaveURL('/login');
    expect((await settled()).warnings).toEqual([]);
  });

  test('a visitor with a hand-set hint gets the frame, goes to log in, and the hint is dropped', async ({
    page,
    baseURL,
  }) => {
    await page.context().addCookies([{ name: signedInHintCookie, value: '1', url: baseURL ?? '' }]);
    const response = await page.goto(categoryPath);
    // Not signed by the server: the visitor's frame, never a page rendered for them.
    expect(await response?.text()).toContain('data-prerendered="frame"');
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain(signedInHintCookie);
  });
});
