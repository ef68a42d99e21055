import {
  financeTexts as texts,
  payoutMessages,
  type Finance,
  type FinanceDispute,
  type FinancePayout,
} from '@recell/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuthContextValue } from '@/features/auth';
import { formatListingTime } from '@/lib/format-time';
import { apiError, mockApi } from '@/test/api-mock';
import { jsonResponse, makeMe } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { FinanceView } from './finance-view';

const admin: AuthContextValue = { status: 'signedIn', user: makeMe({ role: 'admin' }), logout: async () => {} };

const failedOrderId = 'a0000000-0000-4000-8000-000000000001';
const otherFailedOrderId = 'a0000000-0000-4000-8000-000000000002';
const retryRoute = (orderId: string) => `POST /api/admin/payouts/${orderId}/retry`;

const payout = (orderId: string, productName: string, fields: Partial<FinancePayout> = {}): FinancePayout => ({
  orderId,
  productName,
  sellerName: 'Marcus Bennett',
  amountCents: 36_001,
  attempts: 0,
  lastError: 'PayoutRefusedError: The destination account is closed.',
  nextAttemptAt: null,
  status: 'failed',
  ...fields,
});

const dispute = (id: string, productName: string, fields: Partial<FinanceDispute> = {}): FinanceDispute => ({
  id,
  orderId: 'b0000000-0000-4000-8000-000000000001',
  productName,
  amountCents: 50_000,
  reason: 'product_not_received',
  status: 'needs_response',
  evidenceDueBy: new Date(2026, 11, 4, 23, 59).toISOString(),
  createdAt: new Date(2026, 10, 20, 9, 30).toISOString(),
  closedAt: null,
  ...fields,
});

const financeOf = (fields: Partial<Finance> = {}): Finance => ({
  totals: {
    feesEarnedCents: 123_456,
    heldForSellersCents: 1_000_000,
    sendingCents: 8_999,
    failedCents: 58_501,
    sentToSellersCents: 2_345_600,
    refundedToBuyersCents: 30_000,
    disputedCents: 0,
  },
  failedPayouts: [
    payout(failedOrderId, 'Galaxy S22 128GB'),
    payout(otherFailedOrderId, 'Pixel 7 Pro', { amountCents: 22_500 }),
  ],
  pendingPayouts: [
    payout('c0000000-0000-4000-8000-000000000001', 'iPhone 13 mini', {
      amountCents: 8_999,
      attempts: 2,
      lastError: 'ProcessorUnavailableError: connection reset',
      nextAttemptAt: new Date(2026, 10, 27, 18, 45).toISOString(),
      status: 'sending',
    }),
  ],
  disputes: [
    dispute('dp_open', 'OnePlus 11'),
    dispute('dp_no_deadline', 'Moto G84', { status: 'warning_needs_response', evidenceDueBy: null }),
    dispute('dp_won', 'Xperia 5 IV', { status: 'won', closedAt: new Date(2026, 10, 25, 12, 0).toISOString() }),
  ],
  ...fields,
});

/** The figure a total's name (`<dt>`) gives in the totals' list. */
const figureOf = (term: string) => {
  const totals = screen.getByRole('region', { name: texts.totalsHeading });
  const dt = within(totals).getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent;
};

const rowOf = (table: HTMLElement, name: string) => {
  const row = within(table).getByRole('rowheader', { name }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return within(row);
};

describe('Finance', () => {
  it('shows each total in dollars, in a list of names and figures', async () => {
    mockApi({ 'GET /api/admin/finance': () => jsonResponse(financeOf()) });
    renderWithProviders(<FinanceView />, { auth: admin });
    await screen.findByRole('region', { name: texts.totalsHeading });

    expect(figureOf(texts.totals.feesEarnedCents)).toBe('$1,234.56');
    expect(figureOf(texts.totals.heldForSellersCents)).toBe('$10,000');
    expect(figureOf(texts.totals.sendingCents)).toBe('$89.99');
    expect(figureOf(texts.totals.failedCents)).toBe('$585.01');
    expect(figureOf(texts.totals.sentToSellersCents)).toBe('$23,456');
    expect(figureOf(texts.totals.refundedToBuyersCents)).toBe('$300');
    expect(figureOf(texts.totals.disputedCents)).toBe('$0');
  });

  it('names every column of its tables, and shows a payout on its way with its next try', async () => {
    mockApi({ 'GET /api/admin/finance': () => jsonResponse(financeOf()) });
    renderWithProviders(<FinanceView />, { auth: admin });

    const failed = await screen.findByRole('table', { name: texts.failedHeading });
    const headers = (table: HTMLElement) =>
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent);
    const { columns: c } = texts;
    expect(headers(failed)).toEqual([c.phone, c.seller, c.amount, c.attempts, c.lastError, c.action]);

    const pending = screen.getByRole('table', { name: texts.pendingHeading });
    expect(headers(pending)).toEqual([c.phone, c.seller, c.amount, c.attempts, c.lastError, c.nextAttempt]);
    const onItsWay = rowOf(pending, 'iPhone 13 mini');
    expect(onItsWay.getByRole('cell', { name: '$89.99' })).toBeInTheDocument();
    expect(onItsWay.getByText('ProcessorUnavailableError: connection reset')).toBeInTheDocument();
    expect(
      onItsWay.getByText(
        (_, element) =>
          element?.tagName === 'TIME' &&
          element.textContent === formatListingTime(new Date(2026, 10, 27, 18, 45).toISOString()),
      ),
    ).toBeInTheDocument();
    expect(onItsWay.queryByRole('button')).not.toBeInTheDocument();
  });

  it('sends a failed payout again: the button waits, the row leaves and the totals move', async () => {
    let sent = false;
    const afterSending = financeOf({
      totals: { ...financeOf().totals, failedCents: 22_500, sentToSellersCents: 2_381_601 },
      failedPayouts: [payout(otherFailedOrderId, 'Pixel 7 Pro', { amountCents: 22_500 })],
    });
    const api = mockApi({
      'GET /api/admin/finance': () => jsonResponse(sent ? afterSending : financeOf()),
      [retryRoute(failedOrderId)]: async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        sent = true;
        return jsonResponse(afterSending);
      },
    });
    renderWithProviders(<FinanceView />, { auth: admin });
    const failed = await screen.findByRole('table', { name: texts.failedHeading });
    expect(figureOf(texts.totals.failedCents)).toBe('$585.01');

    const sendAgain = rowOf(failed, 'Galaxy S22 128GB').getByRole('button', { name: texts.sendAgain });
    expect(sendAgain).toHaveAccessibleDescription('Galaxy S22 128GB');
    fireEvent.click(sendAgain);
    fireEvent.click(sendAgain);
    await waitFor(() => {
      expect(sendAgain).toBeDisabled();
    });
    expect(sendAgain).toHaveTextContent(texts.sendingAgain);
    expect(sendAgain).toHaveAttribute('aria-busy', 'true');
    // The other rows wait too: one payout is sent at a time.
    expect(rowOf(failed, 'Pixel 7 Pro').getByRole('button', { name: texts.sendAgain })).toBeDisabled();

    await waitFor(() => {
      expect(within(failed).queryByRole('rowheader', { name: 'Galaxy S22 128GB' })).not.toBeInTheDocument();
    });
    expect(api.callsTo(retryRoute(failedOrderId))).toHaveLength(1);
    expect(figureOf(texts.totals.failedCents)).toBe('$225');
    expect(figureOf(texts.totals.sentToSellersCents)).toBe('$23,816.01');
    expect(await screen.findByText(texts.sentAgainToast)).toBeInTheDocument();
    expect(rowOf(failed, 'Pixel 7 Pro').getByRole('button', { name: texts.sendAgain })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says why a payout was refused again, and shows its new error once the screen refreshes', async () => {
    let refused = false;
    const api = mockApi({
      'GET /api/admin/finance': () =>
        jsonResponse(
          refused
            ? financeOf({
                failedPayouts: [
                  payout(failedOrderId, 'Galaxy S22 128GB', { lastError: 'PayoutRefusedError: Still closed.' }),
                ],
              })
            : financeOf(),
        ),
      [retryRoute(failedOrderId)]: () => {
        refused = true;
        return apiError(409, 'conflict', payoutMessages.payoutRefused);
      },
    });
    renderWithProviders(<FinanceView />, { auth: admin });
    const failed = await screen.findByRole('table', { name: texts.failedHeading });

    await userEvent.click(rowOf(failed, 'Galaxy S22 128GB').getByRole('button', { name: texts.sendAgain }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`Galaxy S22 128GB: ${payoutMessages.payoutRefused}`);
    expect(await within(failed).findByText('PayoutRefusedError: Still closed.')).toBeInTheDocument();
    expect(rowOf(failed, 'Galaxy S22 128GB').getByRole('button', { name: texts.sendAgain })).toBeEnabled();
    expect(api.callsTo('GET /api/admin/finance')).toHaveLength(2);
  });

  it('lists the disputes with their deadline, a missing one said in words, and when each closed', async () => {
    mockApi({ 'GET /api/admin/finance': () => jsonResponse(financeOf()) });
    renderWithProviders(<FinanceView />, { auth: admin });
    const disputes = await screen.findByRole('table', { name: texts.disputesHeading });

    expect(
      within(disputes)
        .getAllByRole('rowheader')
        .map((header) => header.textContent),
    ).toEqual(['OnePlus 11', 'Moto G84', 'Xperia 5 IV']);
    const open = rowOf(disputes, 'OnePlus 11');
    expect(open.getByText('Product not received')).toBeInTheDocument();
    expect(open.getByText(texts.disputeStatus.needs_response)).toBeInTheDocument();
    const deadline = open.getAllByRole('cell')[3]!;
    expect(deadline.querySelector('time')).toHaveAttribute('dateTime', new Date(2026, 11, 4, 23, 59).toISOString());
    expect(deadline).toHaveTextContent(formatListingTime(new Date(2026, 11, 4, 23, 59).toISOString()));
    expect(open.getByText(texts.stillOpen)).toBeInTheDocument();

    expect(rowOf(disputes, 'Moto G84').getByText(texts.noDeadline)).toBeInTheDocument();
    const won = rowOf(disputes, 'Xperia 5 IV');
    expect(won.getByText(texts.disputeStatus.won)).toBeInTheDocument();
    expect(won.queryByText(texts.stillOpen)).not.toBeInTheDocument();
  });

  it('says when there is nothing to list', async () => {
    mockApi({
      'GET /api/admin/finance': () => jsonResponse(financeOf({ failedPayouts: [], pendingPayouts: [], disputes: [] })),
    });
    renderWithProviders(<FinanceView />, { auth: admin });

    expect(await screen.findByText(texts.noFailed)).toBeInTheDocument();
    expect(screen.getByText(texts.noPending)).toBeInTheDocument();
    expect(screen.getByText(texts.noDisputes)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
