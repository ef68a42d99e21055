import {
  adminTexts,
  orderProgressMessages,
  orderProgressTexts as texts,
  type AdminOrderProblem,
  type OrderProblemStatus,
} from '@recell/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuthContextValue } from '@/features/auth';
import { apiError, mockApi } from '@/test/api-mock';
import { jsonResponse, makeMe, pageOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { OrderProblemsTable } from './order-problems-table';

const admin: AuthContextValue = { status: 'signedIn', user: makeMe({ role: 'admin' }), logout: async () => {} };

const problemOf = (n: number, name: string, status: OrderProblemStatus): AdminOrderProblem => ({
  problem: {
    id: `a0000000-0000-4000-8000-00000000000${n}`,
    reason: 'The screen is cracked.',
    status,
    createdAt: new Date(2025, 0, 6, 9, 30).toISOString(),
    resolvedAt: null,
    refundCents: null,
  },
  order: {
    id: `b0000000-0000-4000-8000-00000000000${n}`,
    priceCents: 37_900,
    paidAt: new Date(2025, 0, 1, 15, 5).toISOString(),
    progress: 'handed_over',
    handedOverAt: new Date(2025, 0, 5, 10, 0).toISOString(),
    trackingNote: null,
    transactionId: `pi_test_${n}`,
    paymentStatus: 'succeeded',
    paidCents: null,
    refundedCents: 0,
  },
  product: {
    id: `c0000000-0000-4000-8000-00000000000${n}`,
    name,
    brand: 'Samsung',
    model: 'Galaxy S22',
    imageUrl: '/uploads/galaxy.webp',
  },
  buyer: { id: 'd0000000-0000-4000-8000-000000000001', name: 'Daniel Kim', email: 'daniel@example.com' },
  seller: { id: 'e0000000-0000-4000-8000-000000000001', name: 'Marcus Bennett', email: 'marcus@example.com' },
});

const rowOf = (name: string) => {
  const row = screen.getByRole('rowheader', { name }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return within(row);
};

describe('Order problems', () => {
  it('flags a report whose refund failed, and offers Refund again and Close; a refund under way offers no Close', async () => {
    mockApi({
      'GET /api/admin/order-problems': () =>
        jsonResponse(
          pageOf([
            problemOf(1, 'Galaxy S22 Open', 'open'),
            problemOf(2, 'Galaxy S22 Failed', 'refund_failed'),
            problemOf(3, 'Galaxy S22 Refunding', 'refunding'),
          ]),
        ),
    });
    renderWithProviders(<OrderProblemsTable />, { auth: admin });
    await screen.findByRole('table', { name: texts.adminTitle });

    const failed = rowOf('Galaxy S22 Failed');
    expect(failed.getByText(`${texts.refund}: ${texts.refundFailedFlag}`)).toBeInTheDocument();
    expect(failed.getByRole('button', { name: texts.refund })).toBeEnabled();
    expect(failed.getByRole('button', { name: texts.close })).toBeEnabled();

    expect(rowOf('Galaxy S22 Open').queryByText(`${texts.refund}: ${texts.refundFailedFlag}`)).not.toBeInTheDocument();
    expect(rowOf('Galaxy S22 Open').getByRole('button', { name: texts.close })).toBeInTheDocument();
    expect(
      rowOf('Galaxy S22 Refunding').getByText(`${texts.refund}: ${texts.problemStatus.refunding}`),
    ).toBeInTheDocument();
    expect(rowOf('Galaxy S22 Refunding').queryByRole('button', { name: texts.close })).not.toBeInTheDocument();
  });

  it('says in the dialog when the processor refused the refund, sends it once however fast it is pressed, and shows the report flagged', async () => {
    let status: OrderProblemStatus = 'open';
    const api = mockApi({
      'GET /api/admin/order-problems': () => jsonResponse(pageOf([problemOf(1, 'Galaxy S22 Seeded', status)])),
      'POST /api/admin/order-problems/a0000000-0000-4000-8000-000000000001/refund': () => {
        status = 'refund_failed';
        return apiError(409, 'conflict', orderProgressMessages.refundRefused);
      },
    });
    renderWithProviders(<OrderProblemsTable />, { auth: admin });
    await screen.findByRole('table', { name: texts.adminTitle });

    await userEvent.click(rowOf('Galaxy S22 Seeded').getByRole('button', { name: texts.refund }));
    const dialog = screen.getByRole('dialog', { name: texts.refundTitle('Galaxy S22 Seeded') });
    const confirm = within(dialog).getByRole('button', { name: texts.confirmRefund });
    fireEvent.click(confirm);
    fireEvent.click(confirm);

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(orderProgressMessages.refundRefused);
    expect(api.callsTo('POST /api/admin/order-problems/a0000000-0000-4000-8000-000000000001/refund')).toHaveLength(1);
    await waitFor(() => {
      expect(rowOf('Galaxy S22 Seeded').getByText(`${texts.refund}: ${texts.refundFailedFlag}`)).toBeInTheDocument();
    });
  });
});

const shipped: AdminOrderProblem = {
  problem: {
    id: '5d4c3b2a-1908-4f7e-8d6c-5b4a39281706',
    reason: 'The screen has a crack the listing did not mention.',
    status: 'open',
    createdAt: new Date(2025, 0, 6, 10, 0).toISOString(),
    resolvedAt: null,
    refundCents: null,
  },
  order: {
    id: '6e5d4c3b-2a19-4807-9e6d-5c4b3a291807',
    priceCents: 119_900,
    paidAt: new Date(2025, 0, 3, 9, 0).toISOString(),
    progress: 'shipped',
    handedOverAt: new Date(2025, 0, 4, 16, 30).toISOString(),
    trackingNote: 'UPS 1Z999AA10123456784',
    transactionId: 'pi_test_be2eac7b65e8d31103e952fa',
    paymentStatus: 'succeeded',
    paidCents: null,
    refundedCents: 0,
  },
  product: {
    id: '7f6e5d4c-3b2a-4918-8f7e-6d5c4b3a2918',
    name: 'Galaxy S23 Ultra 512GB Phantom Black',
    brand: 'Samsung',
    model: 'Galaxy S23 Ultra',
    imageUrl: '/uploads/s23.webp',
  },
  buyer: { id: '8a7f6e5d-4c3b-4a29-9a8f-7e6d5c4b3a29', name: 'Bart Villanueva', email: 'bart.villanueva@example.com' },
  seller: { id: '9b8a7f6e-5d4c-4b3a-8b9a-8f7e6d5c4b3a', name: 'Max Fitzgerald', email: 'max.fitzgerald@example.com' },
};

describe('Order problems: columns and a shipped order', () => {
  it('names every column, the picture’s too', async () => {
    mockApi({ 'GET /api/admin/order-problems': () => jsonResponse(pageOf([shipped])) });
    renderWithProviders(<OrderProblemsTable />, { auth: admin });

    const table = await screen.findByRole('table', { name: texts.adminTitle });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      adminTexts.columnImage,
      texts.columns.phone,
      texts.columns.price,
      texts.columns.buyer,
      texts.columns.seller,
      texts.columns.progress,
      texts.columns.problem,
      texts.columns.action,
    ]);
    for (const header of headers) expect(header).not.toBe('');
  });

  it('shows the tracking note as the buyer was told it, not with the label of the seller’s form', async () => {
    mockApi({ 'GET /api/admin/order-problems': () => jsonResponse(pageOf([shipped])) });
    renderWithProviders(<OrderProblemsTable />, { auth: admin });

    const table = await screen.findByRole('table', { name: texts.adminTitle });
    const progress = within(table).getByRole('cell', { name: new RegExp(texts.stepStatus.shipped) });
    expect(within(progress).getByText(texts.trackingNoteShown('UPS 1Z999AA10123456784'))).toBeInTheDocument();
    expect(progress).not.toHaveTextContent(texts.trackingNote);
    // The payment's id, whole, and the people's emails, whole.
    expect(within(progress).getByText(shipped.order.transactionId!)).toBeInTheDocument();
    expect(
      within(table).getByRole('cell', { name: `${shipped.buyer.name}${shipped.buyer.email}` }),
    ).toBeInTheDocument();
  });

  it('refunds all that is left unless the admin types less, and refuses an amount that is not one', async () => {
    const refundRoute = 'POST /api/admin/order-problems/a0000000-0000-4000-8000-000000000001/refund';
    const paid = problemOf(1, 'Galaxy S22 Part', 'open');
    const api = mockApi({
      'GET /api/admin/order-problems': () =>
        jsonResponse(pageOf([{ ...paid, order: { ...paid.order, paidCents: 38_850, refundedCents: 1_000 } }])),
      [refundRoute]: () => jsonResponse(paid),
    });
    renderWithProviders(<OrderProblemsTable />, { auth: admin });
    await screen.findByRole('table', { name: texts.adminTitle });

    await userEvent.click(rowOf('Galaxy S22 Part').getByRole('button', { name: texts.refund }));
    let dialog = screen.getByRole('dialog', { name: texts.refundTitle('Galaxy S22 Part') });
    const amount = within(dialog).getByLabelText(texts.refundAmount);
    // $388.50 paid with the service fee, $10 refunded before: $378.50 is left.
    expect(amount).toHaveValue('378.50');
    expect(amount).toHaveAccessibleDescription(texts.refundAmountHint(37_850));
    await userEvent.clear(amount);
    await userEvent.type(amount, 'ten');
    await userEvent.click(within(dialog).getByRole('button', { name: texts.confirmRefund }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(texts.refundAmountInvalid);
    expect(api.callsTo(refundRoute)).toHaveLength(0);

    await userEvent.clear(amount);
    await userEvent.type(amount, '100.25');
    await userEvent.click(within(dialog).getByRole('button', { name: texts.confirmRefund }));
    await waitFor(() => expect(api.callsTo(refundRoute)).toHaveLength(1));
    expect(api.callsTo(refundRoute)[0]!.body).toEqual({ amountCents: 10_025 });

    await userEvent.click(await screen.findByRole('button', { name: texts.refund }));
    dialog = screen.getByRole('dialog', { name: texts.refundTitle('Galaxy S22 Part') });
    await userEvent.click(within(dialog).getByRole('button', { name: texts.confirmRefund }));
    await waitFor(() => expect(api.callsTo(refundRoute)).toHaveLength(2));
    // All that is left: sent without an amount.
    expect(api.callsTo(refundRoute)[1]!.body).toEqual({});
  });
});
