import { addressMessages, addressTexts, messages, type Address, type AddressList } from '@recell/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuthContextValue } from '@/features/auth';
import { apiError, mockApi, noContent } from '@/test/api-mock';
import { jsonResponse, makeMe } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { AddressesView } from './addresses-view';

const as = (role: 'user' | 'seller'): AuthContextValue => ({
  status: 'signedIn',
  user: makeMe({ role }),
  logout: async () => {},
});

const makeAddress = (overrides: Partial<Address> = {}): Address => ({
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
  ...overrides,
});

const listOf = (items: Address[]): AddressList => ({ items, max: 10 });

const fill = async (overrides: Partial<Record<string, string>> = {}) => {
  const values = {
    [addressTexts.name]: 'Ada Buyer',
    [addressTexts.line1]: '1 main street',
    [addressTexts.city]: 'springfield',
    [addressTexts.region]: 'il',
    [addressTexts.postalCode]: '62701',
    [addressTexts.phone]: '217 555 0134',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values))
    if (value) await userEvent.type(screen.getByLabelText(label), value);
  await userEvent.selectOptions(screen.getByLabelText(addressTexts.country), 'United States');
};

describe('the Addresses page', () => {
  it('lists the addresses; a seller sees the ship-from mark and can choose another', async () => {
    const home = makeAddress({ isShipFrom: true });
    const shop = makeAddress({ id: '6e2a1f9b-3c4d-4e5f-8a6b-8c9d0e1f2a3b', line1: '2 Shop Road' });
    const api = mockApi({
      'GET /api/me/addresses': () => jsonResponse(listOf([home, shop])),
      'PUT /api/me/ship-from-address': () =>
        jsonResponse(
          listOf([
            { ...home, isShipFrom: false },
            { ...shop, isShipFrom: true },
          ]),
        ),
    });
    renderWithProviders(<AddressesView />, { auth: as('seller') });

    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText(addressTexts.shipFrom)).toBeInTheDocument();
    expect(within(items[0]!).queryByRole('button', { name: addressTexts.useAsShipFrom })).not.toBeInTheDocument();
    expect(within(items[1]!).getByText('2 Shop Road')).toBeInTheDocument();
    expect(within(items[1]!).getByText('United States')).toBeInTheDocument();

    await userEvent.click(within(items[1]!).getByRole('button', { name: addressTexts.useAsShipFrom }));
    expect(await screen.findByRole('status')).toHaveTextContent(addressTexts.shipFromChosen);
    expect(api.callsTo('PUT /api/me/ship-from-address').map((call) => call.body)).toEqual([{ addressId: shop.id }]);
    await waitFor(() => {
      expect(within(screen.getAllByRole('listitem')[1]!).getByText(addressTexts.shipFrom)).toBeInTheDocument();
    });
  });

  it('offers a buyer no ship-from choice, and removes an address', async () => {
    const address = makeAddress();
    let removed = false;
    const api = mockApi({
      'GET /api/me/addresses': () => jsonResponse(listOf(removed ? [] : [address])),
      [`DELETE /api/me/addresses/${address.id}`]: () => {
        removed = true;
        return noContent();
      },
    });
    renderWithProviders(<AddressesView />, { auth: as('user') });

    const item = await screen.findByRole('listitem');
    expect(within(item).queryByRole('button', { name: addressTexts.useAsShipFrom })).not.toBeInTheDocument();
    await userEvent.click(within(item).getByRole('button', { name: addressTexts.remove }));
    expect(await screen.findByRole('status')).toHaveTextContent(addressTexts.removed);
    expect(await screen.findByText(addressTexts.noAddresses)).toBeInTheDocument();
    expect(api.callsTo(`DELETE /api/me/addresses/${address.id}`)).toHaveLength(1);
  });

  it('edits an address in place: the form comes filled in, and the carrier’s corrected form replaces it', async () => {
    const address = makeAddress();
    let stored = [address];
    const api = mockApi({
      'GET /api/me/addresses': () => jsonResponse(listOf(stored)),
      [`PUT /api/me/addresses/${address.id}`]: () => {
        stored = [{ ...address, line1: '9 New Road' }];
        return jsonResponse(stored[0]);
      },
    });
    renderWithProviders(<AddressesView />, { auth: as('user') });

    await userEvent.click(within(await screen.findByRole('listitem')).getByRole('button', { name: addressTexts.edit }));
    const editing = screen.getByRole('region', { name: addressTexts.editHeading });
    const line1 = within(editing).getByLabelText(addressTexts.line1);
    expect(line1).toHaveValue('742 Evergreen Terrace');
    expect(within(editing).getByLabelText(addressTexts.country)).toHaveValue('US');
    await userEvent.clear(line1);
    await userEvent.type(line1, '9 new road');
    await userEvent.click(within(editing).getByRole('button', { name: addressTexts.saveAddress }));

    expect(await screen.findByRole('status')).toHaveTextContent(addressTexts.saved);
    expect(api.callsTo(`PUT /api/me/addresses/${address.id}`).map((call) => call.body)).toEqual([
      {
        name: 'Ada Buyer',
        line1: '9 new road',
        line2: null,
        city: 'Springfield',
        region: 'IL',
        postalCode: '62701',
        country: 'US',
        phone: '2175550134',
      },
    ]);
    expect(await within(screen.getByRole('listitem')).findByText('9 New Road')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: addressTexts.editHeading })).not.toBeInTheDocument();
  });

  it('cancelling an edit sends nothing and shows the address again', async () => {
    const api = mockApi({ 'GET /api/me/addresses': () => jsonResponse(listOf([makeAddress()])) });
    renderWithProviders(<AddressesView />, { auth: as('user') });
    await userEvent.click(within(await screen.findByRole('listitem')).getByRole('button', { name: addressTexts.edit }));
    await userEvent.click(screen.getByRole('button', { name: addressTexts.cancelEdit }));
    expect(within(screen.getByRole('listitem')).getByText('742 Evergreen Terrace')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('names each missing field under it, with a visible label, and sends nothing', async () => {
    const api = mockApi({ 'GET /api/me/addresses': () => jsonResponse(listOf([])) });
    renderWithProviders(<AddressesView />, { auth: as('user') });

    await userEvent.click(await screen.findByRole('button', { name: addressTexts.addAddress }));

    const expectations: Array<[string, string]> = [
      [addressTexts.name, addressMessages.nameRequired],
      [addressTexts.line1, addressMessages.line1Required],
      [addressTexts.city, addressMessages.cityRequired],
      [addressTexts.postalCode, addressMessages.postalCodeRequired],
      [addressTexts.country, addressMessages.countryRequired],
      [addressTexts.phone, messages.phoneRequired],
    ];
    for (const [label, message] of expectations) {
      const field = screen.getByLabelText(label);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
    }
    // Optional fields stay valid.
    expect(screen.getByLabelText(addressTexts.line2)).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText(addressTexts.region)).not.toHaveAttribute('aria-invalid');
    expect(api.callsTo('POST /api/me/addresses')).toHaveLength(0);
  });

  it('says the carrier’s reason as given when it cannot verify the address, and keeps what was typed', async () => {
    const api = mockApi({
      'GET /api/me/addresses': () => jsonResponse(listOf([])),
      'POST /api/me/addresses': () => apiError(400, 'validation', 'Address not found'),
    });
    renderWithProviders(<AddressesView />, { auth: as('user') });
    await screen.findByText(addressTexts.noAddresses);

    await fill({ [addressTexts.line1]: '1 Nowhere Street' });
    await userEvent.click(screen.getByRole('button', { name: addressTexts.addAddress }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Address not found');
    expect(screen.getByLabelText(addressTexts.line1)).toHaveValue('1 Nowhere Street');
    expect(api.callsTo('POST /api/me/addresses').map((call) => call.body)).toEqual([
      {
        name: 'Ada Buyer',
        line1: '1 Nowhere Street',
        line2: null,
        city: 'springfield',
        region: 'il',
        postalCode: '62701',
        country: 'US',
        phone: '2175550134',
      },
    ]);
    expect(screen.getByText(addressTexts.noAddresses)).toBeInTheDocument();
  });

  it('adds a verified address in the carrier’s corrected form and empties the form', async () => {
    const added = makeAddress({ line1: '1 Main Street' });
    let stored: Address[] = [];
    mockApi({
      'GET /api/me/addresses': () => jsonResponse(listOf(stored)),
      'POST /api/me/addresses': () => {
        stored = [added];
        return jsonResponse(added, 201);
      },
    });
    renderWithProviders(<AddressesView />, { auth: as('user') });
    await screen.findByText(addressTexts.noAddresses);

    await fill();
    await userEvent.click(screen.getByRole('button', { name: addressTexts.addAddress }));

    expect(await screen.findByRole('status')).toHaveTextContent(addressTexts.added);
    expect(within(await screen.findByRole('listitem')).getByText('1 Main Street')).toBeInTheDocument();
    expect(screen.getByLabelText(addressTexts.line1)).toHaveValue('');
  });

  it('shows the API’s field errors under their fields', async () => {
    mockApi({
      'GET /api/me/addresses': () => jsonResponse(listOf([])),
      'POST /api/me/addresses': () =>
        apiError(400, 'validation', addressMessages.postalCodeInvalid, {
          postalCode: addressMessages.postalCodeInvalid,
        }),
    });
    renderWithProviders(<AddressesView />, { auth: as('user') });
    await screen.findByText(addressTexts.noAddresses);

    await fill();
    await userEvent.click(screen.getByRole('button', { name: addressTexts.addAddress }));

    const field = screen.getByLabelText(addressTexts.postalCode);
    await waitFor(() => {
      expect(field).toHaveAttribute('aria-invalid', 'true');
    });
    expect(field).toHaveAccessibleDescription(expect.stringContaining(addressMessages.postalCodeInvalid));
  });

  it('at the limit, says to remove one instead of offering the form', async () => {
    const items = Array.from({ length: 10 }, (_, i) =>
      makeAddress({ id: `5d1f0e8a-2b3c-4d5e-8f6a-7b8c9d0e1f${String(i).padStart(2, '0')}`, line1: `${i} Elm Street` }),
    );
    mockApi({ 'GET /api/me/addresses': () => jsonResponse(listOf(items)) });
    renderWithProviders(<AddressesView />, { auth: as('user') });

    expect(await screen.findByText(addressTexts.limitReached)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: addressTexts.addAddress })).not.toBeInTheDocument();
  });
});
