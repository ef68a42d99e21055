import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodedPage, PageCache, preferredEncoding } from './page-cache.ts';

describe('PageCache', () => {
  const clock = () => {
    let now = 1_000;
    return { now: () => now, advance: (ms: number) => (now += ms) };
  };

  it('answers a page until its time is up, then forgets it', () => {
    const time = clock();
    const cache = new PageCache({ ttlMs: 1000, maxEntries: 10, now: time.now });
    cache.set('/a', 'A', cache.generation);
    time.advance(999);
    expect(cache.get('/a')?.body).toBe('A');
    time.advance(1);
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('forgets every page when listings change, and does not keep a page computed across the change', () => {
    const cache = new PageCache({ ttlMs: 1000, maxEntries: 10 });
    cache.set('/a', 'A', cache.generation);
    cache.set('/b', 'B', cache.generation);
    // A request reads the rows, then a listing changes before it stores its page.
    const before = cache.generation;
    cache.clear();
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.get('/b')).toBeUndefined();
    cache.set('/a', 'stale', before);
    expect(cache.get('/a')).toBeUndefined();
    cache.set('/a', 'fresh', cache.generation);
    expect(cache.get('/a')?.body).toBe('fresh');
  });

  it('keeps at most maxEntries pages, the oldest leaving first', () => {
    const cache = new PageCache({ ttlMs: 1000, maxEntries: 2 });
    cache.set('/1', '1', cache.generation);
    cache.set('/2', '2', cache.generation);
    cache.set('/1', '1 again', cache.generation);
    cache.set('/3', '3', cache.generation);
    expect(cache.size).toBe(2);
    expect(cache.get('/2')).toBeUndefined();
    expect(cache.get('/1')?.body).toBe('1 again');
    expect(cache.get('/3')?.body).toBe('3');
  });

  it('stores nothing when turned off', () => {
    const cache = new PageCache({ ttlMs: 0, maxEntries: 10 });
    expect(cache.enabled).toBe(false);
    cache.set('/a', 'A', cache.generation);
    expect(cache.get('/a')).toBeUndefined();
  });

  it('compresses a page once per encoding and keeps it', () => {
    const cache = new PageCache({ ttlMs: 1000, maxEntries: 10 });
    const body = JSON.stringify({ items: Array.from({ length: 50 }, (_, i) => ({ name: `Phone ${i}` })) });
    cache.set('/a', body, cache.generation);
    const page = cache.get('/a')!;
    const br = encodedPage(page, 'br');
    expect(brotliDecompressSync(br).toString()).toBe(body);
    expect(encodedPage(cache.get('/a')!, 'br')).toBe(br);
    expect(gunzipSync(encodedPage(page, 'gzip')).toString()).toBe(body);
  });
});

describe('preferredEncoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['GZIP;q=0.5, BR;q=0.4', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['*', 'br'],
    ['*;q=0.1, br;q=0', 'gzip'],
    ['deflate', undefined],
  ])('%j → %j', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
