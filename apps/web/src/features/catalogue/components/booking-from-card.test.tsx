import { buyingMessages, buyingTexts, listingMessages, messages, webTexts } from '@recell/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthContextValue } from '@/features/auth';
import { AdvertisedSection } from '@/features/catalogue';
import { playSuccessSound } from '@/lib/success-sound';
import { apiError, mockApi, type ApiCall } from '@/test/api-mock';
import { jsonResponse, makeMe, makeProduct, pageOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { makeOrder } from '@/test/fixtures';

vi.mock('@/lib/success-sound', () => ({ playSuccessSound: vi.fn() }));

const buyer: AuthContextValue = {
  status: 'signedIn',
  user: makeMe({ name: 'Ada Buyer', email: 'ada@example.com' }),
  logout: async () => {},
};
const phone = makeProduct();

/** The home page's advertised grid (one phone) and the booking endpoint answered by `book`. */
const serve = (book: (call: ApiCall) => Response = () => jsonResponse(makeOrder(), 201)) =>
  mockApi({
    'GET /api/advertised': () => jsonResponse(pageOf([phone])),
    'GET /api/me/wishlist/ids': () => jsonResponse({ productIds: [] }),
    'POST /api/orders': book,
  });

const openBooking = async () => {
  const card = await screen.findByRole('article');
  await userEvent.click(within(card).getByRole('button', { name: webTexts.bookNow }));
  return screen.findByRole('dialog', { name: buyingTexts.bookTitle(phone.name) });
};

describe('the booking modal', () => {
  beforeEach(() => {
    vi.mocked(playSuccessSound).mockClear();
  });

  it("shows the buyer's name and email and the phone's name and $ price, read-only", async () => {
    serve();
    renderWithProviders(<AdvertisedSection />, { auth: buyer });
    const dialog = within(await openBooking());

    expect(dialog.getByLabelText(buyingTexts.buyerName)).toHaveValue('Ada Buyer');
    expect(dialog.getByLabelText(buyingTexts.buyerEmail)).toHaveValue('ada@example.com');
    expect(dialog.getByLabelText(buyingTexts.productName)).toHaveValue('iPhone 13 Pro');
    expect(dialog.getByLabelText(buyingTexts.price)).toHaveValue('$450');
    for (const label of [buyingTexts.buyerName, buyingTexts.buyerEmail, buyingTexts.productName, buyingTexts.price]) {
      expect(dialog.getByLabelText(label)).toHaveAttribute('readonly');
    }
    // the phone number is numeric, and has the focus
    expect(dialog.getByLabelText(buyingTexts.phone)).toHaveAttribute('inputmode', 'numeric');
    expect(dialog.getByLabelText(buyingTexts.phone)).toHaveFocus();
  });

  it("says a phone number typed with letters must be digits only, not that it is missing (spec: 'phone numeric')", async () => {
    const api = serve();
    renderWithProviders(<AdvertisedSection />, { auth: buyer });
    const dialog = within(await openBooking());

    await userEvent.type(dialog.getByLabelText(buyingTexts.phone), 'abc');
    await userEvent.type(dialog.getByLabelText(buyingTexts.location), 'Gulshan');
    await userEvent.click(dialog.getByRole('button', { name: buyingTexts.submitOrder }));

    const field = dialog.getByLabelText(buyingTexts.phone);
    expect(field).toHaveValue('abc');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(listingMessages.phoneDigitsOnly));
    expect(field).not.toHaveAccessibleDescription(expect.stringContaining(messages.phoneRequired));
    expect(api.callsTo('POST /api/orders')).toHaveLength(0);
  });

  it("wants a phone number and a location: 'phone number is Required', 'location is Required'", async () => {
    const api = serve();
    renderWithProviders(<AdvertisedSection />, { auth: buyer });
    const dialog = within(await openBooking());

    await userEvent.click(dialog.getByRole('button', { name: buyingTexts.submitOrder }));

    expect(dialog.getByLabelText(buyingTexts.phone)).toHaveAccessibleDescription(
      expect.stringContaining(messages.phoneRequired),
    );
    expect(dialog.getByLabelText(buyingTexts.phone)).toHaveAttribute('aria-invalid', 'true');
    expect(dialog.getByLabelText(buyingTexts.location)).toHaveAccessibleDescription(
      expect.stringContaining(messages.locationRequired),
    );
    expect(api.callsTo('POST /api/orders')).toHaveLength(0);
  });

  it("books the phone: '{name} Order Successfully', the chime, and the modal closes", async () => {
    const api = serve();
    renderWithProviders(<AdvertisedSection />, { auth: buyer });
    const dialog = within(await openBooking());

    await userEvent.type(dialog.getByLabelText(buyingTexts.phone), '01712 345678');
    await userEvent.type(dialog.getByLabelText(buyingTexts.location), 'Dhanmondi 27');
    await userEvent.click(dialog.getByRole('button', { name: buyingTexts.submitOrder }));

    expect(await screen.findByRole('status')).toHaveTextContent(messages.orderSuccess('iPhone 13 Pro'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(playSuccessSound).toHaveBeenCalledTimes(1);
    expect(api.callsTo('POST /api/orders').map((call) => call.body)).toEqual([
      { productId: phone.id, phone: '01712345678', location: 'Dhanmondi 27' },
    ]);
  });

  it('says inside the modal why a booking was refused, and stays open', async () => {
    serve(() => apiError(409, 'conflict', buyingMessages.alreadyBooked));
    renderWithProviders(<AdvertisedSection />, { auth: buyer });
    const dialog = within(await openBooking());

    await userEvent.type(dialog.getByLabelText(buyingTexts.phone), '01712345678');
    await userEvent.type(dialog.getByLabelText(buyingTexts.location), 'Gulshan');
    await userEvent.click(dialog.getByRole('button', { name: buyingTexts.submitOrder }));

    expect(await dialog.findByRole('alert')).toHaveTextContent(buyingMessages.alreadyBooked);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(playSuccessSound).not.toHaveBeenCalled();
  });

  it('closes with Escape or Cancel without booking', async () => {
    const api = serve();
    renderWithProviders(<AdvertisedSection />, { auth: buyer });

    await openBooking();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const dialog = within(await openBooking());
    await userEvent.click(dialog.getByRole('button', { name: buyingTexts.cancel }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/orders')).toHaveLength(0);
  });

  it.each(['seller', 'admin'] as const)(
    'offers a signed-in %s no Book now, and asks for no buyer data',
    async (role) => {
      const api = serve();
      renderWithProviders(<AdvertisedSection />, {
        auth: { status: 'signedIn', user: makeMe({ role }), logout: async () => {} },
      });
      const card = await screen.findByRole('article');

      expect(within(card).queryByRole('button', { name: webTexts.bookNow })).not.toBeInTheDocument();
      expect(within(card).getByRole('link', { name: webTexts.seeDetails })).toBeInTheDocument();
      await waitFor(() => {
        expect(api.callsTo('GET /api/advertised')).toHaveLength(1);
      });
      expect(api.callsTo('GET /api/me/wishlist/ids')).toHaveLength(0);
      expect(api.callsTo('GET /api/me/orders/product-ids')).toHaveLength(0);
    },
  );
});
