import { listingMessages, listingTexts, messages, type Product } from '@recell/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useNavigate } from 'react-router';
import type { AuthContextValue } from '@/features/auth';
import { mockApi, type ApiCall } from '@/test/api-mock';
import { categoryList, jsonResponse, makeMe, makeProduct, pageOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { AppRoutes } from '../router';
import CategoryPage from './category';

const buyer: AuthContextValue = { status: 'signedIn', user: makeMe(), logout: async () => {} };

const phone = (n: number, overrides: Partial<Product> = {}) =>
  makeProduct({
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    categoryId: '3',
    name: `Galaxy S${n}`,
    brand: 'Samsung',
    ...overrides,
  });

/** GET /api/categories/3/products answered by `answer` (from the request's query). */
const serveSamsung = (answer: (query: URLSearchParams) => unknown = () => pageOf([phone(21), phone(22)])) => {
  const api = mockApi({
    'GET /api/categories': () => jsonResponse(categoryList),
    'GET /api/categories/3/products': ({ query }) => jsonResponse(answer(query)),
  });
  const searches = () =>
    api.callsTo('GET /api/categories/3/products').map((call: ApiCall) => Object.fromEntries(call.query));
  return { ...api, searches };
};

function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Back
    </button>
  );
}

const renderCategory = (route: string) =>
  renderWithProviders(
    <>
      <CategoryPage />
      <BackButton />
    </>,
    { route, path: '/categories/:id', auth: buyer },
  );

const search = () => screen.getByRole('searchbox', { name: listingTexts.searchLabel });
const cardNames = () => screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent);
const urlSearch = () => screen.getByTestId('location').dataset.search;

describe('a category page', () => {
  it('shows the brand and its phones as product cards with a result count', async () => {
    serveSamsung();
    renderCategory('/categories/3');

    expect(await screen.findByRole('heading', { level: 1, name: 'Samsung' })).toBeInTheDocument();
    await waitFor(() => {
      expect(cardNames()).toEqual(['Galaxy S21', 'Galaxy S22']);
    });
    expect(screen.getByRole('status')).toHaveTextContent('2 phones found');
    // the first card's picture loads at once, the rest when scrolled near
    const images = screen.getAllByRole('img', { name: /^Galaxy/ });
    expect(images.map((image) => image.getAttribute('loading'))).toEqual(['eager', 'lazy']);
  });

  it('takes its search from the URL: the inputs show it and the API gets it', async () => {
    const api = serveSamsung();
    renderCategory('/categories/3?q=galaxy&minPrice=100&maxPrice=600.50&condition=Good&sort=price_asc');

    await screen.findByRole('heading', { name: 'Galaxy S21' });
    expect(search()).toHaveValue('galaxy');
    expect(screen.getByLabelText(listingTexts.minPrice)).toHaveValue('100');
    expect(screen.getByLabelText(listingTexts.maxPrice)).toHaveValue('600.50');
    expect(screen.getByLabelText(listingTexts.condition)).toHaveValue('Good');
    expect(screen.getByLabelText(listingTexts.sortLabel)).toHaveValue('price_asc');
    expect(api.searches()).toEqual([
      { q: 'galaxy', minPrice: '100', maxPrice: '600.50', condition: 'Good', sort: 'price_asc' },
    ]);
  });

  it('searches once typing pauses, with the words typed, and puts them in the URL', async () => {
    const api = serveSamsung((query) => pageOf(query.get('q') === 'gal' ? [phone(23)] : [phone(21), phone(22)]));
    renderCategory('/categories/3');
    await screen.findByRole('heading', { name: 'Galaxy S21' });

    await userEvent.type(search(), 'gal');

    await waitFor(() => {
      expect(cardNames()).toEqual(['Galaxy S23']);
    });
    // one request for the whole word, none per keystroke
    expect(api.searches()).toEqual([{}, { q: 'gal' }]);
    expect(urlSearch()).toBe('?q=gal');
  });

  it("says 'No phones match your search' when nothing matches, and can clear the search", async () => {
    serveSamsung((query) => pageOf(query.has('q') ? [] : [phone(21)]));
    renderCategory('/categories/3?q=nokia');

    expect(await screen.findByText(listingTexts.noMatches)).toHaveRole('status');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: listingTexts.clearFilters }));
    expect(await screen.findByRole('heading', { name: 'Galaxy S21' })).toBeInTheDocument();
    expect(search()).toHaveValue('');
    expect(urlSearch()).toBe('');
  });

  it('loads more phones after the last ones with the cursor, appending them', async () => {
    const api = serveSamsung((query) =>
      query.get('cursor') === 'page-2' ? pageOf([phone(3)]) : pageOf([phone(1), phone(2)], 'page-2'),
    );
    renderCategory('/categories/3');
    await screen.findByRole('heading', { name: 'Galaxy S1' });
    expect(screen.getByRole('status')).toHaveTextContent('Showing the first 2 phones');

    await userEvent.click(screen.getByRole('button', { name: listingTexts.loadMore }));

    await waitFor(() => {
      expect(cardNames()).toEqual(['Galaxy S1', 'Galaxy S2', 'Galaxy S3']);
    });
    expect(api.searches()).toEqual([{}, { cursor: 'page-2' }]);
    expect(screen.queryByRole('button', { name: listingTexts.loadMore })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('3 phones found');
  });

  it('adds a history entry per filter change: Back returns to the previous search', async () => {
    const api = serveSamsung();
    renderCategory('/categories/3?q=galaxy');
    await screen.findByRole('heading', { name: 'Galaxy S21' });

    await userEvent.selectOptions(screen.getByLabelText(listingTexts.sortLabel), 'Price: high to low');
    await waitFor(() => {
      expect(urlSearch()).toBe('?q=galaxy&sort=price_desc');
    });
    await userEvent.selectOptions(screen.getByLabelText(listingTexts.condition), 'Fair');
    await waitFor(() => {
      expect(urlSearch()).toBe('?q=galaxy&condition=Fair&sort=price_desc');
    });

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => {
      expect(screen.getByLabelText(listingTexts.condition)).toHaveValue('');
    });
    expect(screen.getByLabelText(listingTexts.sortLabel)).toHaveValue('price_desc');

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => {
      expect(screen.getByLabelText(listingTexts.sortLabel)).toHaveValue('newest');
    });
    expect(search()).toHaveValue('galaxy');
    expect(api.searches()).toContainEqual({ q: 'galaxy', sort: 'price_desc' });
    expect(api.searches()).toContainEqual({ q: 'galaxy', condition: 'Fair', sort: 'price_desc' });
  });

  it('keeps a typing spell to one history entry, and Back brings the previous words back', async () => {
    serveSamsung();
    renderCategory('/categories/3?q=galaxy');
    await screen.findByRole('heading', { name: 'Galaxy S21' });

    await userEvent.clear(search());
    await userEvent.type(search(), 'pix');
    await waitFor(() => {
      expect(urlSearch()).toBe('?q=pix');
    });
    await userEvent.type(search(), 'el{Enter}');
    await waitFor(() => {
      expect(urlSearch()).toBe('?q=pixel');
    });

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => {
      expect(search()).toHaveValue('galaxy');
    });
    expect(urlSearch()).toBe('?q=galaxy');
  });

  it('leaves a price that is not an amount out of the search and says why beside it', async () => {
    const api = serveSamsung();
    renderCategory('/categories/3?minPrice=cheap&maxPrice=500');

    await screen.findByRole('heading', { name: 'Galaxy S21' });
    expect(screen.getByLabelText(listingTexts.minPrice)).toHaveAccessibleDescription(
      'Enter the minimum price in dollars, like 100 or 99.99',
    );
    expect(api.searches()).toEqual([{ maxPrice: '500' }]);
  });

  it('says how to fix a price range the wrong way round from the URL, and searches without it', async () => {
    const api = serveSamsung();
    renderCategory('/categories/3?minPrice=900&maxPrice=600');

    await screen.findByRole('heading', { name: 'Galaxy S21' });
    expect(screen.getByLabelText(listingTexts.maxPrice)).toHaveAccessibleDescription(
      listingMessages.priceRangeInverted,
    );
    expect(api.searches()).toEqual([{ minPrice: '900' }]);
  });

  it('says how to fix a price range typed the wrong way round', async () => {
    serveSamsung();
    renderCategory('/categories/3');
    await screen.findByRole('heading', { name: 'Galaxy S21' });

    await userEvent.type(screen.getByLabelText(listingTexts.minPrice), '900');
    await userEvent.type(screen.getByLabelText(listingTexts.maxPrice), '600');
    await userEvent.keyboard('{Enter}');

    await waitFor(() => {
      expect(screen.getByLabelText(listingTexts.maxPrice)).toHaveAccessibleDescription(
        'The minimum price must not be more than the maximum.',
      );
    });
    expect(screen.queryByText(/expected|received/i)).not.toBeInTheDocument();
  });

  it('answers an unknown category with the 404 page', async () => {
    serveSamsung();
    renderWithProviders(<AppRoutes />, { route: '/categories/9', auth: buyer });
    expect(await screen.findByRole('heading', { level: 1, name: messages.notFoundTitle })).toBeInTheDocument();
  });
});
