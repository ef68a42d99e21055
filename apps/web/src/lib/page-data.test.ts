import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { pageDataElement, seedPageData } from './page-data';

describe('page data', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('carries the settled queries from the server to the browser cache, and no markup can end its script early', () => {
    const server = new QueryClient();
    const phones = { pages: [{ items: [{ name: '</script><script>alert(1)</script>' }] }], pageParams: [null] };
    server.setQueryData(['listings', 'category', '1'], phones, { updatedAt: 1_000 });
    server.setQueryData(['categories'], { items: [] });
    // A query still loading (a signed-in one the server cannot ask) is left out.
    void server.prefetchQuery({ queryKey: ['me'], queryFn: () => new Promise(() => {}) });

    const element = pageDataElement(server);
    expect(element.match(/<\/script>/g)).toHaveLength(1);
    document.body.innerHTML = element;

    const browser = new QueryClient();
    seedPageData(browser);
    expect(browser.getQueryData(['listings', 'category', '1'])).toEqual(phones);
    expect(browser.getQueryState(['listings', 'category', '1'])?.dataUpdatedAt).toBe(1_000);
    expect(browser.getQueryData(['categories'])).toEqual({ items: [] });
    expect(browser.getQueryState(['me'])).toBeUndefined();
    server.clear();
  });

  it('leaves the cache alone on a page without data', () => {
    const browser = new QueryClient();
    seedPageData(browser);
    expect(browser.getQueryCache().getAll()).toEqual([]);
  });
});
