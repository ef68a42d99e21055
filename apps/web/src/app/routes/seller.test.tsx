import { messages, sellerMessages, type SellerProfile } from '@recell/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuthContextValue } from '@/features/auth';
import { apiError, mockApi } from '@/test/api-mock';
import { jsonResponse, makeMe, makeProduct, pageOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import SellerPage from './seller';

const buyer: AuthContextValue = { status: 'signedIn', user: makeMe(), logout: async () => {} };
const seller: SellerProfile = {
  id: '0a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d',
  name: 'Rahim Uddin',
  imageUrl: null,
  isVerified: true,
  memberSince: '2025-03-14T10:00:00.000Z',
  ratingAverage: 4.8,
  ratingCount: 12,
};
const phone = (n: number) =>
  makeProduct({ id: `6f1c2b7e-3a5d-4c8e-9b1a-2d3e4f5a6b${String(n).padStart(2, '0')}`, name: `Phone ${n}` });

const renderSellerPage = () =>
  renderWithProviders(<SellerPage />, { route: `/sellers/${seller.id}`, path: '/sellers/:id', auth: buyer });

describe("a seller's page", () => {
  it('shows the name, the initial, the verified mark, member since, and the phones for sale a page at a time', async () => {
    const api = mockApi({
      [`GET /api/sellers/${seller.id}`]: () => jsonResponse(seller),
      [`GET /api/sellers/${seller.id}/products`]: (call) =>
        call.query.get('cursor') === 'next'
          ? jsonResponse(pageOf([phone(3)]))
          : jsonResponse(pageOf([phone(1), phone(2)], 'next')),
    });
    renderSellerPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Rahim Uddin' })).toBeInTheDocument();
    expect(screen.getByText('R')).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: 'Verified seller' }).length).toBeGreaterThan(0);
    expect(screen.getByText('Member since March 2025')).toBeInTheDocument();
    const listings = screen.getByRole('region', { name: 'Phones for sale' });
    expect(await within(listings).findByRole('heading', { name: 'Phone 1' })).toBeInTheDocument();
    expect(within(listings).getByRole('heading', { name: 'Phone 2' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(listings).findByRole('heading', { name: 'Phone 3' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const pages = api.callsTo(`GET /api/sellers/${seller.id}/products`);
    expect(pages).toHaveLength(2);
    // Twelve phones a page: with its first page as data, the page the server renders stays small.
    expect(pages.map((call) => call.query.get('limit'))).toEqual(['12', '12']);
  });

  it('says so when the seller has nothing for sale', async () => {
    mockApi({
      [`GET /api/sellers/${seller.id}`]: () => jsonResponse({ ...seller, isVerified: false }),
      [`GET /api/sellers/${seller.id}/products`]: () => jsonResponse(pageOf([])),
    });
    renderSellerPage();
    expect(await screen.findByText('No phones for sale right now')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Verified seller' })).not.toBeInTheDocument();
  });

  it('is the 404 page for an unknown or removed seller', async () => {
    mockApi({
      [`GET /api/sellers/${seller.id}`]: () => apiError(404, 'not_found', sellerMessages.sellerNotFound),
      [`GET /api/sellers/${seller.id}/products`]: () => apiError(404, 'not_found', sellerMessages.sellerNotFound),
    });
    renderSellerPage();
    expect(await screen.findByText(messages.notFoundTitle)).toBeInTheDocument();
  });
});
