import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { mockApi, noContent } from '@/test/api-mock';
import { jsonResponse } from '@/test/fixtures';
import type { PageViewer } from '../../prefetch';
import { mayAsk, prefetch, renderedForViewer } from './dashboard-routes.data';

/** Runs the dashboard's data module for `pathname` as the server does for a private page's viewer. */
const prefetched = async (pathname: string, viewer?: PageViewer) => {
  const { calls } = mockApi({
    'GET /api/me/orders': () => jsonResponse({ items: [], nextCursor: null }),
    'GET /api/me/products': () => jsonResponse({ items: [], nextCursor: null }),
    'GET /api/orders/order-1': () => jsonResponse({ id: 'order-1' }),
    'GET /api/payments/config': () => jsonResponse({ processor: 'test' }),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await prefetch(client, { params: {}, search: new URLSearchParams(), pathname, isPrerendered: false, viewer });
  return calls.map((call) => call.path).sort();
};

describe('the dashboard’s data for a private page rendered on the server', () => {
  it('names My Orders, My Products and the payment page as the pages rendered for their viewer', () => {
    expect(renderedForViewer()).toEqual([
      '/dashboard/my-orders',
      '/dashboard/my-products',
      '/dashboard/orders/payment/:id',
    ]);
  });

  it('asks for a page’s data when the viewer has the page’s role, with no browser session', async () => {
    expect(await prefetched('/dashboard/my-orders', { role: 'user' })).toEqual(['/api/me/orders']);
    expect(await prefetched('/dashboard/my-products', { role: 'seller' })).toEqual(['/api/me/products']);
    // The payment page shows the order and which card form first (its intent is made in the browser).
    expect(await prefetched('/dashboard/orders/payment/order-1', { role: 'user' })).toEqual([
      '/api/orders/order-1',
      '/api/payments/config',
    ]);
  });

  it('asks for nothing for a viewer of another role (the page sends them away)', async () => {
    expect(await prefetched('/dashboard/my-orders', { role: 'seller' })).toEqual([]);
    expect(await prefetched('/dashboard/my-products', { role: 'user' })).toEqual([]);
    expect(await prefetched('/dashboard/orders/payment/order-1', { role: 'admin' })).toEqual([]);
  });

  it('goes by the browser’s session when no viewer is given: nobody signed in, nothing asked', async () => {
    expect(await mayAsk({ role: 'user' }, 'user')).toBe(true);
    expect(await mayAsk({ role: 'user' }, 'seller')).toBe(false);
    expect(await mayAsk({ role: 'admin' })).toBe(true);
    mockApi({ 'POST /api/auth/refresh': noContent });
    expect(await mayAsk(undefined, 'user')).toBe(false);
    expect(await prefetched('/dashboard/my-orders')).toEqual([]);
  });
});
