import { buyingTexts, messages, webTexts, type WishlistItem } from '@recell/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AuthContextValue } from '@/features/auth';
import { mockApi, noContent } from '@/test/api-mock';
import { jsonResponse, makeMe, pageOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { makeOrder, makeWishlistItem } from '@/test/fixtures';
import { MyWishlistTable } from './my-wishlist-table';

vi.mock('@/lib/success-sound', () => ({ playSuccessSound: vi.fn() }));

const buyer: AuthContextValue = { status: 'signedIn', user: makeMe(), logout: async () => {} };

const available = makeWishlistItem({
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Galaxy S21',
  priceCents: 44_999,
  originalPriceCents: 79_900,
  location: 'Chattogram',
});
const booked = makeWishlistItem(
  { id: '22222222-2222-4222-8222-222222222222', name: 'Pixel 7' },
  { id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', status: 'booked' },
);
const paid = makeWishlistItem(
  { id: '33333333-3333-4333-8333-333333333333', name: 'Redmi Note 12', status: 'sold' },
  { id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', status: 'paid' },
);
const sold = makeWishlistItem(
  { id: '44444444-4444-4444-8444-444444444444', name: 'iPhone 12', status: 'sold' },
  { id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc', status: 'booked' },
);

const rowOf = (name: string) => {
  const row = screen.getByRole('rowheader', { name }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return within(row);
};

/** The buyer's wishlist as the API holds it (a DELETE takes a phone out). */
const serveWishlist = (initial: WishlistItem[], routes: Parameters<typeof mockApi>[0] = {}) => {
  let items = [...initial];
  return mockApi({
    'GET /api/me/wishlist': () => jsonResponse(pageOf(items)),
    'GET /api/me/wishlist/ids': () => jsonResponse({ productIds: items.map((item) => item.product.id) }),
    ...Object.fromEntries(
      initial.map((item) => [
        `DELETE /api/me/wishlist/${item.product.id}`,
        () => {
          items = items.filter((kept) => kept.product.id !== item.product.id);
          return noContent();
        },
      ]),
    ),
    ...routes,
  });
};

describe('My Wishlist', () => {
  it("says 'No Wishlist Your Product' when the wishlist is empty", async () => {
    serveWishlist([]);
    renderWithProviders(<MyWishlistTable />, { auth: buyer });

    expect(await screen.findByText(messages.noWishlist)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("lists the wishlisted phones with the spec's columns", async () => {
    serveWishlist([available, booked]);
    renderWithProviders(<MyWishlistTable />, { auth: buyer });

    const table = await screen.findByRole('table', { name: 'My Wishlist' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Image', 'Name', 'Price', 'Original', 'Location', 'Action', 'Payment']);
    const row = rowOf('Galaxy S21');
    expect(row.getByRole('img', { name: 'Galaxy S21' })).toBeInTheDocument();
    expect(row.getByText('$449.99')).toBeInTheDocument();
    expect(row.getByText('$799')).toBeInTheDocument();
    expect(row.getByText('Chattogram')).toBeInTheDocument();
    expect(row.getByRole('button', { name: buyingTexts.remove })).toBeInTheDocument();
  });

  it("pays a booked phone, shows 'Paid' once paid and 'Sold' when someone else bought it", async () => {
    serveWishlist([available, booked, paid, sold]);
    renderWithProviders(<MyWishlistTable />, { auth: buyer });
    await screen.findByRole('table');

    expect(rowOf('Pixel 7').getByRole('link', { name: messages.pay })).toHaveAttribute(
      'href',
      `/dashboard/orders/payment/${booked.order?.id}`,
    );
    expect(rowOf('Redmi Note 12').getByText(messages.paid)).toBeInTheDocument();
    expect(rowOf('Redmi Note 12').queryByRole('link')).toHaveTextContent('Redmi Note 12');
    expect(rowOf('iPhone 12').getByText(messages.statusSold)).toBeInTheDocument();
    expect(rowOf('iPhone 12').queryByRole('link', { name: messages.pay })).not.toBeInTheDocument();
    expect(rowOf('iPhone 12').queryByRole('button', { name: webTexts.bookNow })).not.toBeInTheDocument();
  });

  it("books a phone that is for sale and not booked yet from 'Book now'", async () => {
    const api = serveWishlist([available], {
      'POST /api/orders': () => jsonResponse(makeOrder({}, available.product), 201),
    });
    renderWithProviders(<MyWishlistTable />, { auth: buyer });
    await screen.findByRole('table');

    await userEvent.click(rowOf('Galaxy S21').getByRole('button', { name: webTexts.bookNow }));
    const dialog = within(await screen.findByRole('dialog', { name: buyingTexts.bookTitle('Galaxy S21') }));
    await userEvent.type(dialog.getByLabelText(buyingTexts.phone), '01712345678');
    await userEvent.type(dialog.getByLabelText(buyingTexts.location), 'Agrabad');
    await userEvent.click(dialog.getByRole('button', { name: buyingTexts.submitOrder }));

    expect(await screen.findByRole('status')).toHaveTextContent(messages.orderSuccess('Galaxy S21'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // the payment column loads again (it then shows Pay)
    await waitFor(() => {
      expect(api.callsTo('GET /api/me/wishlist')).toHaveLength(2);
    });
  });

  it("removes a phone: 'Weshlist Remove Successfully' and it leaves the table", async () => {
    const api = serveWishlist([available, booked]);
    renderWithProviders(<MyWishlistTable />, { auth: buyer });
    await screen.findByRole('table');

    await userEvent.click(rowOf('Pixel 7').getByRole('button', { name: buyingTexts.remove }));

    expect(screen.queryByRole('rowheader', { name: 'Pixel 7' })).not.toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent(messages.wishlistRemoved);
    expect(screen.getByRole('table')).toHaveFocus();
    expect(api.callsTo(`DELETE /api/me/wishlist/${booked.product.id}`)).toHaveLength(1);
    await waitFor(() => {
      expect(api.callsTo('GET /api/me/wishlist')).toHaveLength(2);
    });
    expect(screen.getByRole('rowheader', { name: 'Galaxy S21' })).toBeInTheDocument();
  });

  it("goes to 'No Wishlist Your Product' when the last phone is removed", async () => {
    serveWishlist([available]);
    renderWithProviders(<MyWishlistTable />, { auth: buyer });
    await screen.findByRole('table');

    await userEvent.click(rowOf('Galaxy S21').getByRole('button', { name: buyingTexts.remove }));

    expect(await screen.findByText(messages.noWishlist)).toBeInTheDocument();
  });
});
