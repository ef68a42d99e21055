/**
 * Shipped orders for the browser tests (shipping.spec.ts, returns.spec.ts): the seller's ship-from
 * address, the buyer's delivery address, a phone booked to it and paid with the test card, and a
 * label bought at the built-in test carrier, all through the API as the pages do it. The test
 * carrier's parcels move every few seconds on the e2e server; the follow-parcels job brings each
 * step to the order within its next minute.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import type { Order, OrderDetails, PaymentIntent, ShippingRates } from '@recell/contract';

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The seller's address, chosen as the one they ship from (a return comes back there too). */
export const chooseShipFromAddress = async (request: APIRequestContext, sellerToken: string) => {
  const shipFrom = await request.post('/api/me/addresses', {
    headers: bearer(sellerToken),
    data: {
      name: 'Rana Phones',
      line1: '200 Market Street',
      city: 'Portland',
      region: 'OR',
      postalCode: '97201',
      country: 'US',
      phone: '5035550100',
    },
  });
  expect(shipFrom.status(), await shipFrom.text()).toBe(201);
  const chosen = await request.put('/api/me/ship-from-address', {
    headers: bearer(sellerToken),
    data: { addressId: ((await shipFrom.json()) as { id: string }).id },
  });
  expect(chosen.status(), await chosen.text()).toBe(200);
};

/**
 * A street line no other address has: the demo buyer collects one with every shipped test order,
 * and a test that finds its address by its street must not find another's.
 */
export const uniqueStreet = () => `${randomInt(100, 1000)} Alder Street, unit ${randomUUID().slice(0, 8)}`;

/** A delivery address of the buyer's, at a street of its own; its id. */
export const addDeliveryAddress = async (request: APIRequestContext, buyerToken: string) => {
  const added = await request.post('/api/me/addresses', {
    headers: bearer(buyerToken),
    data: {
      name: 'Sam Buyer',
      line1: uniqueStreet(),
      city: 'Eugene',
      region: 'OR',
      postalCode: '97401',
      country: 'US',
      phone: '5415550123',
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  return ((await added.json()) as { id: string }).id;
};

/** Books the phone to the address with shipping and pays with the test card, as the payment page does. */
export const bookAndPayShipping = async (
  request: APIRequestContext,
  buyerToken: string,
  { productId, addressId }: { productId: string; addressId: string },
): Promise<Order> => {
  const booked = await request.post('/api/orders', {
    headers: bearer(buyerToken),
    data: { productId, delivery: 'shipping', addressId },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const order = (await booked.json()) as Order;
  const intent = (await (
    await request.post(`/api/orders/${order.id}/payment-intent`, { headers: bearer(buyerToken) })
  ).json()) as PaymentIntent;
  const confirmed = await request.post(`/api/test-processor/payment-intents/${intent.paymentIntentId}/confirm`, {
    data: { clientSecret: intent.clientSecret, number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' },
  });
  expect(confirmed.status()).toBe(200);
  const paid = await request.post(`/api/orders/${order.id}/pay`, {
    headers: bearer(buyerToken),
    data: { paymentIntentId: intent.paymentIntentId },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  return (await paid.json()) as Order;
};

/** The seller buys the cheapest of the test carrier's rates for the order's parcel. */
export const buyLabelThroughApi = async (request: APIRequestContext, sellerToken: string, orderId: string) => {
  const rates = await request.post(`/api/orders/${orderId}/shipping/rates`, { headers: bearer(sellerToken) });
  expect(rates.status(), await rates.text()).toBe(200);
  const cheapest = ((await rates.json()) as ShippingRates).rates.toSorted((a, b) => a.amountCents - b.amountCents)[0]!;
  const label = await request.post(`/api/orders/${orderId}/shipping/label`, {
    headers: bearer(sellerToken),
    data: { rateId: cheapest.id },
  });
  expect(label.status(), await label.text()).toBe(200);
};

/** The order's page as `token`'s holder reads it (GET /api/orders/:id/details). */
export const orderDetailsOf = async (request: APIRequestContext, token: string, orderId: string) => {
  const answer = await request.get(`/api/orders/${orderId}/details`, { headers: bearer(token) });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as OrderDetails;
};

/** Waits (up to 150 s) until the carrier's scans, brought by the job, make `isThere` true of the order. */
export const waitForParcel = async (
  request: APIRequestContext,
  token: string,
  orderId: string,
  isThere: (details: OrderDetails) => boolean,
) =>
  expect(async () => {
    expect(isThere(await orderDetailsOf(request, token, orderId))).toBe(true);
  }).toPass({ timeout: 150_000, intervals: [5_000] });
