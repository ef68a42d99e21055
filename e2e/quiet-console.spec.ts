/**
 * A page load leaves the browser console clean: no CSP report (zod parses without `new Function`,
 * the CSP keeps 'unsafe-eval' out), no failed request (a visitor's session check answers 204,
 * not 401) and no unused preload (the home page's banner is preloaded there only). A signed-in
 * reload still restores the session from the refresh cookie.
 */
import { expect, test, type Page } from '@playwright/test';
import { categoryIds } from '@recell/contract';
import { demoAccount, expectSignedInNav, expectSignedOutNav, signIn } from './support/auth.ts';
import { passUnusedPreloadCheck } from './support/preloads.ts';

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

/**
 * Everything the console and the network report as a failure from now on. CSP reports reach the
 * console outside the console API, so the page's own `securitypolicyviolation` events are
 * collected too: `cspViolations(page)` reads them.
 */
const watchForNoise = async (page: Page) => {
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations?.push(`CSP ${event.effectiveDirective}: ${event.blockedURI} (${event.sourceFile})`);
    });
  });
  const noise: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') noise.push(`console: ${message.text()}`);
    // Chromium's 'was preloaded using link preload but not used' (a preload meant for another page).
    else if (message.type() === 'warning' && /preload/i.test(message.text())) noise.push(`warning: ${message.text()}`);
  });
  page.on('pageerror', (error) => noise.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) noise.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? '';
    // The page a reload leaves behind has its loads cut off: the browser's doing, not a failure.
    if (reason !== 'net::ERR_ABORTED') noise.push(`failed ${request.method()} ${request.url()}: ${reason}`);
  });
  return noise;
};

const cspViolations = (page: Page) => page.evaluate(() => window.cspViolations ?? []);

/** Waits for the refresh call every page load starts and returns its status. */
const refreshAnswer = (page: Page) =>
  page
    .waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/auth/refresh' && response.request().method() === 'POST',
    )
    .then((response) => response.status());

const categoryPath = `/categories/${categoryIds[0]}`;
const searchPath = '/search?q=galaxy';
/** Pages for signed-in people: the visitor lands on the login page. */
const signedInOnly = [categoryPath, searchPath];

test.describe('a quiet console', () => {
  for (const path of ['/', '/about', '/blogs', '/login', '/signup', ...signedInOnly]) {
    test(`a visitor's load of ${path} logs no error and fails no request`, async ({ page }) => {
      const noise = await watchForNoise(page);
      const refreshed = refreshAnswer(page);
      await page.goto(path);
      expect(await refreshed).toBe(204);
      await expect(page).toHaveURL(signedInOnly.includes(path) ? '/login' : path);
      await expectSignedOutNav(page);
      await page.waitForLoadState('networkidle');
      expect([...noise, ...(await cspViolations(page))]).toEqual([]);
    });
  }

  test('pages other than home preload no banner: no "preloaded but not used" warning', async ({ page }) => {
    test.setTimeout(90_000);
    // (React preloads a picture the page shows at high priority, a brand page's first card: that one is used.)
    const unusedPreloads = (tab: Page) =>
      tab.evaluate(() => {
        const shown = new Set(Array.from(document.images, (image) => image.getAttribute('srcset') ?? image.src));
        return Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]'))
          .map((link) => link.getAttribute('imagesrcset') ?? link.href)
          .filter((image) => !shown.has(image));
      });
    /** Each page in a tab of its own: the check of Chromium's warning stops the tab's clock. */
    const warningsOf = async (path: string) => {
      const tab = await page.context().newPage();
      const noise = await watchForNoise(tab);
      await tab.goto(path);
      await expect(tab).toHaveURL(path);
      expect(await unusedPreloads(tab), `image preloads of ${path}`).toEqual([]);
      await tab.waitForLoadState('networkidle');
      await passUnusedPreloadCheck(tab);
      return noise.filter((entry) => entry.startsWith('warning:'));
    };
    const warnings = [...(await warningsOf('/about')), ...(await warningsOf('/login'))];
    await page.goto('/login');
    await signIn(page, demoAccount('buyer').email);
    warnings.push(...(await warningsOf(categoryPath)));
    expect(warnings).toEqual([]);
  });

  test('a signed-in reload restores the session, quietly', async ({ page }) => {
    await page.goto(categoryPath);
    await expect(page).toHaveURL('/login');
    await signIn(page, demoAccount('buyer').email);
    await expect(page).toHaveURL(categoryPath);

    const noise = await watchForNoise(page);
    const refreshed = refreshAnswer(page);
    await page.reload();
    expect(await refreshed).toBe(200);
    await expect(page).toHaveURL(categoryPath);
    await expectSignedInNav(page);
    await page.waitForLoadState('networkidle');
    expect([...noise, ...(await cspViolations(page))]).toEqual([]);
  });

  test('a signed-in reload of a prerendered page takes it over without a mismatch, whenever the session comes', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.goto('/login');
    await signIn(page, demoAccount('buyer').email);
    const noise = await watchForNoise(page);
    // A slow phone: React's take-over runs in many slices, so more can land between them.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // The session's answer lands before, during or after React takes the page's HTML over.
    for (const [index, delayMs] of [0, 40, 120, 300, 0, 80, 200, 20, 160].entries()) {
      await page.unroute('**/api/auth/refresh');
      await page.route('**/api/auth/refresh', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        await route.continue();
      });
      // Home and About are prerendered; a brand's page is rendered by the server with its phones,
      // and My Orders with the buyer's own orders (decision 0078).
      await page.goto(['/', '/about', categoryPath, '/dashboard/my-orders'][index % 4] ?? '/');
      await expectSignedInNav(page);
      await page.waitForLoadState('networkidle');
    }
    expect([...noise, ...(await cspViolations(page))]).toEqual([]);
  });
});
