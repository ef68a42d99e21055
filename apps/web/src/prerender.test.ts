import { renderedPageQueryParams } from '@recell/contract';
import { describe, expect, it } from 'vitest';
import { paths } from './config/paths';
import { routeTable } from './config/routes';
import { buildPlan } from './prerender';

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
