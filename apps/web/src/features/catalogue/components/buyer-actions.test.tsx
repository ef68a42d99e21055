import { buyingTexts, categoryBrands, messages, webTexts } from '@recell/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuthContextValue } from '@/features/auth';
import { mockApi, noContent } from '@/test/api-mock';
import { jsonResponse, makeMe, makeProduct, pageOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { CategoryBrowser } from './category-browser';
import { ProductDetails } from './product-details';

const buyer: AuthContextValue = { status: 'signedIn', user: makeMe(), logout: async () => {} };
const galaxy = makeProduct({
  id: '11111111-1111-4111-8111-111111111111',
  categoryId: '3',
  name: 'Galaxy S21',
  brand: 'Samsung',
});
const samsung = { id: '3' as const, brand: categoryBrands['3'], imageUrl: '/uploads/samsung.webp' };

describe("a category page's cards", () => {
  it('fill the hearts of wishlisted phones and open the booking and report modals for a buyer', async () => {
    mockApi({
      'GET /api/categories/3/products': () => jsonResponse(pageOf([galaxy])),
      'GET /api/me/wishlist/ids': () => jsonResponse({ productIds: [galaxy.id] }),
    });
    renderWithProviders(<CategoryBrowser category={samsung} />, { auth: buyer, route: '/categories/3' });
    const card = within(await screen.findByRole('article'));

    expect(await card.findByRole('button', { name: webTexts.removeFromWishlist })).toBeInTheDocument();

    await userEvent.click(card.getByRole('button', { name: webTexts.bookNow }));
    expect(await screen.findByRole('dialog', { name: buyingTexts.bookTitle('Galaxy S21') })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');

    await userEvent.click(card.getByRole('button', { name: webTexts.report }));
    expect(await screen.findByRole('dialog', { name: messages.reportHeading('Galaxy S21') })).toBeInTheDocument();
  });
});

describe("a phone's details page", () => {
  it("shows the buyer's heart and toggles it", async () => {
    let productIds: string[] = [];
    const api = mockApi({
      'GET /api/me/wishlist/ids': () => jsonResponse({ productIds }),
      [`PUT /api/me/wishlist/${galaxy.id}`]: () => {
        productIds = [galaxy.id];
        return noContent();
      },
    });
    renderWithProviders(<ProductDetails product={galaxy} />, { auth: buyer });

    await userEvent.click(await screen.findByRole('button', { name: webTexts.addToWishlist }));

    expect(await screen.findByRole('button', { name: webTexts.removeFromWishlist })).toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent(messages.wishlistAdded);
    expect(api.callsTo(`PUT /api/me/wishlist/${galaxy.id}`)).toHaveLength(1);
  });

  it('books the phone from Book now', async () => {
    mockApi({ 'GET /api/me/wishlist/ids': () => jsonResponse({ productIds: [] }) });
    renderWithProviders(<ProductDetails product={galaxy} />, { auth: buyer });

    await userEvent.click(screen.getByRole('button', { name: webTexts.bookNow }));

    const dialog = await screen.findByRole('dialog', { name: buyingTexts.bookTitle('Galaxy S21') });
    expect(within(dialog).getByLabelText(buyingTexts.price)).toHaveValue('$450');
  });

  it('offers an admin neither Report nor the heart nor Book now', () => {
    const api = mockApi({});
    renderWithProviders(<ProductDetails product={galaxy} />, {
      auth: { status: 'signedIn', user: makeMe({ role: 'admin' }), logout: async () => {} },
    });

    expect(screen.getByRole('heading', { level: 1, name: 'Galaxy S21' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: webTexts.report })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: webTexts.addToWishlist })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: webTexts.bookNow })).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});
