/**
 * An order's own page, as its buyer and its seller reach it: from My Orders and My Sales (a row's
 * "View order"), with the phone, the price, every step with its date, the next step and whose it is,
 * the actions (Confirm receipt asks first), help and the messages. And the two tables themselves:
 * one short status per row, fitting their box beside the sidebar at 1024, 1366 and 1920 px with
 * names broken only between words, also after a rating reply. Each test lists its own phone and
 * books and pays for it through the API (the test-mode processor); texts come from the contract.
 */
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import {
  accountTexts,
  buyingMessages,
  orderDetailsTexts as texts,
  orderMessageTexts,
  orderProgressTexts,
  orderShortStatusTexts,
  ratingTexts,
  type OrderDetails,
} from '@recell/contract';
import { demoAccount, signedInPageOf, toast } from './support/auth.ts';
import { paidOrderOf } from './support/paid-order.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { myOrderRows, mySaleRows, openDashboardPage, orderPageRegion } from './support/buying.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const seller = demoAccount('seller');
const buyer = demoAccount('buyer');

const orderDetails = async (request: APIRequestContext, token: string, orderId: string) => {
  const response = await request.get(`/api/orders/${orderId}/details`, { headers: bearer(token) });
  expect(response.status()).toBe(200);
  return (await response.json()) as OrderDetails;
};

/** A paid order of a fresh phone: the demo seller's, the demo buyer's. */
const paidPhone = (request: APIRequestContext) =>
  paidOrderOf(request, {
    sellerEmail: seller.email,
    buyerEmail: buyer.email,
    priceDollars: 260,
    location: 'Eugene Public Library',
  });

/** Each person's page at a laptop's size. */
const pageOf = (browser: Browser, email: string, viewport = { width: 1366, height: 800 }) =>
  signedInPageOf(browser, email, viewport);

const region = orderPageRegion;

/** The table's frame (the box it must fit) does not scroll sideways, nor does the page. */
const expectTableFits = async (page: Page, table: Locator, label: string) => {
  await expect(table).toBeVisible();
  const sizes = await table.evaluate((element) => {
    const frame = element.parentElement!;
    return {
      scrollWidth: frame.scrollWidth,
      clientWidth: frame.clientWidth,
      scrollLeft: frame.scrollLeft,
      pageScrollWidth: document.documentElement.scrollWidth,
      pageClientWidth: document.documentElement.clientWidth,
    };
  });
  expect(sizes.scrollWidth, `${label}: the table fits its box`).toBeLessThanOrEqual(sizes.clientWidth);
  expect(sizes.scrollLeft, `${label}: the table is not scrolled sideways`).toBe(0);
  expect(sizes.pageScrollWidth, `${label}: the page does not scroll sideways`).toBeLessThanOrEqual(
    sizes.pageClientWidth,
  );
};

/**
 * Where the text of `cells` wraps inside a word ("Galax/y"): for each character, the line it is on;
 * a new line that starts between two letters is a break inside a word.
 */
const wordsBrokenIn = (cells: Locator) =>
  cells.evaluateAll((elements) => {
    const broken: string[] = [];
    for (const element of elements) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        let lastTop: number | null = null;
        for (let index = 0; index < text.length; index += 1) {
          const range = document.createRange();
          range.setStart(node, index);
          range.setEnd(node, index + 1);
          const rect = range.getClientRects()[0];
          if (!rect) continue;
          const isInWord = /\S/.test(text[index]!) && index > 0 && /\S/.test(text[index - 1]!);
          if (lastTop !== null && rect.top > lastTop + 2 && isInWord) {
            broken.push(`${text.slice(0, index)}/${text.slice(index)}`);
          }
          lastTop = rect.top;
        }
      }
    }
    return broken;
  });

test('a buyer goes from My Orders to the order’s page, reads its timeline and confirms receipt after the dialog asks', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { name, order, buyerToken, sellerToken } = await paidPhone(request);
  const shipped = await request.post(`/api/orders/${order.id}/shipped`, {
    headers: bearer(sellerToken),
    data: { trackingNote: 'UPS 1Z999AA10123456784' },
  });
  expect(shipped.status()).toBe(200);

  const { page, close } = await pageOf(browser, buyer.email);
  await openDashboardPage(page, accountTexts.myOrders, '/dashboard/my-orders');
  const row = myOrderRows(page, name);
  // One short status in the row; the steps and actions are on the order's page.
  await expect(row.getByText(orderShortStatusTexts.shipped, { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: orderProgressTexts.confirmReceipt })).toHaveCount(0);
  await row.getByRole('link', { name: texts.viewOrder }).click();

  await expect(page).toHaveURL(`/dashboard/orders/${order.id}`);
  await expect(page.getByRole('heading', { level: 1, name: texts.heading(name) })).toBeVisible();
  const phone = region(page, texts.phoneHeading);
  await expect(phone.getByRole('img', { name })).toBeVisible();
  await expect(phone.getByRole('link', { name: texts.viewListing })).toHaveAttribute(
    'href',
    `/products/${order.product.id}`,
  );
  await expect(phone.getByText('$260')).toBeVisible();
  await expect(phone.getByText(texts.payment.paid, { exact: true })).toBeVisible();
  await expect(phone.getByRole('link', { name: seller.name })).toBeVisible();

  const timeline = region(page, texts.timelineHeading).getByRole('listitem');
  await expect(timeline).toHaveText([
    new RegExp(`^✓${texts.timeline.booked} \\(${texts.stepDone}\\)\\w{3} \\d`),
    new RegExp(`^✓${texts.timeline.paid} \\(${texts.stepDone}\\)\\w{3} \\d`),
    new RegExp(`^✓${texts.timeline.shipped} \\(${texts.stepDone}\\)\\w{3} \\d.*UPS 1Z999AA10123456784`),
    new RegExp(`^${texts.timeline.completed} \\(${texts.stepToCome}\\)${texts.notYet}$`),
  ]);
  const next = region(page, texts.nextStepHeading);
  await expect(next.getByText(texts.yourTurn.confirm_receipt)).toBeVisible();
  const help = region(page, texts.helpHeading);
  await expect(help.getByText(/You can report a problem until/)).toBeVisible();
  await expect(help.getByRole('button', { name: orderProgressTexts.reportProblem, exact: true })).toBeVisible();
  await expect(
    region(page, texts.messagesHeading).getByRole('log', { name: orderMessageTexts.threadLabel }),
  ).toBeVisible();

  await page.waitForLoadState('networkidle');
  await expectNoAxeViolations(page);

  // Confirm receipt asks first, and says it cannot be undone; Cancel changes nothing.
  const confirmReceipt = next.getByRole('button', { name: orderProgressTexts.confirmReceipt, exact: true });
  await confirmReceipt.click();
  const dialog = page.getByRole('dialog', { name: texts.confirmReceiptTitle });
  await expect(dialog).toContainText('This cannot be undone');
  await expectNoAxeViolations(page);
  await expect(dialog.getByRole('button', { name: orderProgressTexts.cancel, exact: true })).toBeFocused();
  await dialog.getByRole('button', { name: orderProgressTexts.cancel, exact: true }).click();
  await expect(dialog).toBeHidden();
  expect((await orderDetails(request, buyerToken, order.id)).progress).toBe('shipped');

  await confirmReceipt.click();
  await dialog.getByRole('button', { name: orderProgressTexts.confirmReceipt, exact: true }).click();
  await expect(toast(page, orderProgressTexts.receiptToast)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(next.getByText(texts.yourTurn.rate)).toBeVisible();
  await expect(confirmReceipt).toHaveCount(0);
  // The focus goes on from the next step, not the page's body.
  await expect(page.getByRole('heading', { level: 2, name: texts.nextStepHeading })).toBeFocused();
  await expect(timeline.last()).toHaveText(
    new RegExp(`^✓${texts.timeline.completed} \\(${texts.stepDone}\\)\\w{3} \\d`),
  );
  // Received: the hand-over keeps its name.
  const steps = next.getByRole('list', { name: orderProgressTexts.progressLabel });
  await expect(steps.getByText(orderProgressTexts.shippedStep, { exact: true })).toBeVisible();
  await expect(steps.getByText(orderProgressTexts.steps.handedOver, { exact: true })).toHaveCount(0);
  expect((await orderDetails(request, buyerToken, order.id)).progress).toBe('completed');

  await page.getByRole('link', { name: texts.backToOrders }).click();
  await expect(myOrderRows(page, name).getByText(orderShortStatusTexts.completed, { exact: true })).toBeVisible();
  await close();
});

test('a seller goes from My Sales to the order’s page, marks the phone handed over and writes to the buyer; others find no such order', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { name, order, buyerToken } = await paidPhone(request);

  const { page, close } = await pageOf(browser, seller.email);
  await openDashboardPage(page, accountTexts.mySales, '/dashboard/my-sales');
  const row = mySaleRows(page, name);
  await expect(row.getByText(orderShortStatusTexts.awaiting_handover, { exact: true })).toBeVisible();
  await row.getByRole('link', { name: texts.viewOrder }).click();

  await expect(page).toHaveURL(`/dashboard/orders/${order.id}`);
  const next = region(page, texts.nextStepHeading);
  await expect(next.getByText(texts.yourTurn.hand_over)).toBeVisible();
  // The buyer's contact and meeting place, from the booking.
  const phone = region(page, texts.phoneHeading);
  await expect(phone.getByText(buyer.name)).toBeVisible();
  await expect(phone.getByRole('link', { name: '5035550123' })).toHaveAttribute('href', 'tel:5035550123');
  await expect(phone.getByText('Eugene Public Library')).toBeVisible();
  await expect(region(page, texts.timelineHeading).getByText(texts.handoverToCome)).toBeVisible();

  await next.getByRole('button', { name: orderProgressTexts.markHandedOver, exact: true }).click();
  await expect(toast(page, orderProgressTexts.handedOverToast)).toBeVisible();
  await expect(next.getByText(texts.waitingFor.confirm_receipt)).toBeVisible();
  await expect(
    region(page, texts.timelineHeading).getByRole('listitem').filter({ hasText: texts.timeline.handed_over }),
  ).toContainText(/\w{3} \d/);
  expect((await orderDetails(request, buyerToken, order.id)).handover).toBe('handed_over');

  // The order's messages are on its page.
  const messages = region(page, texts.messagesHeading);
  await messages.getByRole('textbox', { name: orderMessageTexts.messageLabel }).fill('Enjoy the phone!');
  await messages.getByRole('button', { name: orderMessageTexts.send, exact: true }).click();
  await expect(messages.getByRole('log').getByText('Enjoy the phone!')).toBeVisible();
  await close();

  // Another buyer, at the same address: the order is not theirs, and nothing says it exists.
  const other = await pageOf(browser, demoAccount('buyer2').email);
  await other.page.goto(`/dashboard/orders/${order.id}`);
  await expect(other.page.getByRole('alert')).toContainText(buyingMessages.orderNotFound);
  await expect(other.page.getByText(name)).toHaveCount(0);
  await other.close();
});

test('after the seller replies to a rating on the order’s page, My Sales fits its box, not scrolled sideways', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { name, order, buyerToken, sellerToken } = await paidPhone(request);
  for (const [url, token, data] of [
    [`/api/orders/${order.id}/handed-over`, sellerToken, undefined],
    [`/api/orders/${order.id}/receipt`, buyerToken, undefined],
    [`/api/orders/${order.id}/rating`, buyerToken, { stars: 4, comment: 'Friendly, and the phone is as described.' }],
  ] as const) {
    const answer = await request.post(url, { headers: bearer(token), ...(data ? { data } : {}) });
    expect(answer.ok(), `${url}: ${await answer.text()}`).toBe(true);
  }

  const { page, close } = await pageOf(browser, seller.email);
  await openDashboardPage(page, accountTexts.mySales, '/dashboard/my-sales');
  await mySaleRows(page, name).getByRole('link', { name: texts.viewOrder }).click();
  const rating = region(page, texts.ratingHeading);
  await expect(rating.getByRole('img', { name: ratingTexts.starsOutOfFive(4) })).toBeVisible();
  await rating.getByRole('button', { name: ratingTexts.reply, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: ratingTexts.replyDialogTitle(buyer.name.split(' ')[0]!) });
  await dialog.getByLabel(ratingTexts.replyLabel).fill('Thank you, enjoy it!');
  await dialog.getByRole('button', { name: ratingTexts.submitReply, exact: true }).click();
  await expect(toast(page, ratingTexts.replied)).toBeVisible();
  await expect(rating.getByText('Thank you, enjoy it!')).toBeVisible();

  await page.getByRole('link', { name: texts.backToSales }).click();
  const table = page.getByRole('main').getByRole('table', { name: accountTexts.mySales, exact: true });
  await expect(mySaleRows(page, name).getByText(orderShortStatusTexts.completed, { exact: true })).toBeVisible();
  await expectTableFits(page, table, 'My Sales after a reply');
  await close();
});

for (const width of [1024, 1366, 1920]) {
  test(`My Orders and My Sales fit their box beside the sidebar at ${width} px, names broken only between words`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const viewport = { width, height: 900 };
    // The demo's second buyer and the seller who sold to them: a dozen orders with long phone names.
    const buyerSide = await pageOf(browser, demoAccount('buyer2').email, viewport);
    await openDashboardPage(buyerSide.page, accountTexts.myOrders, '/dashboard/my-orders');
    const orders = buyerSide.page.getByRole('main').getByRole('table', { name: accountTexts.myOrders, exact: true });
    await expect(orders.getByRole('rowheader').first()).toBeVisible();
    await expectTableFits(buyerSide.page, orders, `My Orders at ${width} px`);
    expect(
      await wordsBrokenIn(orders.getByRole('rowheader').or(orders.getByRole('cell'))),
      `My Orders at ${width} px`,
    ).toEqual([]);
    await buyerSide.close();

    const sellerSide = await pageOf(browser, demoAccount('newSeller').email, viewport);
    await openDashboardPage(sellerSide.page, accountTexts.mySales, '/dashboard/my-sales');
    const sales = sellerSide.page.getByRole('main').getByRole('table', { name: accountTexts.mySales, exact: true });
    await expect(sales.getByRole('rowheader').first()).toBeVisible();
    await expectTableFits(sellerSide.page, sales, `My Sales at ${width} px`);
    expect(
      await wordsBrokenIn(sales.getByRole('rowheader').or(sales.getByRole('cell'))),
      `My Sales at ${width} px`,
    ).toEqual([]);
    await sellerSide.close();
  });
}
