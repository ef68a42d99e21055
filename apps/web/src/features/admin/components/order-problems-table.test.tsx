import { adminTexts, orderProgressTexts as texts, type AdminOrderProblem } from '@recell/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuthContextValue } from '@/features/auth';
import { mockApi } from '@/test/api-mock';
import { jsonResponse, makeMe, pageOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { OrderProblemsTable } from './order-problems-table';

const admin: AuthContextValue = { status: 'signedIn', user: makeMe({ role: 'admin' }), logout: async () => {} };

const shipped: AdminOrderProblem = {
  problem: {
    id: '5d4c3b2a-1908-4f7e-8d6c-5b4a39281706',
    reason: 'The screen has a crack the listing did not mention.',
    status: 'open',
    createdAt: new Date(2025, 0, 6, 10, 0).toISOString(),
    resolvedAt: null,
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

describe('Order problems', () => {
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
});
