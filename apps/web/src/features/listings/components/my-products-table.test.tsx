import { listingMessages, listingReviewTexts, listingTexts, messages, type MyProduct } from '@recell/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuthContextValue } from '@/features/auth';
import { AdvertisedSection } from '@/features/catalogue';
import { apiError, mockApi, noContent } from '@/test/api-mock';
import { jsonResponse, makeMe, makeMyProduct, pageOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { MyProductsTable } from './my-products-table';

const seller: AuthContextValue = { status: 'signedIn', user: makeMe({ role: 'seller' }), logout: async () => {} };

const forSale = makeMyProduct({
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Galaxy S21',
  priceCents: 44_999,
  originalPriceCents: 79_900,
  location: 'Chattogram',
  isAdvertised: false,
});
const advertised = makeMyProduct({ id: '22222222-2222-4222-8222-222222222222', name: 'Pixel 7', isAdvertised: true });
const sold = makeMyProduct({
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Redmi Note 12',
  status: 'sold',
  isAdvertised: false,
});

const rowOf = (name: string) => {
  const row = screen.getByRole('rowheader', { name }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return within(row);
};

/** The seller's listings as the API holds them (the delete and advertise answers change them). */
let products: MyProduct[] = [];

const serveMyProducts = (initial: MyProduct[], routes: Parameters<typeof mockApi>[0] = {}) => {
  products = [...initial];
  return mockApi({
    'GET /api/me/products': () => jsonResponse(pageOf(products)),
    'GET /api/advertised': () =>
      jsonResponse(pageOf(products.filter((product) => product.isAdvertised && product.status === 'available'))),
    ...routes,
  });
};

describe('My Products', () => {
  it("says 'No Your Products' when the seller has none", async () => {
    serveMyProducts([]);
    renderWithProviders(<MyProductsTable />, { auth: seller });

    expect(await screen.findByText(messages.noProducts)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('offers Edit, a link to the edit form named by its text, for each phone for sale only', async () => {
    serveMyProducts([forSale, advertised, sold]);
    renderWithProviders(<MyProductsTable />, { auth: seller });

    const edit = (await waitFor(() => rowOf('Galaxy S21'))).getByRole('link', { name: listingTexts.edit });
    expect(edit).toHaveAttribute('href', `/dashboard/my-products/${forSale.id}/edit`);
    expect(edit).toHaveAccessibleDescription('Galaxy S21');
    expect(rowOf('Pixel 7').getByRole('link', { name: listingTexts.edit })).toBeInTheDocument();
    expect(rowOf('Redmi Note 12').queryByRole('link', { name: listingTexts.edit })).not.toBeInTheDocument();
  });

  it("lists the seller's phones in a table with the spec's columns", async () => {
    serveMyProducts([forSale, advertised, sold]);
    renderWithProviders(<MyProductsTable />, { auth: seller });

    const table = await screen.findByRole('table', { name: 'My Products' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Image', 'Name', 'Price', 'Original', 'Location', 'Sales status', 'Promote', 'Action']);
    const row = rowOf('Galaxy S21');
    expect(row.getByRole('img', { name: 'Galaxy S21' })).toBeInTheDocument();
    expect(row.getByRole('link', { name: 'Galaxy S21' })).toHaveAttribute('href', `/products/${forSale.id}`);
    expect(row.getByText('$449.99')).toBeInTheDocument();
    expect(row.getByText('$799')).toBeInTheDocument();
    expect(row.getByText('Chattogram')).toBeInTheDocument();
    expect(row.getByText(messages.statusAvailable)).toBeInTheDocument();
    expect(rowOf('Redmi Note 12').getByText(messages.statusSold)).toBeInTheDocument();
  });

  it('shows a listing waiting for review, and a rejected one with the admin’s reason and how to resubmit', async () => {
    const pending = makeMyProduct({
      id: '44444444-4444-4444-8444-444444444444',
      name: 'iPhone 12 mini',
      status: 'pending_review',
      isAdvertised: false,
    });
    const rejected = makeMyProduct({
      id: '55555555-5555-4555-8555-555555555555',
      name: 'Galaxy A54',
      status: 'rejected',
      rejectionReason: 'The code in the photo cannot be read.',
      isAdvertised: false,
    });
    serveMyProducts([pending, rejected]);
    renderWithProviders(<MyProductsTable />, { auth: seller });
    await screen.findByRole('table');

    const pendingRow = rowOf('iPhone 12 mini');
    expect(pendingRow.getByText(listingReviewTexts.statusPending)).toBeInTheDocument();
    expect(pendingRow.getByText(listingReviewTexts.pendingStatement)).toBeInTheDocument();
    expect(pendingRow.getByRole('button', { name: messages.noAccess })).toBeDisabled();
    expect(pendingRow.queryByText(messages.statusAvailable)).not.toBeInTheDocument();

    const rejectedRow = rowOf('Galaxy A54');
    expect(rejectedRow.getByText(listingReviewTexts.statusRejected)).toBeInTheDocument();
    expect(
      rejectedRow.getByText(listingReviewTexts.rejectedStatement('The code in the photo cannot be read.')),
    ).toBeInTheDocument();
    // The seller fixes it through Edit, which sends it back for review.
    expect(rejectedRow.getByRole('link', { name: listingTexts.edit })).toHaveAttribute(
      'href',
      `/dashboard/my-products/${rejected.id}/edit`,
    );
    expect(rejectedRow.queryByRole('button', { name: messages.advertise })).not.toBeInTheDocument();
  });

  it("offers 'Advertise' for a phone for sale, a disabled 'Advertised' once it is, 'No Access' when sold", async () => {
    serveMyProducts([forSale, advertised, sold]);
    renderWithProviders(<MyProductsTable />, { auth: seller });
    await screen.findByRole('table');

    expect(rowOf('Pixel 7').getByRole('button', { name: messages.advertised })).toBeDisabled();
    expect(rowOf('Redmi Note 12').getByRole('button', { name: messages.noAccess })).toBeDisabled();
    expect(rowOf('Redmi Note 12').queryByRole('button', { name: messages.advertise })).not.toBeInTheDocument();
    expect(rowOf('Galaxy S21').getByRole('button', { name: messages.advertise })).toBeEnabled();
  });

  it("advertises a phone: 'Product Advertised Successfully', then a disabled 'Advertised'", async () => {
    const api = serveMyProducts([forSale], {
      [`POST /api/products/${forSale.id}/advertise`]: () => {
        products = [{ ...forSale, isAdvertised: true }];
        return jsonResponse(products[0], 201);
      },
    });
    renderWithProviders(<MyProductsTable />, { auth: seller });
    await screen.findByRole('table');

    await userEvent.click(rowOf('Galaxy S21').getByRole('button', { name: messages.advertise }));

    expect(await screen.findByRole('status')).toHaveTextContent(messages.productAdvertised);
    expect(rowOf('Galaxy S21').getByRole('button', { name: messages.advertised })).toBeDisabled();
    expect(api.callsTo(`POST /api/products/${forSale.id}/advertise`)).toHaveLength(1);
  });

  it('says why an advertisement was refused', async () => {
    serveMyProducts([forSale], {
      [`POST /api/products/${forSale.id}/advertise`]: () =>
        apiError(409, 'conflict', 'This phone has been sold, so it cannot be advertised'),
    });
    renderWithProviders(<MyProductsTable />, { auth: seller });
    await screen.findByRole('table');

    await userEvent.click(rowOf('Galaxy S21').getByRole('button', { name: messages.advertise }));

    expect(await screen.findByRole('status')).toHaveTextContent('This phone has been sold, so it cannot be advertised');
  });

  it('asks in a dialog before deleting; Cancel and Escape keep the phone', async () => {
    const api = serveMyProducts([forSale, advertised]);
    renderWithProviders(<MyProductsTable />, { auth: seller });
    await screen.findByRole('table');

    await userEvent.click(rowOf('Galaxy S21').getByRole('button', { name: listingTexts.delete }));
    let dialog = screen.getByRole('dialog', { name: 'Delete Galaxy S21?' });
    expect(dialog).toHaveAccessibleDescription(listingTexts.deleteText);
    // Cancel has the focus: Enter on a dialog that has just opened does not delete
    expect(within(dialog).getByRole('button', { name: listingTexts.cancel })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: listingTexts.cancel }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(rowOf('Pixel 7').getByRole('button', { name: listingTexts.delete }));
    dialog = screen.getByRole('dialog', { name: 'Delete Pixel 7?' });
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    expect(api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
    expect(screen.getByRole('rowheader', { name: 'Galaxy S21' })).toBeInTheDocument();
  });

  it("deletes a phone: 'Product Remove Successfully', it leaves the table and the home grid", async () => {
    const api = serveMyProducts([forSale, advertised], {
      [`DELETE /api/products/${advertised.id}`]: () => {
        products = products.filter((product) => product.id !== advertised.id);
        return noContent();
      },
    });
    // The home page's advertised grid, cached alongside (the same query client).
    renderWithProviders(
      <>
        <MyProductsTable />
        <AdvertisedSection />
      </>,
      { auth: seller },
    );
    const home = await screen.findByRole('region', { name: 'Advertised phones' });
    expect(within(home).getByRole('heading', { name: 'Pixel 7' })).toBeInTheDocument();

    await userEvent.click(rowOf('Pixel 7').getByRole('button', { name: listingTexts.delete }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Pixel 7?' });
    await userEvent.click(within(dialog).getByRole('button', { name: listingTexts.delete }));

    expect(await screen.findByRole('status')).toHaveTextContent(messages.productRemoved);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo(`DELETE /api/products/${advertised.id}`)).toHaveLength(1);
    expect(screen.queryByRole('rowheader', { name: 'Pixel 7' })).not.toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Galaxy S21' })).toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveFocus();
    // the list and the home grid load again: nothing is advertised any more, so the grid goes
    await waitFor(() => {
      expect(screen.queryByRole('region', { name: 'Advertised phones' })).not.toBeInTheDocument();
    });
    expect(api.callsTo('GET /api/me/products').length).toBeGreaterThanOrEqual(2);
  });

  it('deletes once on a double-click of Delete: one request, the dialog closes, no "not found"', async () => {
    const api = serveMyProducts([forSale, advertised], {
      [`DELETE /api/products/${forSale.id}`]: () => {
        const isThere = products.some((product) => product.id === forSale.id);
        products = products.filter((product) => product.id !== forSale.id);
        return isThere ? noContent() : apiError(404, 'not_found', listingMessages.productNotFound);
      },
    });
    renderWithProviders(<MyProductsTable />, { auth: seller });
    await screen.findByRole('table');

    await userEvent.click(rowOf('Galaxy S21').getByRole('button', { name: listingTexts.delete }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Galaxy S21?' });
    const confirm = within(dialog).getByRole('button', { name: listingTexts.delete });
    // Both clicks land before the first one's answer, as a quick double-click does.
    fireEvent.click(confirm);
    fireEvent.click(confirm);

    expect(await screen.findByRole('status')).toHaveTextContent(messages.productRemoved);
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(api.callsTo(`DELETE /api/products/${forSale.id}`)).toHaveLength(1);
    expect(screen.queryByText(listingMessages.productNotFound)).not.toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: 'Galaxy S21' })).not.toBeInTheDocument();
  });

  it('lets the seller press Delete again after a refusal', async () => {
    let answers = 0;
    const api = serveMyProducts([forSale], {
      [`DELETE /api/products/${forSale.id}`]: () => {
        answers += 1;
        if (answers === 1) return apiError(503, 'unavailable', messages.internalError);
        products = [];
        return noContent();
      },
    });
    renderWithProviders(<MyProductsTable />, { auth: seller });
    await screen.findByRole('table');

    await userEvent.click(rowOf('Galaxy S21').getByRole('button', { name: listingTexts.delete }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Galaxy S21?' });
    await userEvent.click(within(dialog).getByRole('button', { name: listingTexts.delete }));
    expect(await screen.findByRole('status')).toHaveTextContent(messages.internalError);
    expect(within(dialog).getByRole('button', { name: listingTexts.delete })).toBeEnabled();
    await userEvent.click(within(dialog).getByRole('button', { name: listingTexts.delete }));

    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(api.callsTo(`DELETE /api/products/${forSale.id}`)).toHaveLength(2);
  });
});
