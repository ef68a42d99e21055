import { buyingTexts, messages, photoTexts, webTexts, type Me } from '@recell/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuthContextValue } from '@/features/auth';
import { AdvertisedSection } from '@/features/catalogue';
import { mockApi } from '@/test/api-mock';
import { jsonResponse, makeMe, makeOrder, makeProduct, pageOf } from '@/test/fixtures';
import { renderWithProviders, signedOut } from '@/test/render';
import { ProductDetails } from './product-details';

const signedIn = (overrides: Partial<Me>): AuthContextValue => ({
  status: 'signedIn',
  user: makeMe(overrides),
  logout: async () => {},
});
const phone = makeProduct();
const visitor = signedOut;
const buyer = signedIn({ role: 'user' });
const ownSeller = signedIn({ id: phone.seller.id, role: 'seller' });
const otherSeller = signedIn({ role: 'seller' });
const admin = signedIn({ role: 'admin' });

/** The home grid with one phone; `booked` are the phones the buyer has an open order on (a booking adds one). */
const serve = (booked: string[] = []) => {
  const productIds = [...booked];
  return mockApi({
    'GET /api/advertised': () => jsonResponse(pageOf([phone])),
    'GET /api/me/wishlist/ids': () => jsonResponse({ productIds: [] }),
    'GET /api/me/orders/product-ids': () => jsonResponse({ productIds }),
    'POST /api/orders': () => {
      productIds.unshift(phone.id);
      return jsonResponse(makeOrder({}, phone), 201);
    },
  });
};

const buyerActions = [webTexts.addToWishlist, webTexts.report, webTexts.bookNow];

/** Which of the card's buttons and links a person sees. */
const actionsOn = (card: HTMLElement) => ({
  buttons: within(card)
    .queryAllByRole('button')
    .map((button) => button.textContent || button.getAttribute('aria-label')),
  // The seller's name links to their page on every card, whoever looks: not an action.
  links: within(card)
    .queryAllByRole('link')
    .filter((link) => !link.getAttribute('href')?.startsWith('/sellers/'))
    .map((link) => link.textContent),
});

describe('the actions on a product card, by who looks', () => {
  it.each([
    ['a visitor', visitor],
    ['a buyer', buyer],
  ])('offers %s the heart, Report, Book now and See Details', async (_, auth) => {
    serve();
    renderWithProviders(<AdvertisedSection />, { auth });
    const card = await screen.findByRole('article');

    expect(actionsOn(card)).toEqual({ buttons: buyerActions, links: [webTexts.seeDetails] });
    expect(within(card).queryByText(webTexts.yourListing)).not.toBeInTheDocument();
  });

  it('holds them, disabled, while the session is being restored (a page rendered on the server shows cards then)', async () => {
    serve();
    renderWithProviders(<AdvertisedSection />, { auth: { ...visitor, status: 'loading', user: null } });
    const card = await screen.findByRole('article');

    expect(actionsOn(card).buttons).toEqual(buyerActions);
    for (const button of within(card).getAllByRole('button')) expect(button).toBeDisabled();
  });

  it("shows a buyer's booked phone as Booked, a link to My Orders, instead of Book now", async () => {
    serve([phone.id]);
    renderWithProviders(<AdvertisedSection />, { auth: buyer });
    const card = await screen.findByRole('article');

    const booked = await within(card).findByRole('link', { name: webTexts.booked });
    expect(booked).toHaveAttribute('href', '/dashboard/my-orders');
    expect(within(card).queryByRole('button', { name: webTexts.bookNow })).not.toBeInTheDocument();
    // the heart and Report stay
    expect(within(card).getByRole('button', { name: webTexts.addToWishlist })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: webTexts.report })).toBeInTheDocument();
  });

  it('turns Book now into Booked once the buyer has booked the phone', async () => {
    serve();
    renderWithProviders(<AdvertisedSection />, { auth: buyer });
    const card = await screen.findByRole('article');

    await userEvent.click(within(card).getByRole('button', { name: webTexts.bookNow }));
    const dialog = within(await screen.findByRole('dialog', { name: buyingTexts.bookTitle(phone.name) }));
    await userEvent.type(dialog.getByLabelText(buyingTexts.phone), '01712345678');
    await userEvent.type(dialog.getByLabelText(buyingTexts.location), 'Gulshan');
    await userEvent.click(dialog.getByRole('button', { name: buyingTexts.submitOrder }));
    expect(await screen.findByRole('status')).toHaveTextContent(messages.orderSuccess(phone.name));

    expect(await within(card).findByRole('link', { name: webTexts.booked })).toHaveAttribute(
      'href',
      '/dashboard/my-orders',
    );
    expect(within(card).queryByRole('button', { name: webTexts.bookNow })).not.toBeInTheDocument();
    // Book now went with the booking: the focus is on Booked, where it was.
    await waitFor(() => {
      expect(within(card).getByRole('link', { name: webTexts.booked })).toHaveFocus();
    });
  });

  it("shows its seller 'Your listing' and none of the buyer actions", async () => {
    const api = serve();
    renderWithProviders(<AdvertisedSection />, { auth: ownSeller });
    const card = await screen.findByRole('article');

    expect(within(card).getByText(webTexts.yourListing)).toBeInTheDocument();
    expect(actionsOn(card)).toEqual({ buttons: [], links: [webTexts.seeDetails] });
    expect(api.callsTo('GET /api/me/orders/product-ids')).toHaveLength(0);
    expect(api.callsTo('GET /api/me/wishlist/ids')).toHaveLength(0);
  });

  it.each([
    ['another seller', otherSeller],
    ['an admin', admin],
  ])('offers %s only See Details', async (_, auth) => {
    serve();
    renderWithProviders(<AdvertisedSection />, { auth });
    const card = await screen.findByRole('article');

    expect(actionsOn(card)).toEqual({ buttons: [], links: [webTexts.seeDetails] });
    expect(within(card).queryByText(webTexts.yourListing)).not.toBeInTheDocument();
  });
});

describe("the actions on a phone's details page, by who looks", () => {
  /** The page's buttons but the gallery's (which opens the photos full screen for anyone). */
  const actionButtons = () =>
    screen.queryAllByRole('button').filter((button) => !button.textContent?.includes(photoTexts.openFullScreen));

  it('shows the buyer Booked, a link to My Orders, for a phone they have booked', async () => {
    serve([phone.id]);
    renderWithProviders(<ProductDetails product={phone} />, { auth: buyer });

    expect(await screen.findByRole('link', { name: webTexts.booked })).toHaveAttribute('href', '/dashboard/my-orders');
    expect(screen.queryByRole('button', { name: webTexts.bookNow })).not.toBeInTheDocument();
  });

  it("shows its seller 'Your listing' and none of the buyer actions", () => {
    serve();
    renderWithProviders(<ProductDetails product={phone} />, { auth: ownSeller });

    expect(screen.getByText(webTexts.yourListing)).toBeInTheDocument();
    expect(actionButtons()).toEqual([]);
  });

  it.each([
    ['another seller', otherSeller],
    ['an admin', admin],
  ])('offers %s none of the buyer actions', (_, auth) => {
    serve();
    renderWithProviders(<ProductDetails product={phone} />, { auth });

    expect(screen.getByRole('heading', { level: 1, name: phone.name })).toBeInTheDocument();
    expect(actionButtons()).toEqual([]);
    expect(screen.queryByText(webTexts.yourListing)).not.toBeInTheDocument();
  });
});
