/**
 * Real-user Core Web Vitals (decision 0081): a sampled visit's page sends its figures as a beacon
 * when hidden, and they land in the `recell_web_vitals_*` histograms by kind of page. A report
 * that is not one (an unknown page or metric, an absurd value, another site's page, too many from
 * one IP) changes no figure.
 */
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { authMessages, messages } from '@recell/contract';
import { randomIp } from './support/accounts.ts';
import { expectError, useTestApp } from './support/api.ts';
import type { TestApp } from './helpers.ts';

const metricsToken = 'metrics-token-web-vitals-0123456789';

/** A report as the browser's beacon sends it: a string, so text/plain, from our own page. */
const beacon = (t: TestApp, body: unknown, remoteAddress = randomIp()): InjectOptions => ({
  method: 'POST',
  url: '/api/vitals',
  headers: {
    'content-type': 'text/plain;charset=UTF-8',
    origin: t.config.publicUrl,
    'sec-fetch-site': 'same-origin',
    'sec-fetch-mode': 'no-cors',
  },
  payload: typeof body === 'string' ? body : JSON.stringify(body),
  remoteAddress,
});

/** The web vitals series (and their HELP and TYPE lines) as Prometheus scrapes them from the main port. */
const scrapeVitals = async (t: TestApp) => {
  const response = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${metricsToken}` } });
  expect(response.statusCode).toBe(200);
  return response.body
    .split('\n')
    .filter((line) => line.includes(' recell_web_vitals_') || line.startsWith('recell_web_vitals_'))
    .join('\n');
};

/** One series' value in a scrape (0 when it is not there yet). */
const valueOf = (scrape: string, series: string) => {
  const line = scrape.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
};

const fullReport = {
  page: 'product',
  metrics: [
    { name: 'TTFB', value: 180 },
    { name: 'FCP', value: 912 },
    { name: 'LCP', value: 1234 },
    { name: 'INP', value: 48 },
    { name: 'CLS', value: 0.0123 },
  ],
};

describe('a web vitals report', () => {
  const t = useTestApp({ env: () => ({ METRICS_TOKEN: metricsToken }) });

  it('is taken as the beacon sends it, answered 204 and counted in seconds under its kind of page', async () => {
    const before = await scrapeVitals(t);
    const response = await t.app.inject(beacon(t, fullReport));
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    const after = await scrapeVitals(t);
    const grew = (series: string) => valueOf(after, series) - valueOf(before, series);
    for (const metric of ['lcp_seconds', 'inp_seconds', 'fcp_seconds', 'ttfb_seconds', 'cls'])
      expect(grew(`recell_web_vitals_${metric}_count{page="product"}`), metric).toBe(1);
    expect(grew('recell_web_vitals_lcp_seconds_sum{page="product"}')).toBeCloseTo(1.234, 6);
    expect(grew('recell_web_vitals_inp_seconds_sum{page="product"}')).toBeCloseTo(0.048, 6);
    expect(grew('recell_web_vitals_cls_sum{page="product"}')).toBeCloseTo(0.0123, 6);
    // Buckets around Google's thresholds: a 1.234 s LCP is good (≤ 2.5 s), not under a second.
    expect(grew('recell_web_vitals_lcp_seconds_bucket{le="2.5",page="product"}')).toBe(1);
    expect(grew('recell_web_vitals_lcp_seconds_bucket{le="1",page="product"}')).toBe(0);
    expect(grew('recell_web_vitals_cls_bucket{le="0.025",page="product"}')).toBe(1);
  });

  it('is exposed on the metrics endpoint labelled by the kind of page only', async () => {
    expect(
      (await t.app.inject(beacon(t, { page: 'category', metrics: [{ name: 'LCP', value: 3100 }] }))).statusCode,
    ).toBe(204);
    const scrape = await scrapeVitals(t);
    expect(scrape).toContain('# TYPE recell_web_vitals_lcp_seconds histogram');
    expect(scrape).toMatch(/^recell_web_vitals_lcp_seconds_bucket\{le="4",page="category"\} [1-9]/m);
    for (const line of scrape.split('\n').filter((candidate) => candidate.startsWith('recell_web_vitals_'))) {
      const labels = /\{([^}]*)\}/.exec(line)?.[1] ?? '';
      expect(
        labels
          .split(',')
          .map((label) => label.split('=')[0])
          .filter((name) => name !== 'le'),
        line,
      ).toEqual(['page']);
    }
  });

  it('is also taken as JSON, and what the schema does not name is dropped', async () => {
    const before = await scrapeVitals(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/vitals',
      payload: {
        page: 'home',
        url: 'https://recell.test/?email=someone@example.com',
        metrics: [{ name: 'FCP', value: 700, id: 'v5-1' }],
      },
    });
    expect(response.statusCode).toBe(204);
    const after = await scrapeVitals(t);
    expect(valueOf(after, 'recell_web_vitals_fcp_seconds_count{page="home"}')).toBe(
      valueOf(before, 'recell_web_vitals_fcp_seconds_count{page="home"}') + 1,
    );
    expect(after).not.toMatch(/someone|recell\.test|v5-1/);
  });

  const refused: Array<[string, unknown]> = [
    ['an unknown kind of page', { page: '/products/42', metrics: [{ name: 'LCP', value: 1000 }] }],
    ['an unknown metric', { page: 'home', metrics: [{ name: 'FID', value: 10 }] }],
    ['a negative value', { page: 'home', metrics: [{ name: 'LCP', value: -1 }] }],
    ['a time past five minutes', { page: 'home', metrics: [{ name: 'TTFB', value: 300_001 }] }],
    ['a CLS past 10', { page: 'home', metrics: [{ name: 'CLS', value: 11 }] }],
    ['a value that is no number', { page: 'home', metrics: [{ name: 'LCP', value: '1000' }] }],
    [
      'the same metric twice',
      {
        page: 'home',
        metrics: [
          { name: 'LCP', value: 1000 },
          { name: 'LCP', value: 1200 },
        ],
      },
    ],
    ['no metric', { page: 'home', metrics: [] }],
    ['no page', { metrics: [{ name: 'LCP', value: 1000 }] }],
    ['a report that is not JSON', 'LCP=1000'],
    ['a list', [fullReport]],
  ];

  it.each(refused)('is refused with 400, counting nothing, for %s', async (_case, body) => {
    const before = await scrapeVitals(t);
    const response = await t.app.inject(beacon(t, body));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'validation' } });
    // Even the valid figures of a refused report are not counted.
    expect(await scrapeVitals(t)).toBe(before);
  });

  it('is refused with 413 past a kilobyte, counting nothing', async () => {
    const before = await scrapeVitals(t);
    const response = await t.app.inject(beacon(t, { ...fullReport, padding: 'x'.repeat(2000) }));
    expect(response.statusCode).toBe(413);
    expect(await scrapeVitals(t)).toBe(before);
  });

  it("is refused from another site's page (decision 0021), counting nothing", async () => {
    const before = await scrapeVitals(t);
    const options = beacon(t, fullReport);
    const response = await t.app.inject({
      ...options,
      headers: { ...options.headers, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expectError(response, 403, { code: 'forbidden', message: authMessages.crossSiteRefused });
    expect(await scrapeVitals(t)).toBe(before);
  });
});

describe('web vitals reports per IP', () => {
  const t = useTestApp({ env: () => ({ METRICS_TOKEN: metricsToken, WEB_VITALS_REPORTS_PER_IP: '3' }) });

  it('takes the limit per minute from one IP, then 429 with Retry-After counting nothing; other IPs go on', async () => {
    const ip = randomIp();
    const report = { page: 'about', metrics: [{ name: 'LCP', value: 900 }] };
    for (let i = 0; i < 3; i++) expect((await t.app.inject(beacon(t, report, ip))).statusCode).toBe(204);

    const before = await scrapeVitals(t);
    const refusedOne = await t.app.inject(beacon(t, report, ip));
    expectError(refusedOne, 429, { code: 'rate_limited', message: messages.tooManyRequests });
    expect(Number(refusedOne.headers['retry-after'])).toBeGreaterThan(0);
    expect(await scrapeVitals(t)).toBe(before);

    expect((await t.app.inject(beacon(t, report, randomIp()))).statusCode).toBe(204);
  });
});
