import { fairPriceTexts, listingMessages, listingTexts, messages, photoTexts } from '@recell/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuthContextValue } from '@/features/auth';
import { apiError, mockApi } from '@/test/api-mock';
import { categoryList, jsonResponse, makeMe, makeMyProduct, makeProduct } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { EditProductForm } from './edit-product-form';

const seller: AuthContextValue = { status: 'signedIn', user: makeMe({ role: 'seller' }), logout: async () => {} };

const listing = makeMyProduct({
  id: '6f1c2b7e-3a5d-4c8e-9b1a-2d3e4f5a6b7c',
  name: 'iPhone 13 Pro',
  categoryId: '1',
  priceCents: 45_000,
  originalPriceCents: 99_950,
  storageGb: 128,
  networkLock: 'unlocked',
  batteryHealth: null,
});
const details = { ...listing, imei: '352099001761481', phone: '5125550147' };
const detailsPath = `/api/me/products/${listing.id}`;
const patchRoute = `PATCH /api/products/${listing.id}`;
const save = () => userEvent.click(screen.getByRole('button', { name: listingTexts.saveChanges }));

describe('the edit form', () => {
  it('shows the listing filled in, with every Add Product field labelled and no photo required', async () => {
    mockApi({
      'GET /api/categories': () => jsonResponse(categoryList),
      [`GET ${detailsPath}`]: () => jsonResponse(details),
    });
    renderWithProviders(<EditProductForm productId={listing.id} />, { auth: seller });

    expect(await screen.findByLabelText(listingTexts.productName)).toHaveValue('iPhone 13 Pro');
    expect(screen.getByLabelText(listingTexts.price)).toHaveValue('450');
    expect(screen.getByLabelText(listingTexts.originalPrice)).toHaveValue('999.50');
    expect(screen.getByLabelText(listingTexts.storage)).toHaveValue('128');
    expect(screen.getByLabelText(listingTexts.networkLock)).toHaveValue('Unlocked');
    expect(screen.getByLabelText(listingTexts.batteryHealth)).toHaveValue('');
    expect(screen.getByLabelText(listingTexts.imei)).toHaveValue('352099001761481');
    expect(screen.getByLabelText(listingTexts.phone)).toHaveValue('5125550147');
    expect(screen.getByLabelText(listingTexts.condition)).toHaveValue('Excellent');
    expect(screen.queryByLabelText(listingTexts.photo)).not.toBeInTheDocument();
  });

  it('saves a new price with every field, says so and goes back to My Products', async () => {
    const api = mockApi({
      'GET /api/categories': () => jsonResponse(categoryList),
      [`GET ${detailsPath}`]: () => jsonResponse(details),
      [patchRoute]: () => jsonResponse(makeProduct({ priceCents: 39_900, previousPriceCents: 45_000 })),
    });
    renderWithProviders(<EditProductForm productId={listing.id} />, {
      auth: seller,
      route: `/dashboard/my-products/${listing.id}/edit`,
    });
    const price = await screen.findByLabelText(listingTexts.price);
    await userEvent.clear(price);
    await userEvent.type(price, '399');
    await save();

    expect(await screen.findByText(listingTexts.productUpdated)).toBeVisible();
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard\/my-products$/);
    });
    const [call] = api.callsTo(patchRoute);
    expect(call?.body).toEqual({
      name: 'iPhone 13 Pro',
      categoryId: '1',
      price: 399,
      originalPrice: 999.5,
      brand: 'Apple',
      model: '13 Pro',
      storageGb: 128,
      colour: 'Sierra Blue',
      networkLock: 'unlocked',
      imei: '352099001761481',
      used: '1 year',
      location: 'Dhaka',
      phone: '5125550147',
      condition: 'Excellent',
      authenticity: 'Original',
      features: '128 GB, Face ID',
      description: 'Barely used, always in a case.',
    });
  });

  it('checks the fields as Add Product does before sending, and shows the API’s refusal under its field', async () => {
    const api = mockApi({
      'GET /api/categories': () => jsonResponse(categoryList),
      [`GET ${detailsPath}`]: () => jsonResponse(details),
      [patchRoute]: () => apiError(409, 'conflict', listingMessages.imeiInUse, { imei: listingMessages.imeiInUse }),
    });
    renderWithProviders(<EditProductForm productId={listing.id} />, { auth: seller });
    const name = await screen.findByLabelText(listingTexts.productName);
    await userEvent.clear(name);
    await save();
    expect(await screen.findByText(messages.nameRequired)).toBeVisible();
    expect(name).toHaveFocus();
    expect(api.callsTo(patchRoute)).toHaveLength(0);

    await userEvent.type(name, 'iPhone 13 Pro Max');
    await save();
    const imei = screen.getByLabelText(listingTexts.imei);
    await waitFor(() => {
      expect(imei).toHaveAccessibleDescription(expect.stringContaining(listingMessages.imeiInUse));
    });
    expect(imei).toHaveFocus();
  });

  it('saves reordered photos through their own call after the fields, first photo first', async () => {
    const [front, back] = ['a'.repeat(64), 'b'.repeat(64)];
    const photos = [front, back].map((id) => ({ id, url: `/uploads/${id.slice(0, 2)}/${id}.webp` }));
    const photosRoute = `PUT /api/products/${listing.id}/photos`;
    const api = mockApi({
      'GET /api/categories': () => jsonResponse(categoryList),
      [`GET ${detailsPath}`]: () => jsonResponse({ ...details, photos }),
      [patchRoute]: () => jsonResponse(makeProduct({ ...listing, photos })),
      [photosRoute]: () => jsonResponse(makeProduct({ ...listing, photos: [...photos].reverse() })),
    });
    renderWithProviders(<EditProductForm productId={listing.id} />, { auth: seller });
    await userEvent.click(
      await screen.findByRole('button', { name: `${photoTexts.moveLater} ${photoTexts.ofPhoto(1)}` }),
    );
    await save();

    expect(await screen.findByText(listingTexts.productUpdated)).toBeVisible();
    expect(api.callsTo(photosRoute).map((call) => call.body)).toEqual([{ imageIds: [back, front] }]);
    const order = api.calls.map((call) => `${call.method} ${call.path}`);
    expect(order.indexOf(patchRoute)).toBeLessThan(order.indexOf(photosRoute));
  });

  it('leaves the photos alone when they did not change', async () => {
    const api = mockApi({
      'GET /api/categories': () => jsonResponse(categoryList),
      [`GET ${detailsPath}`]: () => jsonResponse(details),
      [patchRoute]: () => jsonResponse(makeProduct(listing)),
    });
    renderWithProviders(<EditProductForm productId={listing.id} />, { auth: seller });
    await screen.findByLabelText(listingTexts.productName);
    await save();

    expect(await screen.findByText(listingTexts.productUpdated)).toBeVisible();
    expect(api.callsTo(`PUT /api/products/${listing.id}/photos`)).toHaveLength(0);
  });

  it('does not offer a sold phone for editing', async () => {
    mockApi({
      'GET /api/categories': () => jsonResponse(categoryList),
      [`GET ${detailsPath}`]: () => jsonResponse({ ...details, status: 'sold' }),
    });
    renderWithProviders(<EditProductForm productId={listing.id} />, { auth: seller });
    expect(await screen.findByText(listingTexts.editNotAvailable)).toBeVisible();
    expect(screen.queryByRole('button', { name: listingTexts.saveChanges })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: listingTexts.backToMyProducts })).toHaveAttribute(
      'href',
      '/dashboard/my-products',
    );
  });

  it('asks the fair-price guide without this listing, so its own price does not count', async () => {
    const api = mockApi({
      'GET /api/categories': () => jsonResponse(categoryList),
      [`GET ${detailsPath}`]: () => jsonResponse(details),
      'GET /api/fair-price': () =>
        jsonResponse({
          typicalPriceCents: 52_000,
          sampleSize: 3,
          rule: 'listings',
          condition: 'Excellent',
          conditionWidened: false,
          windowDays: 180,
        }),
    });
    renderWithProviders(<EditProductForm productId={listing.id} />, { auth: seller });

    expect(await screen.findByText(fairPriceTexts.typicalPrice(52_000))).toBeInTheDocument();
    const asked = api.callsTo('GET /api/fair-price');
    expect(asked.length).toBeGreaterThan(0);
    for (const call of asked) expect(call.query.get('exclude')).toBe(listing.id);
  });
});
