import { describe, expect, it } from 'vitest';
import { changeCachedItems, dropCachedItems } from './cached-pages';

type Page = { items: { id: string; name: string }[]; nextCursor: string | null };
const cached = {
  pageParams: [null, 'c1'],
  pages: [
    {
      items: [
        { id: 'a', name: 'Pixel' },
        { id: 'b', name: 'Galaxy' },
      ],
      nextCursor: 'c1',
    },
    { items: [{ id: 'c', name: 'iPhone' }], nextCursor: null },
  ],
};

describe('cached pages', () => {
  it('drops the picked item from whichever page holds it, keeping the pages and their cursors', () => {
    expect(dropCachedItems<Page>((item) => item.id === 'b')(cached)).toEqual({
      pageParams: [null, 'c1'],
      pages: [
        { items: [{ id: 'a', name: 'Pixel' }], nextCursor: 'c1' },
        { items: [{ id: 'c', name: 'iPhone' }], nextCursor: null },
      ],
    });
  });

  it('changes items in place and drops those the change turns into null', () => {
    const renamed = changeCachedItems<Page>((item) =>
      item.id === 'a' ? null : item.id === 'c' ? { ...item, name: 'iPhone 13' } : item,
    )(cached);
    expect(renamed?.pages.map((page) => page.items)).toEqual([
      [{ id: 'b', name: 'Galaxy' }],
      [{ id: 'c', name: 'iPhone 13' }],
    ]);
  });

  it('leaves a list that was never loaded alone', () => {
    expect(dropCachedItems<Page>(() => true)(undefined)).toBeUndefined();
  });
});
