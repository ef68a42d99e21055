import {
  addressMessages,
  addressTexts,
  buyingMessages,
  buyingTexts,
  listingMessages,
  messages,
  shippingTexts,
  webTexts,
  type AddressList,
} from '@recell/contract';
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
const serve = (
  book: (call: ApiCall) => Response = () => jsonResponse(makeOrder(), 201),
  addresses: AddressList = { items: [], max: 10 },
) =>
  mockApi({
    'GET /api/advertised': () => jsonResponse(pageOf([phone])),
    'GET /api/me/wishlist/ids': () => jsonResponse({ productIds: [] }),
    'GET /api/me/addresses': () => jsonResponse(addresses),
    'POST /api/orders': book,
    'GET /api/seller-fee': () => jsonResponse({ percent: 5, fixedCents: 0, shippingPaidBy: 'buyer' }),
  });

const home = {
  id: '5d1f0e8a-2b3c-4d5e-8f6a-7b8c9d0e1f2a',
  name: 'Ada Buyer',
  line1: '742 Evergreen Terrace',
  line2: null,
  city: 'Springfield',
  region: 'IL',
  postalCode: '62701',
  country: 'US',
  phone: '2175550134',
  isShipFrom: false,
  createdAt: new Date(2025, 1, 3).toISOString(),
};

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

  it('meets in person unless told otherwise, and asks for no addresses until shipping is chosen', async () => {
    const api = serve();
    renderWithProviders(<AdvertisedSection />, { auth: buyer });
    const dialog = within(await openBooking());

    const choice = dialog.getByRole('group', { name: addressTexts.deliveryLegend });
    expect(within(choice).getByRole('radio', { name: addressTexts.meetInPerson })).toBeChecked();
    expect(within(choice).getByRole('radio', { name: addressTexts.shipToAddress })).not.toBeChecked();
    expect(api.callsTo('GET /api/me/addresses')).toHaveLength(0);
  });

  it('ships to one of the buyer’s addresses: the phone number and place give way to the picker', async () => {
    const api = serve(undefined, { items: [home], max: 10 });
    renderWithProviders(<AdvertisedSection />, { auth: buyer });
    const dialog = within(await openBooking());

    await userEvent.click(dialog.getByRole('radio', { name: addressTexts.shipToAddress }));
    const picker = dialog.getByRole('group', { name: addressTexts.shipToLegend });
    expect(dialog.queryByLabelText(buyingTexts.phone)).not.toBeInTheDocument();
    expect(dialog.queryByLabelText(buyingTexts.location)).not.toBeInTheDocument();
    expect(within(picker).getByRole('link', { name: addressTexts.addAnAddress })).toHaveAttribute(
      'href',
      '/dashboard/addresses',
    );

    // None chosen yet: said under the picker, nothing sent.
    await userEvent.click(dialog.getByRole('button', { name: buyingTexts.submitOrder }));
    expect(await within(picker).findByText(addressMessages.addressIdRequired)).toBeInTheDocument();
    expect(api.callsTo('POST /api/orders')).toHaveLength(0);

    await userEvent.click(
      await within(picker).findByRole('radio', {
        name: 'Ada Buyer, 742 Evergreen Terrace, Springfield, IL 62701, US',
      }),
    );
    await userEvent.click(dialog.getByRole('button', { name: buyingTexts.submitOrder }));

    expect(await screen.findByRole('status')).toHaveTextContent(messages.orderSuccess('iPhone 13 Pro'));
    expect(api.callsTo('POST /api/orders').map((call) => call.body)).toEqual([
      { productId: phone.id, delivery: 'shipping', addressId: home.id },
    ]);
  });

  it('says the buyer pays the carrier’s rate for shipping, and why a seller who does not ship cannot', async () => {
    serve(() => apiError(409, 'conflict', buyingMessages.sellerDoesNotShip), { items: [home], max: 10 });
    renderWithProviders(<AdvertisedSection />, { auth: buyer });
    const dialog = within(await openBooking());

    expect(dialog.queryByText(shippingTexts.bookingPaidByBuyer)).toBeNull();
    await userEvent.click(dialog.getByRole('radio', { name: addressTexts.shipToAddress }));
    expect(await dialog.findByText(shippingTexts.bookingPaidByBuyer)).toBeInTheDocument();
    await userEvent.click(await dialog.findByRole('radio', { name: /Ada Buyer/ }));
    await userEvent.click(dialog.getByRole('button', { name: buyingTexts.submitOrder }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(buyingMessages.sellerDoesNotShip);
  });

  it('says when the buyer has no address yet, with the way to add one', async () => {
    serve();
    renderWithProviders(<AdvertisedSection />, { auth: buyer });
    const dialog = within(await openBooking());

    await userEvent.click(dialog.getByRole('radio', { name: addressTexts.shipToAddress }));
    expect(await dialog.findByText(addressTexts.noAddressesForBooking)).toBeInTheDocument();
    expect(dialog.getByRole('link', { name: addressTexts.addAnAddress })).toBeInTheDocument();
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
