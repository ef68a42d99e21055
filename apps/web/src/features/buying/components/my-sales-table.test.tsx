import { buyingTexts, messages, orderProgressTexts as progressTexts } from '@recell/contract';
import { screen, waitFor, within } from '@testing-library/react';
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

  it("shows who booked each phone, how to reach them, when, and whether it's paid", async () => {
    mockApi({ 'GET /api/me/sales': () => jsonResponse(pageOf([booked, paid])) });
    renderWithProviders(<MySalesTable />, { auth: seller });

    const table = await screen.findByRole('table', { name: 'My Sales' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Image',
      'Phone',
      'Price',
      'Buyer',
      "Buyer's phone",
      'Meeting location',
      'Booked',
      'Status',
      'Progress',
      'Messages',
      'Rating',
    ]);
    const row = rowOf('Galaxy S21');
    expect(row.getByRole('img', { name: 'Galaxy S21' })).toBeInTheDocument();
    expect(row.getByText('$449.99')).toBeInTheDocument();
    expect(row.getByText('Ada Buyer')).toBeInTheDocument();
    expect(row.getByText('ada@example.com')).toBeInTheDocument();
    expect(row.getByRole('link', { name: '01712345678' })).toHaveAttribute('href', 'tel:01712345678');
    expect(row.getByText('Dhanmondi 27')).toBeInTheDocument();
    expect(row.getByText('Feb 3, 2025, 9:07 pm')).toBeInTheDocument();
    // 'Booked' is also the name of the date's column (shown beside it on a phone): the status cell says it.
    expect(row.getByRole('cell', { name: buyingTexts.statusBooked })).toBeInTheDocument();
    expect(rowOf('Pixel 7').getByText(messages.paid)).toBeInTheDocument();
    expect(rowOf('Pixel 7').getByText('Feb 2, 2025, 8:45 am')).toBeInTheDocument();
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

  describe('progress', () => {
    const awaiting = { ...paid, progress: 'awaiting_handover' as const };

    it('shows the steps of a paid sale with Paid done and the hand-over current', async () => {
      mockApi({ 'GET /api/me/sales': () => jsonResponse(pageOf([booked, awaiting])) });
      renderWithProviders(<MySalesTable />, { auth: seller });
      await screen.findByRole('table');
      const steps = rowOf('Pixel 7').getByRole('list', { name: progressTexts.progressLabel });
      const items = within(steps).getAllByRole('listitem');
      expect(items.map((item) => item.textContent)).toEqual([
        `✓${progressTexts.steps.paid}(${progressTexts.doneStep})`,
        `2${progressTexts.steps.handedOver}(${progressTexts.currentStep})`,
        `3${progressTexts.steps.completed}`,
      ]);
      expect(items[1]).toHaveAttribute('aria-current', 'step');
      // A booked, unpaid sale has no progress and no actions.
      expect(rowOf('Galaxy S21').queryByRole('list')).not.toBeInTheDocument();
      expect(rowOf('Galaxy S21').queryByRole('button', { name: progressTexts.markHandedOver })).not.toBeInTheDocument();
    });

    it('Mark handed over asks the API for this order', async () => {
      const api = mockApi({
        'GET /api/me/sales': () => jsonResponse(pageOf([awaiting])),
        [`POST /api/orders/${awaiting.id}/handed-over`]: () =>
          jsonResponse({ ...awaiting, progress: 'handed_over', handedOverAt: new Date().toISOString() }),
      });
      renderWithProviders(<MySalesTable />, { auth: seller });
      await screen.findByRole('table');
      await userEvent.click(rowOf('Pixel 7').getByRole('button', { name: progressTexts.markHandedOver }));
      await waitFor(() => expect(api.callsTo(`POST /api/orders/${awaiting.id}/handed-over`)).toHaveLength(1));
    });

    it('Mark shipped opens a dialog whose labelled tracking note is sent, and too long a note is refused in place', async () => {
      const api = mockApi({
        'GET /api/me/sales': () => jsonResponse(pageOf([awaiting])),
        [`POST /api/orders/${awaiting.id}/shipped`]: () =>
          jsonResponse({ ...awaiting, progress: 'shipped', trackingNote: 'DHL 123' }),
      });
      renderWithProviders(<MySalesTable />, { auth: seller });
      await screen.findByRole('table');
      await userEvent.click(rowOf('Pixel 7').getByRole('button', { name: progressTexts.markShipped }));
      const dialog = await screen.findByRole('dialog', { name: progressTexts.shipTitle('Pixel 7') });
      const note = within(dialog).getByLabelText(progressTexts.trackingNote);
      await userEvent.type(note, 'DHL 123');
      await userEvent.click(within(dialog).getByRole('button', { name: progressTexts.confirmShipped }));
      await waitFor(() => expect(api.callsTo(`POST /api/orders/${awaiting.id}/shipped`)).toHaveLength(1));
      expect(api.callsTo(`POST /api/orders/${awaiting.id}/shipped`)[0]!.body).toEqual({ trackingNote: 'DHL 123' });
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });
  });
});
