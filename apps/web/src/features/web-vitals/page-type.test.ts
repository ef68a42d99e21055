import { describe, expect, it } from 'vitest';
import { webVitalsPages } from '@recell/contract';
import { dashboardPaths } from '@/config/dashboard-paths';
import { routeTable } from '@/config/routes';
import { dashboardPatterns, pageTypeOf } from './page-type';

/** An address of a pattern, its parameters filled with ids. */
const addressOf = (pattern: string) => pattern.replace(/:\w+/g, '0f8e6a2c-3d1b-4c5e-9a7f-1b2c3d4e5f60');

describe('the kind of page a web vitals report names', () => {
  it("names every page of the route table by its page, one of the API's labels", () => {
    for (const [name, entry] of Object.entries(routeTable)) {
      const page = pageTypeOf(addressOf(entry.path));
      expect(webVitalsPages, name).toContain(page);
      if (!('nested' in entry)) expect(page, name).toBe(entry.page);
    }
  });

  it('names each dashboard page by its name, with the patterns of config/dashboard-paths.ts', () => {
    for (const [name, { pattern }] of Object.entries(dashboardPaths)) {
      expect(dashboardPatterns[name as keyof typeof dashboardPatterns], name).toBe(pattern);
      const page = pageTypeOf(addressOf(pattern));
      expect(webVitalsPages, name).toContain(page);
      expect(page, name).not.toMatch(/^(dashboard|not-found)$/);
    }
    expect(new Set(Object.keys(dashboardPatterns))).toEqual(new Set(Object.keys(dashboardPaths)));
  });

  it('tells apart addresses that share their first words', () => {
    expect(pageTypeOf('/dashboard')).toBe('dashboard');
    expect(pageTypeOf('/dashboard/')).toBe('dashboard');
    expect(pageTypeOf('/dashboard/orders/payment/42')).toBe('dashboard/payment');
    expect(pageTypeOf('/dashboard/orders/42')).toBe('dashboard/order');
    expect(pageTypeOf('/dashboard/orders/42/receipt')).toBe('dashboard/receipt');
    expect(pageTypeOf('/dashboard/orders/42/messages')).toBe('dashboard/order-messages');
    expect(pageTypeOf('/dashboard/my-products/42/edit')).toBe('dashboard/edit-product');
    expect(pageTypeOf('/dashboard/messages')).toBe('dashboard/contact-messages');
  });

  it('matches as the router does: the home alias, case and a trailing slash aside', () => {
    expect(pageTypeOf('/')).toBe('home');
    expect(pageTypeOf('/home')).toBe('home');
    expect(pageTypeOf('/About/')).toBe('about');
    expect(pageTypeOf('/products/42')).toBe('product');
    expect(pageTypeOf('/categories/2')).toBe('category');
  });

  it('calls an address no page has the 404 page', () => {
    expect(pageTypeOf('/nowhere')).toBe('not-found');
    expect(pageTypeOf('/products')).toBe('not-found');
    expect(pageTypeOf('/products/42/more')).toBe('not-found');
    expect(pageTypeOf('/dashboard/nowhere')).toBe('not-found');
  });
});
