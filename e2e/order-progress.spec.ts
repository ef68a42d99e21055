/**
 * A paid order's progress, as the people do it in the browser on the order's page: the seller marks
 * the phone shipped with a tracking note (a dialog), the buyer sees it and confirms receipt (asked
 * first); on another order the buyer reports a problem (a dialog) and an admin refunds it from
 * Order problems (a confirmation), after which My Orders says Refunded, not Paid. Each test lists
 * its own phone and books and pays for it through the API (the test-mode processor); texts come
 * from the contract. The demo's own handed-over order refunds the same way (its payment is at the
 * test-mode processor too).
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  accountTexts,
  messages,
  orderDetailsTexts,
  orderMessageTexts,
  orderProgressTexts as texts,
  orderShortStatusTexts,
} from '@recell/contract';
import { demoAccount, signedInPageOf, toast } from './support/auth.ts';
import { paidOrderOf } from './support/paid-order.ts';
import { adminRows, openAsAdmin } from './support/admin.ts';
import { fetchMyOrders, myOrderRows, mySaleRows, openDashboardPage, orderPageRegion } from './support/buying.ts';
import { apiToken } from './support/listings.ts';
import { fetchOrder } from './support/payments.ts';
import { demoListings } from '../apps/api/src/db/seed/demo-catalogue.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const seller = demoAccount('seller');
const buyer = demoAccount('buyer');

/** A part of an order's page, by its heading. */
const region = orderPageRegion;

/** A paid order of a fresh phone: the demo seller's, the demo buyer's. */
const paidPhone = (request: APIRequestContext) =>
  paidOrderOf(request, { sellerEmail: seller.email, buyerEmail: buyer.email });

const pageOf = signedInPageOf;

test('the seller marks a paid phone shipped with a tracking note; the buyer confirms receipt', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { name, order, buyerToken } = await paidPhone(request);

  // ---- The seller: My Sales → the order's page → Mark shipped → the dialog's labelled tracking note.
  const sellerSide = await pageOf(browser, seller.email);
  const sellerPage = sellerSide.page;
  await openDashboardPage(sellerPage, accountTexts.mySales, '/dashboard/my-sales');
  const sale = mySaleRows(sellerPage, name);
  await expect(sale.getByText(orderShortStatusTexts.awaiting_handover, { exact: true })).toBeVisible();
  await sale.getByRole('link', { name: orderDetailsTexts.viewOrder, exact: true }).click();
  const sellerNext = region(sellerPage, orderDetailsTexts.nextStepHeading);
  await sellerNext.getByRole('button', { name: texts.markShipped, exact: true }).click();
  const dialog = sellerPage.getByRole('dialog', { name: texts.shipTitle(name) });
  await dialog.getByLabel(texts.trackingNote).fill('UPS 1Z999AA10123456784');
  await dialog.getByRole('button', { name: texts.confirmShipped, exact: true }).click();
  await expect(toast(sellerPage, texts.shippedToast)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(sellerNext.getByText(orderDetailsTexts.waitingFor.confirm_receipt, { exact: true })).toBeVisible();
  await expect(
    region(sellerPage, orderDetailsTexts.timelineHeading).getByText(texts.trackingNoteShown('UPS 1Z999AA10123456784')),
  ).toBeVisible();
  await expect(sellerNext.getByRole('button', { name: texts.markShipped, exact: true })).toHaveCount(0);
  await sellerSide.close();

  // ---- The buyer: the order's page shows it shipped, with the step indicator; Confirm receipt completes it.
  const buyerSide = await pageOf(browser, buyer.email);
  const buyerPage = buyerSide.page;
  await openDashboardPage(buyerPage, accountTexts.myOrders, '/dashboard/my-orders');
  await myOrderRows(buyerPage, name).getByRole('link', { name: orderDetailsTexts.viewOrder, exact: true }).click();
  const row = region(buyerPage, orderDetailsTexts.nextStepHeading);
  const steps = row.getByRole('list', { name: texts.progressLabel });
  await expect(steps.getByRole('listitem')).toHaveText([
    new RegExp(texts.steps.paid),
    new RegExp(texts.shippedStep),
    new RegExp(texts.steps.completed),
  ]);
  // Shipped is done; receiving it is what is left.
  await expect(steps.getByRole('listitem').nth(1)).toContainText(texts.doneStep);
  await expect(steps.locator('[aria-current="step"]')).toContainText(texts.steps.completed);
  await row.getByRole('button', { name: texts.confirmReceipt, exact: true }).click();
  await buyerPage
    .getByRole('dialog', { name: orderDetailsTexts.confirmReceiptTitle })
    .getByRole('button', { name: texts.confirmReceipt, exact: true })
    .click();
  await expect(toast(buyerPage, texts.receiptToast)).toBeVisible();
  // Every step done, none current any more; the hand-over is still named Shipped.
  await expect(steps.getByRole('listitem').nth(2)).toContainText(texts.doneStep);
  await expect(steps.getByRole('listitem').nth(1)).toContainText(texts.shippedStep);
  await expect(steps.locator('[aria-current="step"]')).toHaveCount(0);
  await expect(row.getByRole('button', { name: texts.confirmReceipt, exact: true })).toHaveCount(0);
  expect((await fetchOrder(request, buyerToken, order.id)).progress).toBe('completed');
  await buyerSide.close();
});

test('the buyer reports a problem with a handed-over phone and an admin refunds it', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { name, order, buyerToken, sellerToken } = await paidPhone(request);
  const handedOver = await request.post(`/api/orders/${order.id}/handed-over`, { headers: bearer(sellerToken) });
  expect(handedOver.status()).toBe(200);
  const complaint = 'The screen has a crack; you said it was flawless.';
  const wrote = await request.post(`/api/orders/${order.id}/messages`, {
    headers: bearer(buyerToken),
    data: { body: complaint },
  });
  expect(wrote.status()).toBe(201);

  // ---- The buyer: the order's page → Help → Report a problem → the dialog → Send report.
  const buyerSide = await pageOf(browser, buyer.email);
  const buyerPage = buyerSide.page;
  await openDashboardPage(buyerPage, accountTexts.myOrders, '/dashboard/my-orders');
  const row = myOrderRows(buyerPage, name);
  await expect(row.getByText(orderShortStatusTexts.handed_over, { exact: true })).toBeVisible();
  await row.getByRole('link', { name: orderDetailsTexts.viewOrder, exact: true }).click();
  const help = region(buyerPage, orderDetailsTexts.helpHeading);
  await help.getByRole('button', { name: texts.reportProblem, exact: true }).click();
  const dialog = buyerPage.getByRole('dialog', { name: texts.problemTitle(name) });
  await dialog.getByLabel(texts.problemReason).fill('The screen has a crack the listing did not mention.');
  await dialog.getByRole('button', { name: texts.submitProblem, exact: true }).click();
  await expect(toast(buyerPage, texts.problemToast)).toBeVisible();
  await expect(help.getByText(orderDetailsTexts.problemState('open'))).toBeVisible();
  // An open problem: no Confirm receipt until an admin decides.
  const next = region(buyerPage, orderDetailsTexts.nextStepHeading);
  await expect(next.getByText(orderDetailsTexts.waitingFor.decide_problem)).toBeVisible();
  await expect(next.getByRole('button', { name: texts.confirmReceipt, exact: true })).toHaveCount(0);
  await openDashboardPage(buyerPage, accountTexts.myOrders, '/dashboard/my-orders');
  await expect(row.getByText(orderShortStatusTexts.problem, { exact: true })).toBeVisible();
  await buyerSide.close();

  // ---- The admin: Order problems → the order's facts → Refund, confirmed.
  await openAsAdmin(page, '/dashboard/order-problems', texts.adminTitle);
  const problem = adminRows(page, texts.adminTitle, name);
  await expect(problem.getByText('The screen has a crack the listing did not mention.')).toBeVisible();
  await expect(problem.getByText(order.transactionId!, { exact: false })).toBeVisible();
  // While the problem is undecided the admin may read the order's messages (never write).
  await problem.getByRole('link', { name: texts.readMessages, exact: true }).click();
  await expect(page.getByRole('log', { name: orderMessageTexts.threadLabel }).getByText(complaint)).toBeVisible();
  await expect(page.getByRole('textbox', { name: orderMessageTexts.messageLabel })).toHaveCount(0);
  await page.goBack();
  await problem.getByRole('button', { name: texts.refund, exact: true }).click();
  const confirm = page.getByRole('dialog', { name: texts.refundTitle(name) });
  await confirm.getByRole('button', { name: texts.confirmRefund, exact: true }).click();
  await expect(toast(page, texts.refundedToast)).toBeVisible();
  await expect(problem).toHaveCount(0);

  const refunded = await fetchOrder(request, buyerToken, order.id);
  expect(refunded.refundedAt).not.toBeNull();
  expect(refunded.problem?.status).toBe('refunded');

  // ---- The buyer's My Orders: the payment says Refunded, no longer Paid.
  const buyerAgain = await pageOf(browser, buyer.email);
  await openDashboardPage(buyerAgain.page, accountTexts.myOrders, '/dashboard/my-orders');
  const refundedRow = myOrderRows(buyerAgain.page, name);
  await expect(refundedRow.getByRole('cell', { name: orderDetailsTexts.payment.refunded, exact: true })).toHaveCount(2);
  await expect(refundedRow.getByText(messages.paid, { exact: true })).toHaveCount(0);
  await buyerAgain.close();
});

test('the demo buyer reports a problem with the demo’s handed-over phone and an admin refunds it', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const seeded = demoListings.find((listing) => listing.sold?.buyer === 'buyer');
  expect(seeded, 'the demo buyer has a paid, handed-over order').toBeDefined();
  const name = seeded!.name;
  const buyerToken = await apiToken(request, buyer.email);
  const order = (await fetchMyOrders(request, buyerToken)).find((item) => item.product.name === name);
  expect(order, `the demo buyer's order of ${name}`).toBeDefined();
  expect(order!.progress).toBe('handed_over');

  // ---- The demo buyer: My Orders → the order's page → Report a problem.
  const buyerSide = await pageOf(browser, buyer.email);
  const buyerPage = buyerSide.page;
  await openDashboardPage(buyerPage, accountTexts.myOrders, '/dashboard/my-orders');
  await myOrderRows(buyerPage, name).getByRole('link', { name: orderDetailsTexts.viewOrder, exact: true }).click();
  await region(buyerPage, orderDetailsTexts.helpHeading)
    .getByRole('button', { name: texts.reportProblem, exact: true })
    .click();
  const dialog = buyerPage.getByRole('dialog', { name: texts.problemTitle(name) });
  await dialog.getByLabel(texts.problemReason).fill('The back glass is chipped; the listing said no scratches.');
  await dialog.getByRole('button', { name: texts.submitProblem, exact: true }).click();
  await expect(toast(buyerPage, texts.problemToast)).toBeVisible();
  await buyerSide.close();

  // ---- The admin refunds it: the processor knows the demo's payment, so it completes.
  await openAsAdmin(page, '/dashboard/order-problems', texts.adminTitle);
  const problem = adminRows(page, texts.adminTitle, name);
  await expect(problem.getByText(order!.transactionId!, { exact: false })).toBeVisible();
  await problem.getByRole('button', { name: texts.refund, exact: true }).click();
  const confirm = page.getByRole('dialog', { name: texts.refundTitle(name) });
  await confirm.getByRole('button', { name: texts.confirmRefund, exact: true }).click();
  await expect(toast(page, texts.refundedToast)).toBeVisible();
  await expect(problem).toHaveCount(0);

  const refunded = await fetchOrder(request, buyerToken, order!.id);
  expect(refunded.refundedAt).not.toBeNull();
  expect(refunded.problem?.status).toBe('refunded');
});
