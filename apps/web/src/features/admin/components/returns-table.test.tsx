import { orderProgressMessages, returnMessages, returnTexts as texts, type AdminReturn } from '@recell/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuthContextValue } from '@/features/auth';
import { apiError, mockApi } from '@/test/api-mock';
import { jsonResponse, makeMe, pageOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { ReturnsTable } from './returns-table';

const admin: AuthContextValue = { status: 'signedIn', user: makeMe({ role: 'admin' }), logout: async () => {} };
const returnId = 'a0000000-0000-4000-8000-000000000001';
const orderId = 'b0000000-0000-4000-8000-000000000001';
const decideRoute = `POST /api/admin/returns/${returnId}/decide`;

const declined: AdminReturn = {
  return: {
    id: returnId,
    orderId,
    status: 'declined',
    reason: 'The battery dies within an hour.',
    photos: [],
    createdAt: new Date(2025, 0, 6, 9, 30).toISOString(),
    sellerAnswerBy: new Date(2025, 0, 8, 9, 30).toISOString(),
    sellerAnswer: 'declined',
    sellerAnsweredAt: new Date(2025, 0, 7, 9, 30).toISOString(),
    declineReason: 'It left here working.',
    escalatedAt: null,
    parcel: null,
    arrivedAt: null,
    imeiCheck: null,
    imeiCheckedAt: null,
    decision: null,
    refundCents: null,
    refundedAt: null,
    relistedAt: null,
  },
  order: { id: orderId, priceCents: 31_000, progress: 'delivered', paidCents: 31_000, refundedCents: 0 },
  product: {
    id: 'c0000000-0000-4000-8000-000000000001',
    name: 'Pixel 7 Returned',
    brand: 'Google',
    model: 'Pixel 7',
    imageUrl: '/uploads/pixel.webp',
  },
  buyer: { id: 'd0000000-0000-4000-8000-000000000001', name: 'Daniel Kim', email: 'daniel@example.com' },
  seller: { id: 'e0000000-0000-4000-8000-000000000001', name: 'Marcus Bennett', email: 'marcus@example.com' },
};

const openDecision = async () => {
  renderWithProviders(<ReturnsTable />, { auth: admin });
  const table = await screen.findByRole('table', { name: texts.adminTitle });
  const row = within(within(table).getByRole('rowheader', { name: 'Pixel 7 Returned' }).closest('tr')!);
  await userEvent.click(row.getByRole('button', { name: new RegExp(`^${texts.decide}`) }));
  return screen.findByRole('dialog', { name: texts.decideTitle('Pixel 7 Returned') });
};

describe('Returns (admin)', () => {
  it('lists each return waiting for a decision under named columns, with the reasons and a link to the order', async () => {
    mockApi({ 'GET /api/admin/returns': () => jsonResponse(pageOf([declined])) });
    renderWithProviders(<ReturnsTable />, { auth: admin });
    const table = await screen.findByRole('table', { name: texts.adminTitle });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(expect.arrayContaining(Object.values(texts.columns)));
    const row = within(within(table).getByRole('rowheader', { name: 'Pixel 7 Returned' }).closest('tr')!);
    expect(row.getByText('The battery dies within an hour.')).toBeInTheDocument();
    expect(row.getByText('It left here working.')).toBeInTheDocument();
    expect(row.getByText(texts.status.declined)).toBeInTheDocument();
    expect(row.getByRole('link', { name: texts.openOrder })).toHaveAttribute('href', `/dashboard/orders/${orderId}`);
  });

  it('says there are none', async () => {
    mockApi({ 'GET /api/admin/returns': () => jsonResponse(pageOf([])) });
    renderWithProviders(<ReturnsTable />, { auth: admin });
    expect(await screen.findByText(texts.adminEmpty)).toBeInTheDocument();
  });

  it('asks for a decision and a reason before sending anything', async () => {
    const api = mockApi({ 'GET /api/admin/returns': () => jsonResponse(pageOf([declined])) });
    const dialog = within(await openDecision());
    await userEvent.click(dialog.getByRole('button', { name: texts.confirmDecision }));
    expect(await dialog.findByText(returnMessages.decisionRequired)).toBeInTheDocument();
    expect(dialog.getByText(returnMessages.decisionReasonRequired)).toBeInTheDocument();
    expect(api.callsTo(decideRoute)).toHaveLength(0);
  });

  it('refunds a part in dollars with a reason; the decided return leaves the list', async () => {
    let items = [declined];
    const api = mockApi({
      'GET /api/admin/returns': () => jsonResponse(pageOf(items)),
      [decideRoute]: () => {
        items = [];
        return jsonResponse(declined);
      },
    });
    const dialog = within(await openDecision());
    await userEvent.click(dialog.getByRole('radio', { name: texts.decisionOptions.refund }));
    await userEvent.type(dialog.getByLabelText(texts.refundAmount), '120.50');
    await userEvent.type(dialog.getByLabelText(texts.decisionReason), 'The battery is worn: part of the price back.');
    await userEvent.click(dialog.getByRole('button', { name: texts.confirmDecision }));
    expect(await screen.findByText(texts.decidedToast)).toBeInTheDocument();
    expect(api.callsTo(decideRoute)[0]?.body).toEqual({
      decision: 'refund',
      reason: 'The battery is worn: part of the price back.',
      amountCents: 12_050,
    });
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Pixel 7 Returned' })).not.toBeInTheDocument());
  });

  it('says the API’s refusal of an amount above what was paid under the amount, and stays open', async () => {
    mockApi({
      'GET /api/admin/returns': () => jsonResponse(pageOf([declined])),
      [decideRoute]: () =>
        apiError(400, 'validation', orderProgressMessages.refundAboveWhatWasPaid, {
          amountCents: orderProgressMessages.refundAboveWhatWasPaid,
        }),
    });
    const dialog = within(await openDecision());
    await userEvent.click(dialog.getByRole('radio', { name: texts.decisionOptions.refund }));
    const amount = dialog.getByLabelText(texts.refundAmount);
    await userEvent.type(amount, '999');
    await userEvent.type(dialog.getByLabelText(texts.decisionReason), 'All of it back.');
    await userEvent.click(dialog.getByRole('button', { name: texts.confirmDecision }));
    expect(await dialog.findByText(orderProgressMessages.refundAboveWhatWasPaid)).toBeInTheDocument();
    expect(amount).toHaveAccessibleDescription(expect.stringContaining(orderProgressMessages.refundAboveWhatWasPaid));
    expect(screen.getByRole('dialog', { name: texts.decideTitle('Pixel 7 Returned') })).toBeInTheDocument();
  });

  it('says a refusal without a field inside the dialog', async () => {
    mockApi({
      'GET /api/admin/returns': () => jsonResponse(pageOf([declined])),
      [decideRoute]: () => apiError(409, 'conflict', returnMessages.notForAdmin),
    });
    const dialog = within(await openDecision());
    await userEvent.click(dialog.getByRole('radio', { name: texts.decisionOptions.reject }));
    await userEvent.type(dialog.getByLabelText(texts.decisionReason), 'The phone works as listed.');
    await userEvent.click(dialog.getByRole('button', { name: texts.confirmDecision }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(returnMessages.notForAdmin);
  });
});
