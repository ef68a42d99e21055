import { renderedPageQueryParams } from '@recell/contract';
import { describe, expect, it } from 'vitest';
import { paths } from './config/paths';
import { routeTable } from './config/routes';
import { buildPlan, renderSignedInPage } from './prerender';
import { makeOrder, pageOf } from './test/fixtures';

describe('the pages the server answers', () => {
  it.each(Object.entries(paths))(
    '%s is prerendered or answered with the frame, never the 404 page',
    async (_, { pattern }) => {
      const { prerendered, framePatterns } = await buildPlan();
      expect([...prerendered.flatMap((page) => page.addresses), ...framePatterns]).toContain(pattern);
    },
  );

  it('renders a phone’s and a seller’s page for everyone, a brand’s page and the search for someone signed in', async () => {
    const { renderedPatterns, renderedForEveryone } = await buildPlan();
    expect([...renderedPatterns].sort()).toEqual(['/categories/:id', '/products/:id', '/search', '/sellers/:id']);
    expect([...renderedForEveryone].sort()).toEqual(['/products/:id', '/sellers/:id']);
    // A page for signed-in people only is never rendered for a visitor.
    for (const pattern of renderedForEveryone)
      expect(Object.values(routeTable).find((entry) => entry.path === pattern)).not.toHaveProperty('signedIn');
  });

  it('names the query parameters of every page it renders, so the server keeps each page once', async () => {
    const { renderedPatterns } = await buildPlan();
    for (const pattern of renderedPatterns) expect(renderedPageQueryParams, pattern).toHaveProperty([pattern]);
    // The search reads what a brand's page reads.
    expect(renderedPageQueryParams['/search']).toEqual(renderedPageQueryParams['/categories/:id']);
  });
});

describe('the pages rendered for their viewer alone', () => {
  it('are My Orders, My Products and the payment page, none of them rendered for anyone else', async () => {
    const { renderedForViewer, renderedPatterns, renderedForEveryone } = await buildPlan();
    expect(renderedForViewer).toEqual([
      {
        name: 'dashboard',
        patterns: ['/dashboard/my-orders', '/dashboard/my-products', '/dashboard/orders/payment/:id'],
      },
    ]);
    for (const pattern of renderedForViewer.flatMap((entry) => entry.patterns)) {
      expect(renderedPatterns).not.toContain(pattern);
      expect(renderedForEveryone).not.toContain(pattern);
    }
  });

  it('renders two viewers’ pages at once, each with its own calls: no call goes through the other’s fetch', async () => {
    /** A viewer's `fetch`: answers their own order, slowly (so the other render runs meanwhile). */
    const fetchOf = (phone: string, delayMs: number) => {
      const calls: string[] = [];
      const fetchApi = (async (input: RequestInfo | URL) => {
        calls.push(String(input));
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        const body = JSON.stringify(pageOf([makeOrder({}, { name: phone })]));
        return { status: 200, ok: true, text: async () => body, json: async () => JSON.parse(body) as unknown };
      }) as unknown as typeof fetch;
      return { fetchApi, calls };
    };
    const first = fetchOf('Pixel of the first buyer', 30);
    const second = fetchOf('Galaxy of the second buyer', 1);
    const [a, b] = await Promise.all([
      renderSignedInPage('/dashboard/my-orders', first.fetchApi, { role: 'user' }),
      renderSignedInPage('/dashboard/my-orders', second.fetchApi, { role: 'user' }),
    ]);
    expect(a?.body).toContain('Pixel of the first buyer');
    expect(a?.body).not.toContain('Galaxy of the second buyer');
    expect(b?.body).toContain('Galaxy of the second buyer');
    expect(b?.body).not.toContain('Pixel of the first buyer');
    expect(first.calls).toEqual([expect.stringContaining('/api/me/orders')]);
    expect(second.calls).toEqual([expect.stringContaining('/api/me/orders')]);
  });

  it('renders nothing for a viewer of another role', async () => {
    const fetchApi = (() => Promise.reject(new Error('no call expected'))) as typeof fetch;
    expect(await renderSignedInPage('/dashboard/my-orders', fetchApi, { role: 'seller' })).toBeNull();
  });
});
