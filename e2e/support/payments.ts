/**
 * The payment page as the browser tests see it: its heading and the order's facts, the test-mode
 * card form by its labels, the red message under the form, and the API's view of an order and a
 * phone (the oracle).
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { messages, paymentTexts, type Order, type Product } from '@recell/contract';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** An expiry date a few years ahead, as MM/YY. */
const futureExpiry = () => `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

/** Stripe's test cards, as a person types them. */
export const testCards = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
} as const;

/** The payment page of `productName`'s order: its heading, facts and card form. */
export const paymentPage = (page: Page, productName: string) => {
  const main = page.getByRole('main');
  const form = main.getByRole('form', { name: paymentTexts.cardFormLabel, exact: true });
  const summary = main.getByRole('region', { name: paymentTexts.summaryLabel, exact: true });
  return {
    heading: main.getByRole('heading', { level: 1, name: messages.paymentHeading(productName), exact: true }),
    summary,
    form,
    cardNumber: form.getByLabel(paymentTexts.cardNumber, { exact: true }),
    expiry: form.getByLabel(paymentTexts.expiry, { exact: true }),
    cvc: form.getByLabel(paymentTexts.cvc, { exact: true }),
    pay: form.getByRole('button', { name: paymentTexts.payButton, exact: true }),
    /** The processor's message under the form. */
    failure: form.getByRole('alert'),
  };
};

/** The value the order summary shows for `term` (Price, Original Price, Brand Name). */
export const summaryValue = async (summary: Locator, term: string) => {
  const terms = await summary.getByRole('term').allTextContents();
  const values = await summary.getByRole('definition').allTextContents();
  const index = terms.findIndex((text) => text.trim() === term);
  return index === -1 ? undefined : values[index]?.trim();
};

/** Types a card into the test-mode form, as a person does (key by key). */
export const typeCard = async (
  form: ReturnType<typeof paymentPage>,
  { number, expiry = futureExpiry(), cvc = '123' }: { number: string; expiry?: string; cvc?: string },
) => {
  await form.cardNumber.pressSequentially(number);
  await form.expiry.pressSequentially(expiry);
  await form.cvc.pressSequentially(cvc);
};

/**
 * The colour a text is drawn in, as [r, g, b] (painted on a canvas: Tailwind's colours are oklch(),
 * which getComputedStyle reports as written).
 */
const textColour = (locator: Locator) =>
  locator.evaluate((element) => {
    const context = document.createElement('canvas').getContext('2d');
    if (!context) throw new Error('no canvas');
    context.fillStyle = getComputedStyle(element).color;
    context.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
    return [r, g, b] as const;
  });

/** A clearly red text: red well above green and blue. */
export const expectRed = async (locator: Locator) => {
  const [r, g, b] = await textColour(locator);
  expect(r, `the text colour rgb(${r}, ${g}, ${b}) is red`).toBeGreaterThan(Math.max(g, b) + 60);
};

/** The order as its buyer `token` sees it through the API. */
export const fetchOrder = async (request: APIRequestContext, token: string, id: string) => {
  const response = await request.get(`/api/orders/${id}`, { headers: bearer(token) });
  expect(response.status(), `GET /api/orders/${id}`).toBe(200);
  return (await response.json()) as Order;
};

/** A phone as its details page loads it. */
export const fetchProduct = async (request: APIRequestContext, id: string) => {
  const response = await request.get(`/api/products/${id}`);
  expect(response.status(), `GET /api/products/${id}`).toBe(200);
  return (await response.json()) as Product;
};
