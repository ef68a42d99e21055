/**
 * Real-user Core Web Vitals (decision 0081): a sampled visit loads the reporter after its page and,
 * when the page is hidden, sends one beacon with its figures and the kind of page, which the API
 * counts in its Prometheus histograms. What the beacon holds, and that it is one, is the reporter's
 * unit test: a beacon sent as the page unloads escapes the test's network events.
 *
 * The build samples a share of visits by Math.random(); a test decides the draw by replacing it in
 * the page before any script runs (nothing a link, a header or a cookie could do).
 */
import { expect, test, type APIRequestContext, type Page, type Request } from '@playwright/test';
import { webTexts } from '@recell/contract';
import { metricValue } from './support/metrics.ts';

/** The draw every script of the page gets: below the sample rate is a sampled visit. */
const drawAs = (page: Page, value: number) =>
  page.addInitScript((draw) => {
    Math.random = () => draw;
  }, value);

const isBeacon = (request: Request) => new URL(request.url()).pathname === '/api/vitals';
const isReporterCode = (request: Request) => /\/assets\/start-[\w-]+\.js$/.test(request.url());

/** The samples each histogram holds for the home page. */
const homeCounts = (request: APIRequestContext) =>
  Promise.all(
    ['lcp_seconds', 'inp_seconds', 'cls', 'fcp_seconds', 'ttfb_seconds'].map((metric) =>
      metricValue(request, `recell_web_vitals_${metric}_count{page="home"}`),
    ),
  );

test('a sampled visit sends its vitals when its page is hidden, and the API counts all five under the home page', async ({
  page,
  request,
}) => {
  await drawAs(page, 0);
  const before = await homeCounts(request);
  const beacons: Request[] = [];
  page.on('request', (sent) => {
    if (isBeacon(sent)) beacons.push(sent);
  });

  const reporterLoaded = page.waitForResponse((response) => isReporterCode(response.request()));
  await page.goto('/');
  const heading = page.getByRole('heading', { name: webTexts.categoriesHeading });
  await expect(heading).toBeVisible();
  // The reporter comes after the page's load event, and reads what the browser buffered before it.
  await reporterLoaded;
  await page.waitForFunction(() => new Promise((resolve) => requestAnimationFrame(() => resolve(true))));
  // An interaction after the reporter came, for INP.
  await heading.click();
  // web-vitals takes an interaction into INP in an idle callback after its entry is observed, at
  // most a second later; an interaction it has not taken in when the page hides is not reported.
  // A person reads the page for longer than that; the test waits for two idle periods.
  await page.evaluate(async () => {
    for (let idle = 0; idle < 2; idle++)
      await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 1500 }));
  });
  expect(beacons, 'nothing is sent while the page is shown').toEqual([]);

  // Leaving hides the page: the beacon goes as it unloads (unseen by the test's network events,
  // which end with the page; the API's figures show it arrived).
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About ReCell' })).toBeVisible();
  await expect.poll(async () => (await homeCounts(request)).every((count, index) => count > before[index]!)).toBe(true);
});

test('a visit outside the sample loads no reporter, so nothing can be sent', async ({ page }) => {
  await drawAs(page, 0.99);
  const loaded: string[] = [];
  page.on('request', (request) => {
    if (isReporterCode(request)) loaded.push(request.url());
  });
  await page.goto('/');
  await page.waitForLoadState('load');
  await expect(page.getByRole('heading', { name: webTexts.categoriesHeading })).toBeVisible();
  await page.getByRole('heading', { name: webTexts.categoriesHeading }).click();
  await page.goto('/about');
  await page.waitForLoadState('load');
  expect(loaded).toEqual([]);
});
