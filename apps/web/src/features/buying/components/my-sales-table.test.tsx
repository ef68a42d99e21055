import {
  buyingTexts,
  messages,
  orderDetailsTexts,
  orderMessageTexts,
  orderShortStatusTexts as shortTexts,
} from '@recell/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuthContextValue } from '@/features/auth';
import { mockApi } from '@/test/api-mock';
import { jsonResponse, makeMe, pageOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { makeSale } from '@/test/fixtures';
import { MySalesTable } from './my-sales-table';

const seller: AuthContextValue = { status: 'signedIn', user: makeMe({ role: 'seller' }), logout: async () => {} };

const booked = makeSale(
  {
    id: '11111111-1111-4111-8111-111111111111',
    priceCents: 44_999,
    // 3 Feb 2025, 21:07 in the test machine's own time zone
    createdAt: new Date(2025, 1, 3, 21, 7).toISOString(),
    buyer: {
      id: '3b0f6a52-8d1e-4c7b-9a2f-5e6d7c8b9a01',
      name: 'Ada Buyer',
      email: 'ada@example.com',
      phone: '01712345678',
      location: 'Dhanmondi 27',
    },
  },
  { id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', name: 'Galaxy S21' },
);
const paid = makeSale(
  {
    id: '22222222-2222-4222-8222-222222222222',
    status: 'paid',
    createdAt: new Date(2025, 1, 2, 8, 45).toISOString(),
    paidAt: new Date(2025, 1, 2, 9, 0).toISOString(),
  },
  { id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', name: 'Pixel 7', status: 'sold' },
);

const rowOf = (name: string) => {
  const row = screen.getByRole('rowheader', { name }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return within(row);
};

describe('My Sales', () => {
  it("says 'No sales yet' when nobody has booked the seller's phones", async () => {
    mockApi({ 'GET /api/me/sales': () => jsonResponse(pageOf([])) });
    renderWithProviders(<MySalesTable />, { auth: seller });

    expect(await screen.findByText(buyingTexts.noSales)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows who booked each phone, when, where the order stands in a word or two, and a link to its page', async () => {
    mockApi({ 'GET /api/me/sales': () => jsonResponse(pageOf([booked, paid])) });
    renderWithProviders(<MySalesTable />, { auth: seller });

    const table = await screen.findByRole('table', { name: 'My Sales' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Image', 'Phone', 'Price', 'Buyer', 'Booked', 'Status', 'Order']);
    const row = rowOf('Galaxy S21');
    expect(row.getByRole('img', { name: 'Galaxy S21' })).toBeInTheDocument();
    expect(row.getByText('$449.99')).toBeInTheDocument();
    expect(row.getByText('Ada Buyer')).toBeInTheDocument();
    expect(row.getByText('Feb 3, 2025, 9:07 pm')).toBeInTheDocument();
    // 'Booked' is also the name of the date's column (shown beside it on a phone): the status cell says it.
    expect(row.getByRole('cell', { name: shortTexts.booked })).toBeInTheDocument();
    // The buyer's contact and the actions are on the order's page, one link away.
    expect(row.queryByText('ada@example.com')).not.toBeInTheDocument();
    expect(row.queryByRole('button')).not.toBeInTheDocument();
    const link = row.getByRole('link', { name: orderDetailsTexts.viewOrder });
    expect(link).toHaveAttribute('href', `/dashboard/orders/${booked.id}`);
    expect(link).toHaveAccessibleDescription('Galaxy S21');
    expect(rowOf('Pixel 7').getByRole('cell', { name: shortTexts.awaiting_handover })).toBeInTheDocument();
    expect(rowOf('Pixel 7').getByText('Feb 2, 2025, 8:45 am')).toBeInTheDocument();
  });

  it('says where each paid sale stands: Shipped, Completed, Refunded (never Paid), a problem reported', async () => {
    const at = new Date(2025, 1, 4).toISOString();
    const paidFields = { status: 'paid' as const, paidAt: at, progress: 'awaiting_handover' as const };
    const sales = [
      makeSale(
        {
          ...paidFields,
          id: '33333333-3333-4333-8333-333333333333',
          progress: 'shipped',
          handover: 'shipped',
          handedOverAt: at,
        },
        { name: 'Shipped one' },
      ),
      makeSale(
        {
          ...paidFields,
          id: '44444444-4444-4444-8444-444444444444',
          progress: 'completed',
          handover: 'shipped',
          handedOverAt: at,
          completedAt: at,
        },
        { name: 'Completed one' },
      ),
      makeSale(
        {
          ...paidFields,
          id: '55555555-5555-4555-8555-555555555555',
          progress: 'completed',
          handover: 'shipped',
          handedOverAt: at,
          completedAt: at,
          refundedAt: at,
        },
        { name: 'Refunded one' },
      ),
      makeSale(
        {
          ...paidFields,
          id: '66666666-6666-4666-8666-666666666666',
          progress: 'handed_over',
          handover: 'handed_over',
          handedOverAt: at,
          problem: {
            id: '77777777-7777-4777-8777-777777777777',
            reason: 'Cracked',
            status: 'open',
            createdAt: at,
            resolvedAt: null,
            refundCents: null,
          },
        },
        { name: 'Disputed one' },
      ),
    ];
    mockApi({ 'GET /api/me/sales': () => jsonResponse(pageOf(sales)) });
    renderWithProviders(<MySalesTable />, { auth: seller });
    await screen.findByRole('table');

    expect(rowOf('Shipped one').getByRole('cell', { name: shortTexts.shipped })).toBeInTheDocument();
    expect(rowOf('Completed one').getByRole('cell', { name: shortTexts.completed })).toBeInTheDocument();
    expect(rowOf('Refunded one').getByRole('cell', { name: shortTexts.refunded })).toBeInTheDocument();
    expect(rowOf('Refunded one').queryByText(messages.paid)).not.toBeInTheDocument();
    expect(rowOf('Disputed one').getByRole('cell', { name: shortTexts.problem })).toBeInTheDocument();
  });

  it('says where a tracked parcel stands: in transit, delivered, returned to the seller, lost', async () => {
    const at = new Date(2025, 1, 4).toISOString();
    const parcels = (['in_transit', 'delivered', 'returned_to_sender', 'lost'] as const).map((progress, index) =>
      makeSale(
        {
          status: 'paid',
          paidAt: at,
          id: `8888888${index}-8888-4888-8888-888888888888`,
          progress,
          handover: 'shipped',
          handedOverAt: at,
        },
        { name: `Parcel ${progress}` },
      ),
    );
    mockApi({ 'GET /api/me/sales': () => jsonResponse(pageOf(parcels)) });
    renderWithProviders(<MySalesTable />, { auth: seller });
    await screen.findByRole('table');
    for (const progress of ['in_transit', 'delivered', 'returned_to_sender', 'lost'] as const) {
      expect(rowOf(`Parcel ${progress}`).getByRole('cell', { name: shortTexts[progress] })).toBeInTheDocument();
    }
  });

  it('carries the order’s unread messages on its link', async () => {
    mockApi({
      'GET /api/me/sales': () => jsonResponse(pageOf([booked])),
      'GET /api/me/messages/unread': () => jsonResponse({ total: 2, orders: [{ orderId: booked.id, count: 2 }] }),
    });
    renderWithProviders(<MySalesTable />, { auth: seller });
    await screen.findByRole('table');
    expect(
      await rowOf('Galaxy S21').findByRole('link', {
        name: `${orderDetailsTexts.viewOrder} (${orderMessageTexts.unread(2)})`,
      }),
    ).toHaveAttribute('href', `/dashboard/orders/${booked.id}`);
  });

  it("loads the next page with 'Load more'", async () => {
    mockApi({
      'GET /api/me/sales': ({ query }) =>
        jsonResponse(query.get('cursor') === 'next' ? pageOf([paid]) : pageOf([booked], 'next')),
    });
    renderWithProviders(<MySalesTable />, { auth: seller });
    await screen.findByRole('table');

    await userEvent.click(screen.getByRole('button', { name: buyingTexts.loadMore }));

    expect(await screen.findByRole('rowheader', { name: 'Pixel 7' })).toBeInTheDocument();
  });
});
