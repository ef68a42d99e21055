import { accessTexts, messages, webTexts, type Product } from '@recell/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '@/app/router';
import { apiError, mockApi, type ApiCall } from '@/test/api-mock';
import { jsonResponse, makeProduct, makeSession } from '@/test/fixtures';
import { renderWithSession } from '@/test/render';

const noSession = () => apiError(401, 'unauthorized', 'Your session has ended.');
const sellerEmail = 'rahim@example.com';
/** A phone as the API answers it: the seller's email only with a token. */
const phoneFor = (call: ApiCall): Product => {
  const phone = makeProduct();
  const { email: _email, ...seller } = phone.seller;
  return call.headers.get('Authorization') ? phone : { ...phone, seller };
};
const phone = makeProduct();
const phonePath = `/products/${phone.id}`;
const sellerPath = `/sellers/${phone.seller.id}`;
const emptyPage = () => jsonResponse({ items: [], nextCursor: null });

const visitorApi = (extra: Parameters<typeof mockApi>[0] = {}) =>
  mockApi({
    'POST /api/auth/refresh': noSession,
    'GET /api/auth/providers': () => jsonResponse({ google: false, github: false }),
    [`GET /api/products/${phone.id}`]: (call) => jsonResponse(phoneFor(call)),
    'GET /api/fair-price': () =>
      jsonResponse({
        typicalPriceCents: null,
        sampleSize: 0,
        rule: null,
        condition: null,
        conditionWidened: false,
        windowDays: 90,
      }),
    [`GET /api/sellers/${phone.seller.id}`]: () =>
      jsonResponse({
        id: phone.seller.id,
        name: phone.seller.name,
        imageUrl: null,
        isVerified: true,
        memberSince: '2024-05-01T10:00:00.000Z',
        ratingAverage: null,
        ratingCount: 0,
      }),
    [`GET /api/sellers/${phone.seller.id}/products`]: (call) =>
      jsonResponse({ items: [phoneFor(call)], nextCursor: null }),
    [`GET /api/sellers/${phone.seller.id}/ratings`]: emptyPage,
    ...extra,
  });

describe('a shared link to a phone or a seller', () => {
  it('opens the phone’s page for a visitor: the seller’s name and mark, not their email', async () => {
    visitorApi();
    renderWithSession(<AppRoutes />, { route: phonePath });

    expect(await screen.findByRole('heading', { level: 1, name: phone.name })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(phonePath);
    const seller = screen.getByRole('region', { name: 'Seller' });
    expect(within(seller).getByRole('link', { name: phone.seller.name })).toBeInTheDocument();
    expect(within(seller).getByRole('img', { name: webTexts.verifiedSeller })).toBeInTheDocument();
    expect(screen.queryByText(sellerEmail)).not.toBeInTheDocument();
  });

  it('opens the seller’s page for a visitor, with their phones', async () => {
    visitorApi();
    renderWithSession(<AppRoutes />, { route: sellerPath });

    expect(await screen.findByRole('heading', { level: 1, name: phone.seller.name })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 3, name: phone.name })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(sellerPath);
    expect(screen.queryByText(sellerEmail)).not.toBeInTheDocument();
  });

  it.each([
    [webTexts.bookNow, accessTexts.signInReason.book],
    [webTexts.addToWishlist, accessTexts.signInReason.wishlist],
    [webTexts.report, accessTexts.signInReason.report],
  ])('asks a visitor pressing %s to log in, says why, and comes back to the phone', async (action, reason) => {
    visitorApi({ 'POST /api/auth/login': () => jsonResponse(makeSession({ role: 'user' })) });
    renderWithSession(<AppRoutes />, { route: phonePath });

    const main = await screen.findByRole('main');
    const button = await within(main).findByRole('button', { name: action });
    // (it waits, disabled, until the session is known)
    await waitFor(() => {
      expect(button).toBeEnabled();
    });
    await userEvent.click(button);

    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(screen.getByText(reason)).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText(messages.loginSuccess)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: phone.name })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(phonePath);
    // Asked again, now signed in: the seller's email is there.
    expect(await screen.findByText(sellerEmail)).toBeInTheDocument();
  });

  it.each([
    ['/search?q=pixel', accessTexts.signInReason.search],
    ['/categories/2', accessTexts.signInReason.brand],
  ])('sends a visitor from %s to log in, saying why', async (route, reason) => {
    visitorApi();
    renderWithSession(<AppRoutes />, { route });

    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(screen.getByText(reason)).toBeInTheDocument();
  });
});
