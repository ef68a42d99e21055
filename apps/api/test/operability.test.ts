/**
 * Operability: Prometheus metrics on their own listener or behind a token (never public), and load
 * shedding that refuses work with 503 + Retry-After while health and readiness keep answering.
 */
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@recell/contract';
import { databaseUrl } from './helpers.ts';
import { expectError, useTestApp } from './support/api.ts';

const metricsToken = 'metrics-token-0123456789abcdef';

describe('metrics on their own listener', () => {
  const t = useTestApp({ env: () => ({ METRICS_PORT: '0' }) });

  it('serves request latency by route pattern, method and status, and the pool gauges', async () => {
    expect((await t.app.inject({ url: '/api/categories' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/categories/2/products?sort=price_asc' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/categories/9/products' })).statusCode).toBe(404);
    const address = t.app.metricsAddress();
    expect(address).toBeDefined();

    const scrape = async () => {
      const response = await fetch(`http://127.0.0.1:${address!.port}/metrics`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      return response.text();
    };
    await vi.waitFor(async () => {
      const text = await scrape();
      expect(text).toContain(
        'recell_http_request_duration_seconds_count{route="/api/categories",method="GET",status="200"}',
      );
      // The pattern, never the URL: one series for every category.
      expect(text).toContain(
        'recell_http_request_duration_seconds_count{route="/api/categories/:id/products",method="GET",status="200"}',
      );
      expect(text).toContain(
        'recell_http_request_duration_seconds_count{route="/api/categories/:id/products",method="GET",status="404"}',
      );
      expect(text).not.toContain('route="/api/categories/2/products');
    });
    const text = await scrape();
    expect(text).toMatch(/^recell_process_cpu_seconds_total /m);
    if (databaseUrl) {
      expect(text).toMatch(/^recell_db_pool_connections \d+/m);
      expect(text).toMatch(/^recell_db_pool_idle_connections \d+/m);
      expect(text).toMatch(/^recell_db_pool_waiting_requests \d+/m);
    }
    // Only /metrics lives there.
    expect((await fetch(`http://127.0.0.1:${address!.port}/api/categories`)).status).toBe(404);
  });

  it('keeps /metrics off the public port when no token is set', async () => {
    expectError(await t.app.inject({ url: '/metrics' }), 404, { code: 'not_found', message: messages.notFound });
    expectError(await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${metricsToken}` } }), 404, {
      code: 'not_found',
      message: messages.notFound,
    });
  });
});

describe('metrics on the main port behind a token', () => {
  const t = useTestApp({ env: () => ({ METRICS_TOKEN: metricsToken }) });

  it('answers 404 without the token or with another, and the metrics with it', async () => {
    const notFound = { code: 'not_found', message: messages.notFound };
    expectError(await t.app.inject({ url: '/metrics' }), 404, notFound);
    expectError(
      await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${metricsToken}x` } }),
      404,
      notFound,
    );
    expectError(await t.app.inject({ url: '/metrics', headers: { authorization: metricsToken } }), 404, notFound);
    const response = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${metricsToken}` } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('# TYPE recell_http_request_duration_seconds histogram');
    // No listener of its own unless METRICS_PORT says so.
    expect(t.app.metricsAddress()).toBeUndefined();
  });
});

describe('load shedding', () => {
  // A heap limit of one byte: the process is always "under pressure" once the first sample is taken.
  const t = useTestApp({ env: () => ({ LOAD_SHED_MAX_HEAP_USED_BYTES: '1' }) });

  it('refuses requests with 503, Retry-After and the error shape, while health and readiness answer', async () => {
    await vi.waitFor(
      async () => {
        const response = await t.app.inject({ url: '/api/categories' });
        expectError(response, 503, { code: 'unavailable', message: messages.serviceUnavailable });
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      },
      { timeout: 5000, interval: 200 },
    );
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});

describe('load shedding on a lagging event loop', () => {
  const t = useTestApp({ env: () => ({ LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: '50' }) });

  it('refuses requests with 503 after the event loop was held up, and serves again once it keeps up', async () => {
    await vi.waitFor(
      async () => {
        // Work that holds the event loop again and again, as a stream of CPU-bound requests would,
        // for longer than one sample of the delay.
        const end = performance.now() + 1500;
        while (performance.now() < end) {
          const until = performance.now() + 100;
          while (performance.now() < until);
          await new Promise((resolve) => setTimeout(resolve, 1));
        }
        const response = await t.app.inject({ url: '/api/categories' });
        expectError(response, 503, { code: 'unavailable', message: messages.serviceUnavailable });
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
      },
      { timeout: 10_000, interval: 0 },
    );
    await vi.waitFor(async () => expect((await t.app.inject({ url: '/api/categories' })).statusCode).toBe(200), {
      timeout: 10_000,
      interval: 300,
    });
  });
});
