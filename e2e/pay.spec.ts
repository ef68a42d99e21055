/**
 * Paying, as a buyer does it in the browser with the built-in test-mode processor: from My Orders'
 * Pay link to the payment page, a card typed into its form, 'Congrats! Your Payment Successfull' and
 * 'Paid' in My Orders; the phone then shows 'Sold' to another buyer, whose own earlier order for it
 * can no longer be paid. A declined card shows Stripe's message in red under the form and nothing
 * is paid. Each test lists its own fresh phone and books it through the API. Texts come from the
 * contract (`messages` for the spec's, `paymentTexts`/`paymentMessages`/`listingTexts` for ours).
 */
import { expect, test, type Page } from '@playwright/test';
import {
  accountTexts,
  buyingMessages,
  formatPrice,
  listingTexts,
  messages,
  orderShortStatusTexts,
  paymentMessages,
  paymentTexts,
} from '@recell/contract';
import { demoAccount, signIn, toast } from './support/auth.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { bookThroughApi, createTestPhone, myOrderRows, openDashboardPage, removeTestPhone } from './support/buying.ts';
import { expectNoHorizontalScroll, phoneViewport } from './support/layout.ts';
import { apiToken } from './support/listings.ts';
import {
  expectRed,
  fetchOrder,
  fetchProduct,
  paymentPage,
  summaryValue,
  testCards,
  typeCard,
} from './support/payments.ts';

const seller = demoAccount('seller');
const buyer = demoAccount('buyer');
const otherBuyer = demoAccount('buyer2');

/** The payment column's controls of a My Orders row. */
const payLink = (page: Page, name: string) =>
  myOrderRows(page, name).getByRole('link', { name: messages.pay, exact: true });

test('a buyer pays with 4242 4242 4242 4242: Paid in My Orders, and Sold for another buyer whose order can no longer be paid', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const phone = await createTestPhone(request, seller.email, { priceDollars: 310 });
  const { name, id: productId } = phone.product;
  try {
    // Another buyer booked the phone first; then our buyer books it too.
    const otherToken = await apiToken(request, otherBuyer.email);
    const otherOrder = await bookThroughApi(request, otherToken, {
      productId,
      phone: '5035550101',
      location: 'Portland',
    });
    const buyerToken = await apiToken(request, buyer.email);
    const order = await bookThroughApi(request, buyerToken, { productId, phone: '5035550102', location: 'Salem' });

    // ---- My Orders: Pay leads to the order's payment page.
    await signIn(page, buyer.email);
    await openDashboardPage(page, accountTexts.myOrders, '/dashboard/my-orders');
    await payLink(page, name).click();
    await expect(page).toHaveURL(`/dashboard/orders/payment/${order.id}`);

    const payment = paymentPage(page, name);
    await expect(payment.heading).toBeVisible();
    await expect(payment.summary).toBeVisible();
    expect(await summaryValue(payment.summary, paymentTexts.price)).toBe(formatPrice(order.priceCents));
    expect(await summaryValue(payment.summary, paymentTexts.originalPrice)).toBe(
      formatPrice(phone.product.originalPriceCents),
    );
    expect(await summaryValue(payment.summary, paymentTexts.brandName)).toBe(phone.product.brand);
    // The built-in test mode lists its cards.
    await expect(payment.form.getByText(testCards.succeeds, { exact: true })).toBeVisible();

    // ---- The card, typed key by key: the number groups itself in fours.
    await typeCard(payment, { number: testCards.succeeds.replace(/ /g, '') });
    await expect(payment.cardNumber).toHaveValue(testCards.succeeds);
    await payment.pay.click();

    await expect(toast(page, messages.paymentSuccess)).toBeVisible();
    await expect(page).toHaveURL('/dashboard/my-orders');
    const row = myOrderRows(page, name);
    // The Payment column says Paid; the sales status says what comes next.
    await expect(row.getByText(messages.paid, { exact: true })).toBeVisible();
    await expect(row.getByText(orderShortStatusTexts.awaiting_handover, { exact: true })).toBeVisible();
    await expect(payLink(page, name)).toHaveCount(0);

    // The API agrees: the order is paid with a transaction id, the phone sold.
    const paid = await fetchOrder(request, buyerToken, order.id);
    expect(paid).toMatchObject({ status: 'paid', canPay: false, transactionId: expect.any(String) });
    expect((await fetchProduct(request, productId)).status).toBe('sold');

    // Back from My Orders does not return to the form.
    await page.goBack();
    await expect(page).not.toHaveURL(`/dashboard/orders/payment/${order.id}`);

    // ---- The other buyer: the phone's page says Sold; their order shows Sold and cannot be paid.
    const context = await browser.newContext();
    try {
      const other = await context.newPage();
      await signIn(other, otherBuyer.email);
      await other.goto(`/products/${productId}`);
      await expect(other.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
      await expect(other.getByRole('main').getByText(listingTexts.soldMarker, { exact: true })).toBeVisible();

      await openDashboardPage(other, accountTexts.myOrders, '/dashboard/my-orders');
      const otherRow = myOrderRows(other, name);
      await expect(otherRow.getByText(messages.statusSold, { exact: true }).first()).toBeVisible();
      await expect(payLink(other, name)).toHaveCount(0);

      // Their order's payment page, opened directly, says why and has no form.
      await other.goto(`/dashboard/orders/payment/${otherOrder.id}`);
      await expect(other.getByText(paymentTexts.soldNotice, { exact: true })).toBeVisible();
      await expect(paymentPage(other, name).form).toHaveCount(0);

      // Someone else's order is not theirs to see.
      await other.goto(`/dashboard/orders/payment/${order.id}`);
      await expect(other.getByText(buyingMessages.orderNotFound, { exact: true })).toBeVisible();
      await expect(paymentPage(other, name).form).toHaveCount(0);
    } finally {
      await context.close();
    }
  } finally {
    await removeTestPhone(request, phone.sellerToken, productId);
  }
});

test.describe('on a phone', () => {
  // axe is injected as an inline script, which the app's Content-Security-Policy rightly refuses
  // (the first test pays under the CSP).
  test.use({ ...phoneViewport, bypassCSP: true });

  test('a declined card shows its message in red under the form; nothing is paid and the order still shows Pay', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const phone = await createTestPhone(request, seller.email, { priceDollars: 145 });
    const { name, id: productId } = phone.product;
    try {
      const buyerToken = await apiToken(request, buyer.email);
      const order = await bookThroughApi(request, buyerToken, { productId, phone: '5035550103', location: 'Eugene' });

      // A deep link: the guard asks for login first, then comes back.
      await page.goto('/dashboard/my-orders');
      await expect(page).toHaveURL('/login');
      await signIn(page, buyer.email);
      await expect(page).toHaveURL('/dashboard/my-orders');
      await payLink(page, name).click();
      await expect(page).toHaveURL(`/dashboard/orders/payment/${order.id}`);

      const payment = paymentPage(page, name);
      await expect(payment.heading).toBeVisible();
      await expect(payment.pay).toBeEnabled();
      await expectNoHorizontalScroll(page);

      await typeCard(payment, { number: testCards.declined });
      await payment.pay.click();

      await expect(payment.failure).toHaveText(paymentMessages.cardDeclined);
      await expectRed(payment.failure);
      // Nothing else happens: no success, still on the payment page, ready for another card.
      await expect(toast(page, messages.paymentSuccess)).toHaveCount(0);
      await expect(page).toHaveURL(`/dashboard/orders/payment/${order.id}`);
      await expect(payment.pay).toBeEnabled();
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);

      const unpaid = await fetchOrder(request, buyerToken, order.id);
      expect(unpaid).toMatchObject({ status: 'booked', canPay: true, transactionId: null });
      expect((await fetchProduct(request, productId)).status).toBe('available');

      await page.goto('/dashboard/my-orders');
      await expect(payLink(page, name)).toBeVisible();
      await expect(myOrderRows(page, name).getByText(messages.paid, { exact: true })).toHaveCount(0);
    } finally {
      await removeTestPhone(request, phone.sellerToken, productId);
    }
  });
});
