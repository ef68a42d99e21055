/**
 * Messages between a buyer and a seller, as they live it: the buyer books a phone and writes to the
 * seller on the order's page, from My Orders (on a phone-sized screen); the seller is emailed a link
 * (never the message), sees the unread badge in the dashboard menu and on the sale's link to its
 * order, reads the thread there and replies; the buyer sees the reply arrive. Fresh accounts, so
 * the counts are theirs alone.
 */
import { expect, test } from '@playwright/test';
import {
  accountTexts,
  newMessageNotice,
  orderDetailsTexts,
  orderMessagesPagePath,
  orderMessageTexts,
  orderPagePath,
} from '@recell/contract';
import { dashboardMenu, signIn } from './support/auth.ts';
import { createPhone, signUpAccount } from './support/admin.ts';
import { bookThroughApi, myOrderRows, mySaleRows } from './support/buying.ts';
import { expectNoHorizontalScroll, phoneViewport } from './support/layout.ts';
import { uniqueToken } from './support/listings.ts';
import { latestEmailWithSubject } from './support/mailbox.ts';

test('a buyer writes to the seller of a booked phone; the seller sees it unread, replies, and the buyer reads the reply', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const token = uniqueToken();
  const seller = await signUpAccount(request, 'seller', `Selma Seller ${token}`);
  const buyer = await signUpAccount(request, 'user', `Boris Buyer ${token}`);
  const name = `Pixel 7 chat ${token}`;
  const phone = await createPhone(request, seller, { name, model: 'Pixel 7', categoryId: '3' });
  const order = await bookThroughApi(request, buyer.token, {
    productId: phone.id,
    phone: '5415550123',
    location: 'Eugene, OR',
  });
  const question = `Hello! Is the battery original? <b>${token}</b>`;
  const reply = `Yes, original battery. See you Saturday, ${token}.`;

  // ---- The buyer, on a phone: My Orders → the order's page → its messages → write.
  const buyerContext = await browser.newContext(phoneViewport);
  const buyerPage = await buyerContext.newPage();
  await signIn(buyerPage, buyer.email, buyer.password);
  await buyerPage.goto('/dashboard/my-orders');
  await myOrderRows(buyerPage, name).getByRole('link', { name: orderDetailsTexts.viewOrder, exact: true }).click();
  await expect(buyerPage).toHaveURL(orderPagePath(order.id));
  await expect(buyerPage.getByRole('heading', { level: 1, name: orderDetailsTexts.heading(name) })).toBeVisible();
  await expect(buyerPage.getByText(orderMessageTexts.noMessages)).toBeVisible();
  const box = buyerPage.getByRole('textbox', { name: orderMessageTexts.messageLabel });
  await box.fill(question);
  await buyerPage.getByRole('button', { name: orderMessageTexts.send, exact: true }).click();
  const buyerLog = buyerPage.getByRole('log', { name: orderMessageTexts.threadLabel });
  // Shown as typed: text, not markup.
  await expect(buyerLog.getByText(question, { exact: true })).toBeVisible();
  await expect(box).toHaveValue('');
  await expectNoHorizontalScroll(buyerPage);

  // ---- The seller is emailed a link to the thread, without the message.
  const email = await latestEmailWithSubject(seller.email, newMessageNotice('', name).title);
  expect(email.text).toContain(orderMessagesPagePath(order.id));
  expect(email.text).not.toContain('battery');

  // ---- The seller: the unread badge in the menu and on the sale, then the thread.
  const sellerContext = await browser.newContext();
  const sellerPage = await sellerContext.newPage();
  await signIn(sellerPage, seller.email, seller.password);
  await sellerPage.goto('/dashboard');
  const unreadSales = dashboardMenu(sellerPage).getByRole('link', {
    name: `${accountTexts.mySales} (${orderMessageTexts.unread(1)})`,
    exact: true,
  });
  await expect(unreadSales).toBeVisible();
  await unreadSales.click();
  const saleOrder = mySaleRows(sellerPage, name).getByRole('link', {
    name: `${orderDetailsTexts.viewOrder} (${orderMessageTexts.unread(1)})`,
    exact: true,
  });
  await saleOrder.click();
  await expect(sellerPage).toHaveURL(orderPagePath(order.id));
  const sellerLog = sellerPage.getByRole('log', { name: orderMessageTexts.threadLabel });
  await expect(sellerLog.getByText(question, { exact: true })).toBeVisible();
  await expect(sellerPage.getByText(orderMessageTexts.withBuyer(buyer.name))).toBeVisible();
  // Read: the badge goes.
  await expect(dashboardMenu(sellerPage).getByRole('link', { name: accountTexts.mySales, exact: true })).toBeVisible();

  await sellerPage.getByRole('textbox', { name: orderMessageTexts.messageLabel }).fill(reply);
  await sellerPage.getByRole('button', { name: orderMessageTexts.send, exact: true }).click();
  await expect(sellerLog.getByText(reply, { exact: true })).toBeVisible();

  // ---- The buyer's open thread shows the reply on its own (it polls), and it is read there.
  await expect(buyerLog.getByText(reply, { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(buyerLog.getByText(`${seller.name} (${orderMessageTexts.seller})`)).toBeVisible();

  await buyerContext.close();
  await sellerContext.close();
});
