/**
 * A seller is paid for a sale, as the people do it in their browsers with the built-in test-mode
 * card and payout processors: the seller connects a payout account on Payouts (the test-mode setup
 * page, "Completes: payouts enabled"); a buyer books the seller's phone and pays with the test
 * card, and reads the receipt from the order's page; the seller hands the phone over, the buyer
 * confirms receipt, and the server's release job (every minute) pays the seller: Payouts shows the
 * sale Paid out with its price, fee and what the seller receives, to the cent, and Download CSV
 * saves the same row. Then the buyer reports a problem, an admin refunds it on Order problems, the
 * payout is reversed (Payouts says so and Paid out is back to nothing) and the buyer's receipt says
 * the payment was refunded. Payouts fits a 360 px phone.
 *
 * Fresh seller and buyer accounts, so the payout account and every figure are theirs. The price
 * has cents whose fee is half a cent (5 % of $240.10 is $12.005), which rounds up.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import {
  accountTexts,
  formatPrice,
  messages,
  orderDetailsTexts,
  orderProgressTexts,
  paymentTexts,
  payoutTexts,
  sellerFeeOf,
  webTexts,
} from '@recell/contract';
import { adminRows, createPhone, openAsAdmin, signUpAccount, type FreshAccount } from './support/admin.ts';
import { signIn, toast } from './support/auth.ts';
import { bookingDialog, myOrderRows, mySaleRows, openDashboardPage, orderPageRegion } from './support/buying.ts';
import { expectNoHorizontalScroll, phoneViewport } from './support/layout.ts';
import { uniqueToken } from './support/listings.ts';
import { paymentPage, summaryValue, testCards, typeCard } from './support/payments.ts';

/** The marketplace's fee when SELLER_FEE_PERCENT and SELLER_FEE_FIXED_CENTS are unset (the e2e server's). */
const defaultSellerFee = { percent: 5, fixedCents: 0 };

/**
 * The release job runs every minute, first 90 s after the server starts (the embedded database's
 * interval schedule; `npm run jobs:run` cannot open the database the server holds), so the sale may
 * wait up to about a minute and a half for it.
 */
const releaseWaitMs = 150_000;

/** A signed-in browser of its own for `account` (`viewport` when its size matters). */
const browserOf = async (
  browser: Browser,
  account: FreshAccount,
  options: Parameters<Browser['newContext']>[0] = {},
) => {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await signIn(page, account.email, account.password);
  return { page, close: () => context.close() };
};

/** The Payouts page's parts, by the names the page gives them. */
const payoutsPage = (page: Page) => {
  const main = page.getByRole('main');
  const sales = main.getByRole('table', { name: payoutTexts.salesHeading, exact: true });
  return {
    account: main.getByRole('region', { name: payoutTexts.accountHeading, exact: true }),
    balances: main.getByRole('region', { name: payoutTexts.balancesHeading, exact: true }),
    sales,
    /** The sales' row of `name`. */
    row: (name: string) => sales.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) }),
    downloadCsv: main.getByRole('button', { name: payoutTexts.downloadCsv, exact: true }),
  };
};

/** The cell of `column` in a row of the Payouts sales table (the row's header is the first column). */
const saleCell = async (sales: Locator, row: Locator, column: string) => {
  const columns = (await sales.getByRole('columnheader').allTextContents()).map((text) => text.trim());
  expect(columns[0], 'the phone is the row header').toBe(payoutTexts.columns.phone);
  const index = columns.indexOf(column);
  expect(index, `the sales table has a ${column} column`).toBeGreaterThan(0);
  return row.getByRole('cell').nth(index - 1);
};

/** Expects each of `values` (column → text) in the row's cell of that column. */
const expectSaleCells = async (page: Page, name: string, values: Record<string, string>) => {
  const { sales, row } = payoutsPage(page);
  await expect(row(name)).toHaveCount(1);
  for (const [column, text] of Object.entries(values)) {
    await expect(await saleCell(sales, row(name), column), `${name}: ${column}`).toHaveAccessibleName(text);
  }
};

/** A figure of the Balances (Held, On the way, Paid out), waited for. */
const expectBalance = async (page: Page, term: string, amount: string) => {
  const { balances } = payoutsPage(page);
  await expect(balances.getByRole('term').filter({ hasText: term })).toBeVisible();
  await expect.poll(() => summaryValue(balances, term), { message: `the ${term} balance` }).toBe(amount);
};

/** Opens the order's page of `name` from My Orders (the buyer's), and answers its address. */
const openMyOrder = async (page: Page, name: string) => {
  await openDashboardPage(page, accountTexts.myOrders, '/dashboard/my-orders');
  await myOrderRows(page, name).getByRole('link', { name: orderDetailsTexts.viewOrder, exact: true }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: orderDetailsTexts.heading(name), exact: true }),
  ).toBeVisible();
  return new URL(page.url()).pathname;
};

/** Follows View receipt from the order's page; waits for the receipt's figures. */
const openReceipt = async (page: Page) => {
  await orderPageRegion(page, orderDetailsTexts.phoneHeading)
    .getByRole('link', { name: orderDetailsTexts.viewReceipt, exact: true })
    .click();
  const main = page.getByRole('main');
  await expect(page.getByRole('heading', { level: 1, name: paymentTexts.receiptTitle, exact: true })).toBeVisible();
  await expect(main.getByRole('term').filter({ hasText: paymentTexts.receiptTotal })).toBeVisible();
  return main;
};

test('a seller connects a payout account, is paid when the order completes, and the payout is reversed when the buyer is refunded', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const token = uniqueToken();
  const seller = await signUpAccount(request, 'seller', `Paula Payee ${token}`);
  const buyer = await signUpAccount(request, 'user', `Ben Buyer ${token}`);
  const name = `Pixel 8 payout ${token}`;
  const priceCents = 24_010;
  const feeCents = sellerFeeOf(priceCents, defaultSellerFee);
  const netCents = priceCents - feeCents;
  // 5 % of $240.10 is 1200.5 cents: half a cent rounds up.
  expect([feeCents, netCents]).toEqual([1201, 22_809]);

  // ---- The seller: Payouts says there is no account yet; the test-mode setup completes it.
  const sellerSide = await browserOf(browser, seller);
  const sellerPage = sellerSide.page;
  const payouts = payoutsPage(sellerPage);
  await openDashboardPage(sellerPage, payoutTexts.navPayouts, '/dashboard/payouts');
  await expect(payouts.account.getByText(payoutTexts.accountState.not_connected, { exact: true })).toBeVisible();
  await expect(payouts.balances).toBeVisible();
  await expect(sellerPage.getByRole('main').getByText(payoutTexts.noSales, { exact: true })).toBeVisible();
  await payouts.account.getByRole('button', { name: payoutTexts.connect, exact: true }).click();

  await expect(sellerPage).toHaveURL('/dashboard/payouts/test-onboarding');
  await expect(
    sellerPage.getByRole('heading', { level: 1, name: payoutTexts.testOnboardingTitle, exact: true }),
  ).toBeVisible();
  const outcomes = sellerPage.getByRole('group', { name: payoutTexts.testOutcomeLegend, exact: true });
  await outcomes.getByRole('radio', { name: payoutTexts.testOutcomes.complete, exact: true }).check();
  await sellerPage.getByRole('button', { name: payoutTexts.testOnboardingSubmit, exact: true }).click();

  await expect(sellerPage).toHaveURL('/dashboard/payouts');
  await expect(sellerPage.getByRole('heading', { level: 1, name: payoutTexts.title, exact: true })).toBeVisible();
  await expect(payouts.account.getByText(payoutTexts.accountState.ready, { exact: true })).toBeVisible();
  // Ready: nothing left to set up.
  await expect(payouts.account.getByRole('button')).toHaveCount(0);

  // ---- The seller's phone for sale (listed through the API, as the listing tests do it in the browser).
  const phone = await createPhone(request, seller, {
    name,
    model: 'Pixel 8',
    categoryId: '3',
    price: priceCents / 100,
  });

  // ---- The buyer books it from its page and pays with the test card from My Orders.
  const buyerSide = await browserOf(browser, buyer);
  const buyerPage = buyerSide.page;
  await buyerPage.goto(`/products/${phone.id}`);
  await buyerPage.getByRole('main').getByRole('button', { name: webTexts.bookNow, exact: true }).click();
  const booking = bookingDialog(buyerPage, name);
  await booking.phone.fill('5415550142');
  await booking.location.fill('Eugene Station');
  await booking.submit.click();
  await expect(toast(buyerPage, messages.orderSuccess(name))).toBeVisible();

  await openDashboardPage(buyerPage, accountTexts.myOrders, '/dashboard/my-orders');
  await myOrderRows(buyerPage, name).getByRole('link', { name: messages.pay, exact: true }).click();
  const payment = paymentPage(buyerPage, name);
  await expect(payment.heading).toBeVisible();
  await typeCard(payment, { number: testCards.succeeds.replace(/ /g, '') });
  await payment.pay.click();
  await expect(toast(buyerPage, messages.paymentSuccess)).toBeVisible();
  await expect(buyerPage).toHaveURL('/dashboard/my-orders');

  // ---- The buyer's receipt, from the order's page: the price, the total charged, the card's last four.
  const orderPath = await openMyOrder(buyerPage, name);
  const orderId = orderPath.split('/').pop()!;
  const receipt = await openReceipt(buyerPage);
  expect(await summaryValue(receipt, paymentTexts.receiptPhone)).toBe(name);
  expect(await summaryValue(receipt, paymentTexts.receiptPrice)).toBe(formatPrice(priceCents));
  // No buyer's service fee on the e2e server: the card was charged the price.
  expect(await summaryValue(receipt, paymentTexts.receiptTotal)).toBe(formatPrice(priceCents));
  expect(await summaryValue(receipt, paymentTexts.receiptCard)).toBe(paymentTexts.receiptCardEnding('4242'));
  await expect(receipt.getByText(paymentTexts.receiptRefunded, { exact: true })).toHaveCount(0);

  // ---- Payouts lists the sale, held until the order completes, with the fee taken.
  await sellerPage.reload();
  await expectSaleCells(sellerPage, name, {
    [payoutTexts.columns.price]: formatPrice(priceCents),
    [payoutTexts.columns.fee]: formatPrice(feeCents),
    [payoutTexts.columns.net]: formatPrice(netCents),
    [payoutTexts.columns.state]: payoutTexts.saleState.held,
  });
  await expectBalance(sellerPage, payoutTexts.held, formatPrice(netCents));
  await expectBalance(sellerPage, payoutTexts.paidOut, formatPrice(0));

  // ---- The seller marks it handed over on the order's page (from My Sales).
  await openDashboardPage(sellerPage, accountTexts.mySales, '/dashboard/my-sales');
  await mySaleRows(sellerPage, name).getByRole('link', { name: orderDetailsTexts.viewOrder, exact: true }).click();
  await expect(sellerPage).toHaveURL(orderPath);
  const sellerNext = orderPageRegion(sellerPage, orderDetailsTexts.nextStepHeading);
  await sellerNext.getByRole('button', { name: orderProgressTexts.markHandedOver, exact: true }).click();
  await expect(toast(sellerPage, orderProgressTexts.handedOverToast)).toBeVisible();
  await expect(sellerNext.getByText(orderDetailsTexts.waitingFor.confirm_receipt, { exact: true })).toBeVisible();

  // ---- The buyer confirms receipt (asked first): the order is completed.
  await buyerPage.goto(orderPath);
  const buyerNext = orderPageRegion(buyerPage, orderDetailsTexts.nextStepHeading);
  await buyerNext.getByRole('button', { name: orderProgressTexts.confirmReceipt, exact: true }).click();
  await buyerPage
    .getByRole('dialog', { name: orderDetailsTexts.confirmReceiptTitle })
    .getByRole('button', { name: orderProgressTexts.confirmReceipt, exact: true })
    .click();
  await expect(toast(buyerPage, orderProgressTexts.receiptToast)).toBeVisible();

  // ---- The release job pays the seller: Payouts (looked at again until then) shows it Paid out.
  await openDashboardPage(sellerPage, payoutTexts.navPayouts, '/dashboard/payouts');
  await expect(async () => {
    await sellerPage.reload();
    const state = await saleCell(payouts.sales, payouts.row(name), payoutTexts.columns.state);
    await expect(state).toHaveAccessibleName(payoutTexts.saleState.sent, { timeout: 3_000 });
  }, 'the release job pays the sale out').toPass({ timeout: releaseWaitMs, intervals: [3_000] });
  await expectSaleCells(sellerPage, name, {
    [payoutTexts.columns.price]: formatPrice(priceCents),
    [payoutTexts.columns.fee]: formatPrice(feeCents),
    [payoutTexts.columns.net]: formatPrice(netCents),
  });
  await expectBalance(sellerPage, payoutTexts.paidOut, formatPrice(netCents));
  await expectBalance(sellerPage, payoutTexts.held, formatPrice(0));
  await expectBalance(sellerPage, payoutTexts.onTheWay, formatPrice(0));

  // ---- Download CSV: recell-payouts.csv, its columns as the table's, the sale's row to the cent.
  const downloading = sellerPage.waitForEvent('download');
  await payouts.downloadCsv.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(payoutTexts.csvFileName);
  const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  const [header, ...lines] = csv.split('\r\n').map((line) => line.split(','));
  const { columns } = payoutTexts;
  expect(header).toEqual([
    payoutTexts.csvOrderId,
    columns.phone,
    columns.soldAt,
    columns.price,
    columns.fee,
    columns.net,
    columns.releaseAt,
    columns.state,
  ]);
  const csvRow = lines.find((line) => line[0] === orderId);
  expect(csvRow, `the CSV has the order ${orderId}: ${csv}`).toBeDefined();
  expect(csvRow).toEqual([
    orderId,
    name,
    expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    '240.10',
    '12.01',
    '228.09',
    expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    payoutTexts.saleState.sent,
  ]);

  // ---- The buyer reports a problem (within 48 hours of the hand-over, after confirming receipt too).
  await buyerPage.goto(orderPath);
  const help = orderPageRegion(buyerPage, orderDetailsTexts.helpHeading);
  await help.getByRole('button', { name: orderProgressTexts.reportProblem, exact: true }).click();
  const problem = `The battery dies within an hour; the listing said it was like new. ${token}`;
  const report = buyerPage.getByRole('dialog', { name: orderProgressTexts.problemTitle(name) });
  await report.getByLabel(orderProgressTexts.problemReason).fill(problem);
  await report.getByRole('button', { name: orderProgressTexts.submitProblem, exact: true }).click();
  await expect(toast(buyerPage, orderProgressTexts.problemToast)).toBeVisible();
  await expect(help.getByText(orderDetailsTexts.problemState('open'), { exact: true })).toBeVisible();

  // ---- The admin refunds it on Order problems (confirmed).
  const adminContext = await browser.newContext();
  try {
    const adminPage = await adminContext.newPage();
    await openAsAdmin(adminPage, '/dashboard/order-problems', orderProgressTexts.adminTitle);
    const problemRow = adminRows(adminPage, orderProgressTexts.adminTitle, name);
    await expect(problemRow.getByText(problem)).toBeVisible();
    await problemRow.getByRole('button', { name: orderProgressTexts.refund, exact: true }).click();
    await adminPage
      .getByRole('dialog', { name: orderProgressTexts.refundTitle(name) })
      .getByRole('button', { name: orderProgressTexts.confirmRefund, exact: true })
      .click();
    await expect(toast(adminPage, orderProgressTexts.refundedToast)).toBeVisible();
    await expect(problemRow).toHaveCount(0);
  } finally {
    await adminContext.close();
  }

  // ---- Payouts: the sale's payout was reversed, and nothing is paid out any more.
  await sellerPage.reload();
  await expectSaleCells(sellerPage, name, { [payoutTexts.columns.state]: payoutTexts.saleState.reversed });
  await expectBalance(sellerPage, payoutTexts.paidOut, formatPrice(0));

  // ---- The buyer's receipt says the payment was refunded.
  await buyerPage.goto(orderPath);
  const refundedReceipt = await openReceipt(buyerPage);
  await expect(refundedReceipt.getByText(paymentTexts.receiptRefunded, { exact: true })).toBeVisible();
  expect(await summaryValue(refundedReceipt, paymentTexts.receiptTotal)).toBe(formatPrice(priceCents));

  await buyerSide.close();
  await sellerSide.close();

  // ---- Payouts on a 360 px phone: the sale is a card, and the page does not scroll sideways.
  const phoneSide = await browserOf(browser, seller, phoneViewport);
  try {
    await phoneSide.page.goto('/dashboard/payouts');
    const onPhone = payoutsPage(phoneSide.page);
    await expect(onPhone.account.getByText(payoutTexts.accountState.ready, { exact: true })).toBeVisible();
    await expect(onPhone.row(name)).toBeVisible();
    await expect(onPhone.downloadCsv).toBeVisible();
    await expectNoHorizontalScroll(phoneSide.page);
  } finally {
    await phoneSide.close();
  }
});
