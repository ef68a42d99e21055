import { describe, expect, it } from 'vitest';
import { paths } from './paths';
import { routeTable } from './routes';

describe('paths', () => {
  it("fills each address's params in order, encoded", () => {
    expect(paths.category.to('2')).toBe('/categories/2');
    expect(paths.product.to('a b/c')).toBe('/products/a%20b%2Fc');
    expect(paths.about.to()).toBe('/about');
  });

  it('names a page module that is there for every entry', () => {
    const pages = import.meta.glob('../app/routes/**/*.tsx');
    for (const { page } of Object.values(routeTable)) expect(Object.keys(pages)).toContain(`../app/routes/${page}.tsx`);
  });
});
