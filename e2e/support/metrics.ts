/**
 * The server's Prometheus metrics, as an operator scrapes them: the browser suite's server opens
 * /metrics on its main port to this token (playwright.config.ts).
 */
import { expect, type APIRequestContext } from '@playwright/test';

export const metricsToken = 'e2e-metrics-token-0123456789abcdef';

/** One series' value now (0 while it has no sample): `series` as the scrape writes it, labels and all. */
export async function metricValue(request: APIRequestContext, series: string): Promise<number> {
  const response = await request.get('/metrics', { headers: { authorization: `Bearer ${metricsToken}` } });
  expect(response.status()).toBe(200);
  const line = (await response.text()).split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}
