import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeProduct } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import HomeSections from './home-sections';

const categories = {
  items: [
    { id: '1', brand: 'Apple', imageUrl: '/uploads/apple.webp' },
    { id: '2', brand: 'Xiaomi', imageUrl: '/uploads/xiaomi.webp' },
    { id: '3', brand: 'Samsung', imageUrl: '/uploads/samsung.webp' },
  ],
};

const serve = (
  advertised: unknown,
  { categoriesResponse = () => jsonResponse(categories), categoriesDelayMs = 0 } = {},
) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (!url.startsWith('/api/categories')) return jsonResponse(advertised);
      await new Promise((resolve) => setTimeout(resolve, categoriesDelayMs));
      return categoriesResponse();
    }),
  );

describe('home page sections', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists the categories, each with its image and a See All link to its page', async () => {
    serve({ items: [], nextCursor: null });
    renderWithProviders(<HomeSections />);

    const section = await screen.findByRole('region', { name: 'Shop by brand' });
    for (const { id, brand, imageUrl } of categories.items) {
      const card = (await within(section).findByRole('heading', { name: brand })).closest('article');
      if (!card) throw new Error(`no card for ${brand}`);
      expect(within(card).getByRole('img', { name: brand })).toHaveAttribute('src', imageUrl);
      expect(within(card).getByRole('link', { name: 'See All' })).toHaveAttribute('href', `/categories/${id}`);
    }
  });

  it('leaves out the advertised section when nothing is advertised', async () => {
    // the categories answer last, so once they show the advertised answer has been rendered
    serve({ items: [], nextCursor: null }, { categoriesDelayMs: 50 });
    renderWithProviders(<HomeSections />);

    await screen.findByRole('heading', { name: 'Apple' });
    expect(screen.queryByRole('region', { name: 'Advertised phones' })).not.toBeInTheDocument();
  });

  it('shows the advertised phones when there are some', async () => {
    serve({ items: [makeProduct()], nextCursor: null });
    renderWithProviders(<HomeSections />);

    const section = await screen.findByRole('region', { name: 'Advertised phones' });
    expect(within(section).getByRole('heading', { name: 'iPhone 13 Pro' })).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('offers to try again when the categories cannot be loaded', async () => {
    let attempts = 0;
    serve(
      { items: [], nextCursor: null },
      {
        categoriesResponse: () =>
          ++attempts === 1
            ? jsonResponse({ error: { code: 'unavailable', message: 'Service unavailable' } }, 503)
            : jsonResponse(categories),
      },
    );
    renderWithProviders(<HomeSections />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Service unavailable');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Samsung' })).toBeInTheDocument();
  });
});
