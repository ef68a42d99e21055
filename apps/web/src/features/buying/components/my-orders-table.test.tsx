import {
  buyingTexts,
  messages,
  orderDetailsTexts,
  orderShortStatusTexts as shortTexts,
  type Order,
} from '@recell/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuthContextValue } from '@/features/auth';
import { apiError, mockApi, noContent } from '@/test/api-mock';
import { jsonResponse, makeMe, pageOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { makeOrder } from '@/test/fixtures';
import { MyOrdersTable } from './my-orders-table';

const buyer: AuthContextValue = { status: 'signedIn', user: makeMe(), logout: async () => {} };

const payable = makeOrder(
  { id: '11111111-1111-4111-8111-111111111111', priceCents: 44_999 },
  {
    id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    name: 'Galaxy S21',
    originalPriceCents: 79_900,
    location: 'Chattogram',
  },
);
const paid = makeOrder(
  { id: '22222222-2222-4222-8222-222222222222', status: 'paid', canPay: false, transactionId: 'pi_123' },
  { id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', name: 'Pixel 7', status: 'sold' },
);
const soldToSomeoneElse = makeOrder(
  { id: '33333333-3333-4333-8333-333333333333', canPay: false },
  { id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc', name: 'Redmi Note 12', status: 'sold' },
);

const rowOf = (name: string) => {
  const row = screen.getByRole('rowheader', { name }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return within(row);
};

/** The buyer's orders as the API holds them (a delete cancels one). */
const serveOrders = (initial: Order[], routes: Parameters<typeof mockApi>[0] = {}) => {
  let orders = [...initial];
  return mockApi({
    'GET /api/me/orders': () => jsonResponse(pageOf(orders)),
    ...Object.fromEntries(
      initial.map((order) => [
        `DELETE /api/orders/${order.id}`,
        () => {
          orders = orders.filter((kept) => kept.id !== order.id);
          return noContent();
        },
      ]),
    ),
    ...routes,
  });
};

describe('My Orders', () => {
  it("says 'No Orders' when the buyer has none", async () => {
    serveOrders([]);
    renderWithProviders(<MyOrdersTable />, { auth: buyer });

    expect(await screen.findByText(messages.noOrders)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("lists the orders with the spec's columns, one short status and a link to each order's page", async () => {
    serveOrders([payable, paid, soldToSomeoneElse]);
    renderWithProviders(<MyOrdersTable />, { auth: buyer });

    const table = await screen.findByRole('table', { name: 'My Orders' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Image', 'Name', 'Price', 'Original', 'Location', 'Sales status', 'Action', 'Payment']);
    const row = rowOf('Galaxy S21');
    expect(row.getByRole('img', { name: 'Galaxy S21' })).toBeInTheDocument();
    expect(row.getByRole('link', { name: 'Galaxy S21' })).toHaveAttribute('href', `/products/${payable.product.id}`);
    expect(row.getByText('$449.99')).toBeInTheDocument();
    expect(row.getByText('$799')).toBeInTheDocument();
    expect(row.getByText('Chattogram')).toBeInTheDocument();
    expect(row.getByText(messages.statusAvailable)).toBeInTheDocument();
    const link = row.getByRole('link', { name: orderDetailsTexts.viewOrder });
    expect(link).toHaveAttribute('href', `/dashboard/orders/${payable.id}`);
    expect(link).toHaveAccessibleDescription('Galaxy S21');
    // A paid order says where it stands; its steps and actions are on its page.
    expect(rowOf('Pixel 7').getByText(shortTexts.awaiting_handover)).toBeInTheDocument();
    expect(rowOf('Pixel 7').getByRole('link', { name: orderDetailsTexts.viewOrder })).toHaveAttribute(
      'href',
      `/dashboard/orders/${paid.id}`,
    );
    expect(rowOf('Pixel 7').queryByRole('button')).not.toBeInTheDocument();
  });

  it("shows 'Refunded', not 'Paid', once an admin refunded the payment, and a shipped order's steps by name", async () => {
    const at = new Date(2025, 1, 4).toISOString();
    const refunded = makeOrder(
      {
        id: '44444444-4444-4444-8444-444444444444',
        status: 'paid',
        canPay: false,
        progress: 'completed',
        handover: 'shipped',
        handedOverAt: at,
        completedAt: at,
        refundedAt: at,
      },
      { id: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd', name: 'Galaxy S23', status: 'sold' },
    );
    const shipped = makeOrder(
      {
        id: '55555555-5555-4555-8555-555555555555',
        status: 'paid',
        canPay: false,
        progress: 'shipped',
        handover: 'shipped',
        handedOverAt: at,
      },
      { id: 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee', name: 'iPhone 12', status: 'sold' },
    );
    serveOrders([refunded, shipped, paid]);
    renderWithProviders(<MyOrdersTable />, { auth: buyer });
    await screen.findByRole('table');

    const refundedRow = rowOf('Galaxy S23');
    // The sales status and the payment both say it.
    expect(shortTexts.refunded).toBe(orderDetailsTexts.payment.refunded);
    expect(refundedRow.getAllByRole('cell', { name: orderDetailsTexts.payment.refunded })).toHaveLength(2);
    expect(refundedRow.queryByText(messages.paid)).not.toBeInTheDocument();
    expect(rowOf('iPhone 12').getByText(shortTexts.shipped)).toBeInTheDocument();
    expect(rowOf('Pixel 7').getByText(messages.paid)).toBeInTheDocument();
  });

  it("offers 'Pay' for an unpaid order, a grey 'Paid' once paid, 'Sold' when someone else bought it", async () => {
    serveOrders([payable, paid, soldToSomeoneElse]);
    renderWithProviders(<MyOrdersTable />, { auth: buyer });
    await screen.findByRole('table');

    expect(rowOf('Galaxy S21').getByRole('link', { name: messages.pay })).toHaveAttribute(
      'href',
      `/dashboard/orders/payment/${payable.id}`,
    );
    const paidRow = rowOf('Pixel 7');
    expect(paidRow.getByText(messages.paid)).toBeInTheDocument();
    expect(paidRow.queryByRole('link', { name: messages.paid })).not.toBeInTheDocument();
    expect(paidRow.queryByRole('link', { name: messages.pay })).not.toBeInTheDocument();
    // a paid order cannot be removed
    expect(paidRow.queryByRole('button', { name: buyingTexts.delete })).not.toBeInTheDocument();
    const soldRow = rowOf('Redmi Note 12');
    expect(soldRow.queryByRole('link', { name: messages.pay })).not.toBeInTheDocument();
    expect(soldRow.getAllByText(messages.statusSold)).toHaveLength(2); // sales status and payment
    expect(soldRow.getByRole('button', { name: buyingTexts.delete })).toBeInTheDocument();
  });

  it('asks before deleting an unpaid order; Cancel keeps it', async () => {
    const api = serveOrders([payable]);
    renderWithProviders(<MyOrdersTable />, { auth: buyer });
    await screen.findByRole('table');

    await userEvent.click(rowOf('Galaxy S21').getByRole('button', { name: buyingTexts.delete }));
    const dialog = screen.getByRole('dialog', { name: buyingTexts.deleteOrderTitle('Galaxy S21') });
    expect(within(dialog).getByRole('button', { name: buyingTexts.cancel })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: buyingTexts.cancel }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
    expect(screen.getByRole('rowheader', { name: 'Galaxy S21' })).toBeInTheDocument();
  });

  it("deletes an unpaid order: 'Order Remove Successfully' and it leaves the table", async () => {
    const api = serveOrders([payable, soldToSomeoneElse]);
    renderWithProviders(<MyOrdersTable />, { auth: buyer });
    await screen.findByRole('table');

    await userEvent.click(rowOf('Redmi Note 12').getByRole('button', { name: buyingTexts.delete }));
    const dialog = screen.getByRole('dialog', { name: buyingTexts.deleteOrderTitle('Redmi Note 12') });
    await userEvent.click(within(dialog).getByRole('button', { name: buyingTexts.delete }));

    expect(await screen.findByRole('status')).toHaveTextContent(messages.orderRemoved);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: 'Redmi Note 12' })).not.toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveFocus();
    expect(api.callsTo(`DELETE /api/orders/${soldToSomeoneElse.id}`)).toHaveLength(1);
    await waitFor(() => {
      expect(api.callsTo('GET /api/me/orders').length).toBeGreaterThanOrEqual(2);
    });
  });

  it('says inside the dialog why a delete was refused', async () => {
    serveOrders([payable], {
      [`DELETE /api/orders/${payable.id}`]: () => apiError(409, 'conflict', 'A paid order cannot be removed'),
    });
    renderWithProviders(<MyOrdersTable />, { auth: buyer });
    await screen.findByRole('table');

    await userEvent.click(rowOf('Galaxy S21').getByRole('button', { name: buyingTexts.delete }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: buyingTexts.delete }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A paid order cannot be removed');
  });

  it("loads the next page with 'Load more'", async () => {
    const api = mockApi({
      'GET /api/me/orders': ({ query }) =>
        jsonResponse(query.get('cursor') === 'page-2' ? pageOf([paid]) : pageOf([payable], 'page-2')),
    });
    renderWithProviders(<MyOrdersTable />, { auth: buyer });
    await screen.findByRole('table');
    expect(screen.queryByRole('rowheader', { name: 'Pixel 7' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: buyingTexts.loadMore }));

    expect(await screen.findByRole('rowheader', { name: 'Pixel 7' })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Galaxy S21' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: buyingTexts.loadMore })).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/me/orders').map((call) => call.query.get('cursor'))).toEqual([null, 'page-2']);
  });
});
