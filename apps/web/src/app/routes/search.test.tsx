import { listingTexts, type Product } from '@recell/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuthContextValue } from '@/features/auth';
import { mockApi, type ApiCall } from '@/test/api-mock';
import { categoryList, jsonResponse, makeMe, makeProduct, pageOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import CategoryPage from './category';
import SearchPage from './search';

const buyer: AuthContextValue = { status: 'signedIn', user: makeMe(), logout: async () => {} };

const phone = (n: number, overrides: Partial<Product> = {}) =>
  makeProduct({
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Phone ${n}`,
    ...overrides,
  });

/** The API's answers, and the queries each endpoint was asked. */
const serve = (answer: (query: URLSearchParams) => unknown = () => pageOf([phone(1), phone(2)])) => {
  const api = mockApi({
    'GET /api/categories': () => jsonResponse(categoryList),
    'GET /api/categories/1/products': ({ query }) => jsonResponse(answer(query)),
    'GET /api/search': ({ query }) => jsonResponse(answer(query)),
  });
  const queriesOf = (route: string) => api.callsTo(route).map((call: ApiCall) => Object.fromEntries(call.query));
  return { ...api, queriesOf };
};

const cardNames = () => screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent);
const urlSearch = () => screen.getByTestId('location').dataset.search;

describe('the phone-fact filters of a category page', () => {
  const renderApple = (route: string) =>
    renderWithProviders(<CategoryPage />, { route, path: '/categories/:id', auth: buyer });

  it('take their values from the URL: the controls show them and the API gets them', async () => {
    const api = serve();
    renderApple('/categories/1?storage=128&colour=Blue&network=verizon&minBattery=85&model=iPhone%2013');

    await screen.findByRole('heading', { name: 'Phone 1' });
    expect(screen.getByLabelText(listingTexts.storageFilter)).toHaveValue('128');
    expect(screen.getByLabelText(listingTexts.networkFilter)).toHaveValue('Verizon');
    expect(screen.getByLabelText(listingTexts.minBatteryFilter)).toHaveValue('85');
    expect(screen.getByLabelText(listingTexts.colourFilter)).toHaveValue('Blue');
    expect(screen.getByLabelText(listingTexts.modelFilter)).toHaveValue('iPhone 13');
    expect(api.queriesOf('GET /api/categories/1/products')).toEqual([
      { storage: '128', network: 'verizon', minBattery: '85', colour: 'Blue', model: 'iPhone 13' },
    ]);
    // Folded on a phone, the Filters button says how many are on.
    expect(screen.getByRole('button', { name: listingTexts.filtersActive(5) })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('leave a value the API would refuse out of the search (a hand-edited address)', async () => {
    const api = serve();
    renderApple('/categories/1?storage=100&minBattery=20&network=unlocked');

    await screen.findByRole('heading', { name: 'Phone 1' });
    expect(screen.getByLabelText(listingTexts.storageFilter)).toHaveValue('');
    expect(screen.getByLabelText(listingTexts.minBatteryFilter)).toHaveValue('');
    expect(api.queriesOf('GET /api/categories/1/products')).toEqual([{ network: 'unlocked' }]);
  });

  it('search when one is chosen or typed, keep it in the URL, and clear with the others', async () => {
    const api = serve((query) => pageOf(query.has('storage') ? [phone(3)] : [phone(1), phone(2)]));
    renderApple('/categories/1');
    await screen.findByRole('heading', { name: 'Phone 1' });

    const filters = screen.getByRole('button', { name: listingTexts.filtersButton });
    await userEvent.click(filters);
    expect(filters).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(filters.getAttribute('aria-controls') ?? '')).toContainElement(
      screen.getByLabelText(listingTexts.storageFilter),
    );

    await userEvent.selectOptions(screen.getByLabelText(listingTexts.storageFilter), '256 GB');
    await waitFor(() => {
      expect(urlSearch()).toBe('?storage=256');
    });
    await userEvent.selectOptions(screen.getByLabelText(listingTexts.networkFilter), listingTexts.unlockedOption);
    await userEvent.selectOptions(
      screen.getByLabelText(listingTexts.minBatteryFilter),
      listingTexts.minBatteryOption(90),
    );
    await userEvent.type(screen.getByLabelText(listingTexts.modelFilter), 'iPhone 14{Enter}');
    await waitFor(() => {
      expect(urlSearch()).toBe('?model=iPhone+14&storage=256&network=unlocked&minBattery=90');
    });
    await waitFor(() => {
      expect(cardNames()).toEqual(['Phone 3']);
    });
    expect(api.queriesOf('GET /api/categories/1/products').at(-1)).toEqual({
      storage: '256',
      network: 'unlocked',
      minBattery: '90',
      model: 'iPhone 14',
    });
    expect(screen.getByRole('button', { name: listingTexts.filtersActive(4) })).toBeInTheDocument();
  });

  it('offer only the storage sizes the category’s phones for sale come in, and the one chosen', async () => {
    serve(() => ({ ...pageOf([phone(1)]), storageSizesGb: [64, 256] }));
    renderApple('/categories/1');
    await screen.findByRole('heading', { name: 'Phone 1' });

    const storage = screen.getByLabelText(listingTexts.storageFilter);
    await waitFor(() => {
      expect(
        within(storage)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual([listingTexts.anyStorage, '64 GB', '256 GB']);
    });
  });

  it('keep a chosen size no phone has now (a shared address) among the options, chosen', async () => {
    serve(() => ({ ...pageOf([]), storageSizesGb: [64, 256] }));
    renderApple('/categories/1?storage=512');

    expect(await screen.findByText(listingTexts.noMatches)).toBeInTheDocument();
    const storage = screen.getByLabelText(listingTexts.storageFilter);
    expect(
      within(storage)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([listingTexts.anyStorage, '64 GB', '256 GB', '512 GB']);
    expect(storage).toHaveValue('512');
  });

  it('offer Clear filters when nothing matches, which clears the facts too', async () => {
    serve((query) => pageOf(query.has('colour') ? [] : [phone(1)]));
    renderApple('/categories/1?colour=Chartreuse&storage=64');

    expect(await screen.findByText(listingTexts.noMatches)).toHaveRole('status');
    await userEvent.click(screen.getByRole('button', { name: listingTexts.clearFilters }));
    expect(await screen.findByRole('heading', { name: 'Phone 1' })).toBeInTheDocument();
    expect(urlSearch()).toBe('');
    expect(screen.getByLabelText(listingTexts.colourFilter)).toHaveValue('');
    expect(screen.getByLabelText(listingTexts.storageFilter)).toHaveValue('');
  });
});

describe('the search page', () => {
  const renderSearch = (route: string) => renderWithProviders(<SearchPage />, { route, path: '/search', auth: buyer });

  it('searches every brand for the words of the address, with the same filters and paging', async () => {
    const api = serve((query) =>
      query.get('cursor') === 'next'
        ? pageOf([phone(3, { brand: 'Samsung', categoryId: '3' })])
        : pageOf([phone(1), phone(2, { brand: 'Xiaomi', categoryId: '2' })], 'next'),
    );
    renderSearch('/search?q=pro&storage=256');

    expect(await screen.findByRole('heading', { level: 1, name: listingTexts.searchPageHeading('pro') })).toBeVisible();
    await waitFor(() => {
      expect(cardNames()).toEqual(['Phone 1', 'Phone 2']);
    });
    expect(screen.getByRole('searchbox', { name: listingTexts.searchLabel })).toHaveValue('pro');
    expect(screen.getByLabelText(listingTexts.storageFilter)).toHaveValue('256');

    await userEvent.click(screen.getByRole('button', { name: listingTexts.loadMore }));
    await waitFor(() => {
      expect(cardNames()).toEqual(['Phone 1', 'Phone 2', 'Phone 3']);
    });
    expect(api.queriesOf('GET /api/search')).toEqual([
      { q: 'pro', storage: '256' },
      { q: 'pro', storage: '256', cursor: 'next' },
    ]);
    expect(api.callsTo('GET /api/categories/1/products')).toHaveLength(0);
  });

  it('suggests other words when the words found nothing: a link that runs them, keeping the filters', async () => {
    const api = serve((query) =>
      query.get('q') === 'iphne' ? { ...pageOf([]), suggestion: 'iphone' } : pageOf([phone(1), phone(2)]),
    );
    renderSearch('/search?q=iphne&storage=128');

    expect(await screen.findByText(listingTexts.noMatches)).toHaveRole('status');
    const suggestion = screen.getByRole('link', { name: 'Did you mean iphone?' });
    expect(suggestion).toHaveAttribute('href', '/search?q=iphone&storage=128');

    await userEvent.click(suggestion);

    await waitFor(() => {
      expect(cardNames()).toEqual(['Phone 1', 'Phone 2']);
    });
    expect(urlSearch()).toBe('?q=iphone&storage=128');
    expect(screen.getByRole('heading', { level: 1, name: listingTexts.searchPageHeading('iphone') })).toBeVisible();
    expect(screen.getByRole('searchbox', { name: listingTexts.searchLabel })).toHaveValue('iphone');
    expect(screen.queryByRole('link', { name: /Did you mean/ })).not.toBeInTheDocument();
    expect(api.queriesOf('GET /api/search')).toEqual([
      { q: 'iphne', storage: '128' },
      { q: 'iphone', storage: '128' },
    ]);
  });

  it('suggests nothing when the answer has no suggestion', async () => {
    serve(() => pageOf([]));
    renderSearch('/search?q=nokia');

    expect(await screen.findByText(listingTexts.noMatches)).toHaveRole('status');
    expect(screen.queryByRole('link', { name: /Did you mean/ })).not.toBeInTheDocument();
  });

  it('lists every phone for sale when there are no words, and says so when there are none', async () => {
    serve(() => pageOf([]));
    renderSearch('/search?q=');

    expect(await screen.findByRole('heading', { level: 1, name: listingTexts.searchPageHeading('') })).toBeVisible();
    expect(await screen.findByText(listingTexts.emptyCatalogue)).toHaveRole('status');
  });
});
