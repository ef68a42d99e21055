/**
 * What a browsing page downloads: the form libraries (zod and react-hook-form) are for pages with a
 * form, so the home page and a category page must not fetch or run them. Chunks shared by several
 * pages are built to keep them out (vite.config.ts); this holds the build to it. And a brand's
 * page, for someone signed in, comes rendered with its first phones (the API's web plugin), as do
 * a phone's page and a seller's page for anyone and the search for someone signed in: each paints
 * with the part of the stylesheet it carries as with the whole of it, and a phone's page shows its
 * photo before any of the app's code has run. My Orders and the payment page come rendered with the
 * signed-in buyer's own order, for them alone (decision 0078).
 */
import { expect, test, type APIRequestContext, type Page, type Response } from '@playwright/test';
import {
  accountTexts,
  buyingTexts,
  categoryIds,
  formatPrice,
  listingTexts,
  messages,
  photoTexts,
  signedInHintCookie,
  themeCookie,
  webTexts,
  type ProductWithPhotos,
} from '@recell/contract';
import { dashboardMenu, demoAccount, signedInPageOf, signIn } from './support/auth.ts';
import { bookThroughApi, createTestPhone, myOrderRows, removeTestPhone } from './support/buying.ts';
import { apiToken } from './support/listings.ts';
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

/**
 * Every element's box and the styles a person sees, in document order; animations (a spinner's
 * turn) held at their start, so a box is not read mid-turn.
 */
const paintedStyles = (page: Page) =>
  page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      animation.pause();
      animation.currentTime = 0;
    }
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

/**
 * A tab of its own in `signedIn`'s context (its cookies), where none of the app's code loads: what a
 * phone paints before any code has come. Never the signed-in page itself: blocking the code there
 * would fail a chunk its running app still loads, and the app's reload for that would race the visit.
 */
async function tabWithoutTheAppsCode(signedIn: Page) {
  const tab = await signedIn.context().newPage();
  await tab.route('**/assets/*.js', (route) => route.abort());
  return tab;
}

/**
 * Loads a page the server renders with the app's scripts blocked (what a phone paints before any
 * code has come), at 360 and 1366 px in the light, dark and system dark theme, and expects every
 * element to look the same once the whole stylesheet applies (the page carries only its part).
 */
async function expectSameLookWithWholeStylesheet(
  ofContext: Page,
  baseURL: string | undefined,
  path: string,
  shown: (page: Page) => ReturnType<Page['locator']>,
) {
  const tab = await tabWithoutTheAppsCode(ofContext);
  const themes = [{ cookie: 'light' }, { cookie: 'dark' }, { cookie: null, colorScheme: 'dark' as const }];
  for (const theme of themes) {
    if (theme.cookie) await tab.context().addCookies([{ name: themeCookie, value: theme.cookie, url: baseURL ?? '' }]);
    else await tab.context().clearCookies({ name: themeCookie });
    await tab.emulateMedia({ colorScheme: theme.colorScheme ?? 'light' });
    for (const width of [360, 1366]) {
      await tab.setViewportSize({ width, height: 800 });
      await tab.goto(path);
      expect(await tab.locator('#root').getAttribute('data-prerendered'), `${path} comes rendered`).toBe('page');
      await expect(shown(tab)).toBeVisible();
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
      expect(own.length, 'elements on the page').toBeGreaterThan(150);
      const changed = own.flatMap((style, i) => (style === whole[i] ? [] : [`${style}\n  → ${whole[i]}`]));
      expect(changed, `${path}, ${theme.cookie ?? 'system dark'} at ${width} px`).toEqual([]);
    }
  }
  await tab.close();
}

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

  test('the page paints with the part of the stylesheet it carries as with the whole of it', async ({
    page,
    baseURL,
  }) => {
    // Six loads of the page, each with every element's computed style read twice.
    test.slow();
    const tab = await signedInTab(page);
    await expectSameLookWithWholeStylesheet(tab, baseURL, categoryPath, (shown) => firstCard(shown).locator('img'));
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

/** A phone for sale from the demo catalogue, with its photos, as a visitor's answer names it. */
async function demoPhone(request: APIRequestContext): Promise<ProductWithPhotos> {
  const list = await request.get(`/api/categories/${categoryIds[0]}/products`);
  const { items } = (await list.json()) as { items: { id: string }[] };
  const details = await request.get(`/api/products/${items[0]!.id}`);
  return (await details.json()) as ProductWithPhotos;
}

test.describe("a phone's page, a seller's page and the search come rendered", () => {
  /** The phone's main photo, named as the page names it. */
  const mainPhoto = (page: Page, phone: ProductWithPhotos) =>
    page.getByRole('img', { name: photoTexts.photoOf(phone.name, 1, phone.photos.length), exact: true });

  test("a phone's page shows its photo, name and price before any of the app's code has run", async ({
    browser,
    request,
  }) => {
    const phone = await demoPhone(request);
    // A phone: 360 px wide, two device pixels to a CSS pixel.
    const context = await browser.newContext({ viewport: { width: 360, height: 800 }, deviceScaleFactor: 2 });
    const page = await context.newPage();
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(`/products/${phone.id}`);

    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: phone.name, exact: true })).toBeVisible();
    await expect(main.getByText(formatPrice(phone.priceCents), { exact: true })).toBeVisible();
    const photo = mainPhoto(page, phone);
    await expect(photo).toBeVisible();
    await expect
      .poll(() => photo.evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0)))
      .toBeGreaterThan(0);
    // Found in the HTML, fetched first, at the size it is shown: 328 px × 2 is the 800 px copy.
    await expect(photo).toHaveAttribute('fetchpriority', 'high');
    await expect(photo).not.toHaveAttribute('loading', 'lazy');
    expect(await photo.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(/-800\.webp$/);
    // Until the code runs, nothing on the page can be pressed by mistake: Book now waits.
    await expect(main.getByRole('button', { name: webTexts.bookNow, exact: true })).toBeDisabled();
    await context.close();
  });

  test("once the code runs, a signed-in buyer's Book now and wishlist heart work, and the seller's email shows", async ({
    page,
    request,
  }) => {
    // A phone of its own (the demo buyer may have booked a demo phone): its page says Book now.
    const phone = await createTestPhone(request, demoAccount('seller').email);
    try {
      await signIn(page, demoAccount('buyer').email);
      const response = await page.goto(`/products/${phone.product.id}`);
      expect(await response?.text()).toContain('data-prerendered="page"');

      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: phone.product.name, exact: true })).toBeVisible();
      const bookNow = main.getByRole('button', { name: webTexts.bookNow, exact: true });
      await expect(bookNow).toBeEnabled();
      await expect(main.getByRole('button', { name: webTexts.addToWishlist, exact: true })).toBeEnabled();
      // The page came as a visitor's: the buyer's own answer follows, with the seller's email.
      const seller = main.getByRole('region', { name: listingTexts.sellerHeading, exact: true });
      await expect(seller.getByText(demoAccount('seller').email, { exact: true })).toBeVisible();
      // Book now opens the booking, as on any page.
      await bookNow.click();
      await expect(page.getByRole('dialog', { name: buyingTexts.bookTitle(phone.product.name) })).toBeVisible();
    } finally {
      await removeTestPhone(request, phone.sellerToken, phone.product.id);
    }
  });

  test("a phone's page paints with the part of the stylesheet it carries as with the whole of it", async ({
    page,
    request,
    baseURL,
  }) => {
    test.slow();
    const phone = await demoPhone(request);
    await expectSameLookWithWholeStylesheet(page, baseURL, `/products/${phone.id}`, (shown) => mainPhoto(shown, phone));
  });

  test("a seller's page paints with the part of the stylesheet it carries as with the whole of it", async ({
    page,
    request,
    baseURL,
  }) => {
    test.slow();
    const phone = await demoPhone(request);
    await expectSameLookWithWholeStylesheet(page, baseURL, `/sellers/${phone.seller.id}`, (shown) =>
      shown.getByRole('heading', { level: 1, name: phone.seller.name, exact: true }),
    );
  });

  test('the search paints with the part of the stylesheet it carries as with the whole of it', async ({
    page,
    baseURL,
  }) => {
    test.slow();
    await signIn(page, demoAccount('buyer').email);
    await expectSameLookWithWholeStylesheet(page, baseURL, '/search?q=iphone', (shown) =>
      shown.getByRole('main').getByRole('article').first().locator('img'),
    );
  });
});

test.describe("My Orders, My Products and the payment page come with their viewer's own data", () => {
  test("with the app's scripts blocked the order is there; with them the page is taken over and works", async ({
    browser,
    page,
    request,
  }) => {
    // Three people's pages, each signed in, and a booking made and removed.
    test.setTimeout(120_000);
    const buyer = demoAccount('buyer').email;
    const phone = await createTestPhone(request, demoAccount('seller').email);
    try {
      const order = await bookThroughApi(request, await apiToken(request, buyer), {
        productId: phone.product.id,
        phone: '3125550126',
        location: 'Chicago, IL',
      });
      await signIn(page, buyer);

      // Before any of the app's code has run: the buyer's own order, in a page no cache keeps.
      const blocked = await tabWithoutTheAppsCode(page);
      const response = await blocked.goto('/dashboard/my-orders');
      expect(response?.headers()['cache-control']).toBe('private, no-store');
      expect(await blocked.locator('#root').getAttribute('data-prerendered')).toBe('page');
      await expect(blocked.getByRole('heading', { level: 1, name: accountTexts.myOrders, exact: true })).toBeVisible();
      await expect(myOrderRows(blocked, phone.product.name)).toBeVisible();
      await blocked.goto(`/dashboard/orders/payment/${order.id}`);
      expect(await blocked.locator('#root').getAttribute('data-prerendered')).toBe('page');
      await expect(
        blocked.getByRole('heading', { level: 1, name: messages.paymentHeading(phone.product.name), exact: true }),
      ).toBeVisible();
      await blocked.close();

      // The seller's My Products, their phone in it, before any code too.
      const seller = await signedInPageOf(browser, demoAccount('seller').email);
      const sellerBlocked = await tabWithoutTheAppsCode(seller.page);
      await sellerBlocked.goto('/dashboard/my-products');
      expect(await sellerBlocked.locator('#root').getAttribute('data-prerendered')).toBe('page');
      await expect(
        sellerBlocked.getByRole('heading', { level: 1, name: accountTexts.myProducts, exact: true }),
      ).toBeVisible();
      await expect(sellerBlocked.getByRole('main').getByText(phone.product.name, { exact: true })).toBeVisible();
      await seller.close();

      // With its code: the page is taken over (no error, no mismatch), the session fills the
      // sidebar, and the row's controls work.
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`/dashboard/orders/payment/${order.id}`);
      await expect(
        page.getByRole('heading', { level: 1, name: messages.paymentHeading(phone.product.name), exact: true }),
      ).toBeVisible();
      await expect(dashboardMenu(page)).toBeVisible();
      await page.goto('/dashboard/my-orders');
      const row = myOrderRows(page, phone.product.name);
      await expect(row).toBeVisible();
      await expect(dashboardMenu(page).getByRole('link', { name: /^My Orders/ })).toBeVisible();
      await row.getByRole('link', { name: messages.pay, exact: true }).click();
      await expect(page).toHaveURL(`/dashboard/orders/payment/${order.id}`);
      await expect(
        page.getByRole('heading', { level: 1, name: messages.paymentHeading(phone.product.name), exact: true }),
      ).toBeVisible();
      await page.goBack();
      await myOrderRows(page, phone.product.name)
        .getByRole('button', { name: buyingTexts.delete, exact: true })
        .click();
      const dialog = page.getByRole('dialog', { name: buyingTexts.deleteOrderTitle(phone.product.name), exact: true });
      await dialog.getByRole('button', { name: buyingTexts.delete, exact: true }).click();
      await expect(myOrderRows(page, phone.product.name)).toHaveCount(0);
      expect(errors).toEqual([]);
    } finally {
      await removeTestPhone(request, phone.sellerToken, phone.product.id);
    }
  });
});
