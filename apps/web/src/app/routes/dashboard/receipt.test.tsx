import { paymentMessages, paymentTexts, type PaymentReceipt } from '@recell/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuthContextValue } from '@/features/auth';
import { apiError, mockApi } from '@/test/api-mock';
import { jsonResponse, makeMe } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { Route, Routes } from 'react-router';
import ReceiptPage from './receipt';

const buyer: AuthContextValue = { status: 'signedIn', user: makeMe({ role: 'user' }), logout: async () => {} };
const orderId = '22222222-2222-4222-8222-222222222222';
const route = `GET /api/orders/${orderId}/payment-receipt`;

const makeReceipt = (overrides: Partial<PaymentReceipt> = {}): PaymentReceipt => ({
  orderId,
  productName: 'iPhone 13 Pro',
  priceCents: 45_000,
  buyerFeeCents: 1125,
  shippingCents: 0,
  totalCents: 46_125,
  cardLast4: '4242',
  paidAt: new Date(2025, 2, 4, 10, 15).toISOString(),
  isRefunded: false,
  ...overrides,
});

const renderPage = () =>
  renderWithProviders(
    <Routes>
      <Route path="/dashboard/orders/:id/receipt" element={<ReceiptPage />} />
    </Routes>,
    { route: `/dashboard/orders/${orderId}/receipt`, auth: buyer },
  );

/** Each line of the receipt: its name and what it says. */
const linesOf = () => {
  const terms = screen.getAllByRole('term').map((term) => term.textContent);
  const values = screen.getAllByRole('definition').map((value) => value.textContent);
  return Object.fromEntries(terms.map((term, index) => [term, values[index]]));
};

describe('the receipt page', () => {
  it('names the phone, the price, the service fee, the total and the card’s last four digits', async () => {
    mockApi({ [route]: () => jsonResponse(makeReceipt()) });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: paymentTexts.receiptTitle })).toBeInTheDocument();
    await screen.findByText('iPhone 13 Pro');
    expect(linesOf()).toMatchObject({
      [paymentTexts.receiptPhone]: 'iPhone 13 Pro',
      [paymentTexts.receiptPrice]: '$450',
      [paymentTexts.receiptServiceFee]: '$11.25',
      [paymentTexts.receiptTotal]: '$461.25',
      [paymentTexts.receiptCard]: paymentTexts.receiptCardEnding('4242'),
    });
    expect(screen.getByRole('button', { name: paymentTexts.printReceipt })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: paymentTexts.backToOrder })).toHaveAttribute(
      'href',
      `/dashboard/orders/${orderId}`,
    );
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('leaves out a service fee of nothing, and says when the payment was refunded', async () => {
    mockApi({ [route]: () => jsonResponse(makeReceipt({ buyerFeeCents: 0, totalCents: 45_000, isRefunded: true })) });
    renderPage();
    await screen.findByText('iPhone 13 Pro');
    expect(linesOf()).not.toHaveProperty(paymentTexts.receiptServiceFee);
    expect(linesOf()).not.toHaveProperty(paymentTexts.receiptShipping);
    expect(within(screen.getByRole('status')).getByText(paymentTexts.receiptRefunded)).toBeInTheDocument();
  });

  it('shows the shipping the buyer paid', async () => {
    mockApi({ [route]: () => jsonResponse(makeReceipt({ buyerFeeCents: 0, shippingCents: 650, totalCents: 45_650 })) });
    renderPage();
    await screen.findByText('iPhone 13 Pro');
    expect(linesOf()).toMatchObject({
      [paymentTexts.receiptShipping]: '$6.50',
      [paymentTexts.receiptTotal]: '$456.50',
    });
  });

  it('says so when the order has no receipt', async () => {
    mockApi({ [route]: () => apiError(404, 'not_found', paymentMessages.receiptNotFound) });
    renderPage();
    expect(await screen.findByText(paymentMessages.receiptNotFound)).toBeInTheDocument();
  });
});
