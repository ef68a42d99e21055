/**
 * Real-user Core Web Vitals (decision 0081): a sampled visit loads the reporter after its page and,
 * when the page is hidden, sends one beacon with its figures and the kind of page, which the API
 * counts in its Prometheus histograms. The build samples a share of visits by Math.random(); a
 * test decides the draw by replacing it in the page before any script runs (nothing a link, a
 * header or a cookie could do).
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { webTexts } from '@recell/contract';
import { metricValue } from './support/metrics.ts';

/** The draw every script of the page gets: below the sample rate is a sampled visit. */
const drawAs = (page: Page, value: number) =>
  page.addInitScript((draw) => {
    Math.random = () => draw;
  }, value);

const isBeacon = (request: Request) => new URL(request.url()).pathname === '/api/vitals';
const isReporterCode = (request: Request) => /\/assets\/start-[\w-]+\.js$/.test(request.url());

const homeLcpCount = 'recell_web_vitals_lcp_seconds_count{page="home"}';

test('a sampled visit sends its vitals in one beacon when its page is hidden, and the API counts them', async ({
  page,
  request,
}) => {
  await drawAs(page, 0);
  const before = await metricValue(request, homeLcpCount);
  const beacons: Request[] = [];
  page.on('request', (sent) => {
    if (isBeacon(sent)) beacons.push(sent);
  });

  const reporterLoaded = page.waitForResponse((response) => isReporterCode(response.request()));
  await page.goto('/');
  await expect(page.getByRole('heading', { name: webTexts.categoriesHeading })).toBeVisible();
  // The reporter comes after the page's load event, and reads what the browser buffered before it.
  await reporterLoaded;
  await page.waitForFunction(() => new Promise((resolve) => requestAnimationFrame(() => resolve(true))));
  expect(beacons, 'nothing is sent while the page is shown').toEqual([]);

  // An interaction, for INP: a click on the page's text.
  await page.getByRole('heading', { name: webTexts.categoriesHeading }).click();

  // Leaving hides the page: the beacon goes then, once.
  const beaconSent = page.waitForRequest(isBeacon);
  await page.goto('/about');
  const beacon = await beaconSent;
  expect(beacon.method()).toBe('POST');
  const report = JSON.parse(beacon.postData() ?? '') as { page: string; metrics: { name: string; value: number }[] };
  expect(Object.keys(report).sort()).toEqual(['metrics', 'page']);
  expect(report.page).toBe('home');
  expect(report.metrics.map(({ name }) => name).sort()).toEqual(['CLS', 'FCP', 'INP', 'LCP', 'TTFB']);
  for (const metric of report.metrics) expect(Object.keys(metric).sort(), metric.name).toEqual(['name', 'value']);
  expect(beacon.postData()).not.toMatch(/127\.0\.0\.1|https?:/);
  expect(beacons.filter((sent) => JSON.parse(sent.postData() ?? '{}').page === 'home')).toHaveLength(1);

  await expect.poll(() => metricValue(request, homeLcpCount)).toBeGreaterThan(before);
});

test('a visit outside the sample loads no reporter and sends nothing', async ({ page }) => {
  await drawAs(page, 0.99);
  const sent: string[] = [];
  page.on('request', (request) => {
    if (isBeacon(request) || isReporterCode(request)) sent.push(request.url());
  });
  await page.goto('/');
  await page.waitForLoadState('load');
  await expect(page.getByRole('heading', { name: webTexts.categoriesHeading })).toBeVisible();
  // Leaving hides the page: a sampled visit would send its beacon now.
  await page.goto('/about');
  await page.waitForLoadState('load');
  expect(sent).toEqual([]);
});
