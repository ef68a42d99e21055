import type { Metric } from 'web-vitals';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebVitalsReportSchema, webVitalsMetrics } from '@recell/contract';
import { reportWebVitals } from './report-vitals';

/** What each of web-vitals' `onX` was given: the reporter's callback, called here as the library would. */
const callbacks = vi.hoisted(() => new Map<string, (metric: unknown) => void>());
vi.mock('web-vitals', () => {
  const on = (name: string) => (callback: (metric: unknown) => void) => void callbacks.set(name, callback);
  return { onLCP: on('LCP'), onINP: on('INP'), onCLS: on('CLS'), onFCP: on('FCP'), onTTFB: on('TTFB') };
});

/** A metric as web-vitals reports it, with what must not leave the browser. */
const metric = (name: Metric['name'], value: number, id = `v5-${name}-1731000000000-123`): Metric =>
  ({
    name,
    value,
    id,
    delta: value,
    rating: 'good',
    navigationType: 'navigate',
    navigationId: 1,
    navigationURL: 'https://recell.test/products/0f8e6a2c?ref=mail',
    entries: [],
  }) as unknown as Metric;

const measure = (reported: Metric) => callbacks.get(reported.name)!(reported);

const setVisibility = (state: DocumentVisibilityState) => {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
};

describe('the web vitals reporter', () => {
  beforeEach(() => {
    callbacks.clear();
  });
  afterEach(() => {
    setVisibility('visible');
  });

  it('sends one report when the page is hidden: the kind of page and each value, nothing else', () => {
    const send = vi.fn();
    reportWebVitals({ pathname: '/products/0f8e6a2c-3d1b-4c5e-9a7f-1b2c3d4e5f60', send });
    expect([...callbacks.keys()].sort()).toEqual([...webVitalsMetrics].sort());

    measure(metric('TTFB', 180.4));
    measure(metric('FCP', 912.6));
    measure(metric('LCP', 1234.56));
    measure(metric('INP', 48));
    measure(metric('CLS', 0.0123456));
    expect(send).not.toHaveBeenCalled();

    setVisibility('hidden');
    expect(send).toHaveBeenCalledTimes(1);
    const [url, body] = send.mock.calls[0] as [string, string];
    expect(url).toBe('/api/vitals');
    expect(JSON.parse(body)).toEqual({
      page: 'product',
      metrics: [
        { name: 'TTFB', value: 180 },
        { name: 'FCP', value: 913 },
        { name: 'LCP', value: 1235 },
        { name: 'INP', value: 48 },
        { name: 'CLS', value: 0.0123 },
      ],
    });
    // What the API takes, and no address, id or rating.
    expect(WebVitalsReportSchema.safeParse(JSON.parse(body)).success).toBe(true);
    expect(body).not.toMatch(/0f8e6a2c|recell\.test|ref=|v5-|good|navigate/);
  });

  it('sends nothing while nothing new was measured, and a figure only once', () => {
    const send = vi.fn();
    reportWebVitals({ pathname: '/', send });
    setVisibility('hidden');
    expect(send).not.toHaveBeenCalled();

    measure(metric('CLS', 0.05));
    setVisibility('visible');
    setVisibility('hidden');
    expect(send).toHaveBeenCalledTimes(1);

    // Shown again: the same CLS grows and INP comes; only INP is new.
    setVisibility('visible');
    measure(metric('CLS', 0.2));
    measure(metric('INP', 120));
    setVisibility('hidden');
    expect(send).toHaveBeenCalledTimes(2);
    expect(JSON.parse(send.mock.calls[1]![1] as string)).toEqual({
      page: 'home',
      metrics: [{ name: 'INP', value: 120 }],
    });
  });

  it('sends with navigator.sendBeacon, or fetch with keepalive where there is none', async () => {
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon });
    reportWebVitals({ pathname: '/search' });
    measure(metric('LCP', 2000));
    setVisibility('hidden');
    expect(sendBeacon).toHaveBeenCalledWith(
      '/api/vitals',
      JSON.stringify({ page: 'search', metrics: [{ name: 'LCP', value: 2000 }] }),
    );

    setVisibility('visible');
    const fetch = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: undefined });
    vi.stubGlobal('fetch', fetch);
    callbacks.clear();
    reportWebVitals({ pathname: '/about' });
    measure(metric('FCP', 400, 'v5-FCP-2'));
    setVisibility('hidden');
    expect(fetch).toHaveBeenCalledWith('/api/vitals', {
      method: 'POST',
      body: JSON.stringify({ page: 'about', metrics: [{ name: 'FCP', value: 400 }] }),
      keepalive: true,
    });
  });
});
