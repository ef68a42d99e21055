/**
 * A paid order for the browser tests of what follows a payment: a fresh phone of the seller's,
 * booked and paid by the buyer through the API with the test-mode processor's test card, as the
 * payment page does it.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import type { Order, PaymentIntent } from '@recell/contract';
import { bookThroughApi, createTestPhone } from './buying.ts';
import { apiToken } from './listings.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export const paidOrderOf = async (
  request: APIRequestContext,
  {
    sellerEmail,
    buyerEmail,
    priceDollars = 240,
    location = 'Eugene',
  }: { sellerEmail: string; buyerEmail: string; priceDollars?: number; location?: string },
) => {
  const phone = await createTestPhone(request, sellerEmail, { priceDollars });
  const buyerToken = await apiToken(request, buyerEmail);
  const order = await bookThroughApi(request, buyerToken, {
    productId: phone.product.id,
    phone: '5035550123',
    location,
  });
  const intentAnswer = await request.post(`/api/orders/${order.id}/payment-intent`, { headers: bearer(buyerToken) });
  expect(intentAnswer.status()).toBe(200);
  const intent = (await intentAnswer.json()) as PaymentIntent;
  const confirmed = await request.post(`/api/test-processor/payment-intents/${intent.paymentIntentId}/confirm`, {
    data: { clientSecret: intent.clientSecret, number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' },
  });
  expect(confirmed.status()).toBe(200);
  const paid = await request.post(`/api/orders/${order.id}/pay`, {
    headers: bearer(buyerToken),
    data: { paymentIntentId: intent.paymentIntentId },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  return { name: phone.product.name, order: (await paid.json()) as Order, buyerToken, sellerToken: phone.sellerToken };
};

/** The seller marks the order handed over, through the API. */
export const handOverThroughApi = async (request: APIRequestContext, sellerToken: string, orderId: string) => {
  const answer = await request.post(`/api/orders/${orderId}/handed-over`, { headers: bearer(sellerToken) });
  expect(answer.status(), await answer.text()).toBe(200);
};
