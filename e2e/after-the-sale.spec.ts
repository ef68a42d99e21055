/**
 * One phone from booking to rating, as its buyer and seller live it in two browsers, each step
 * checked by the email that arrives at the local SMTP server (each links to the order's page): the
 * buyer books and pays with the test card (the seller is told of both), asks a question on the
 * order's page that the seller answers there, the seller marks the phone handed over (the buyer is
 * told), the buyer confirms receipt (the seller is told) and rates the seller, whose page then
 * shows the rating. Fresh accounts, so every email and count is theirs.
 */
import { expect, test, type Browser } from '@playwright/test';
import {
  accountTexts,
  messages,
  orderDetailsTexts,
  newMessageNotice,
  notices,
  notificationTexts,
  orderMessageTexts,
  orderProgressEmails,
  orderProgressTexts,
  ratingTexts,
  webTexts,
} from '@recell/contract';
import { dashboardMenu, mainNav, signIn, toast } from './support/auth.ts';
import { createPhone, signUpAccount, type FreshAccount } from './support/admin.ts';
import { bookingDialog, myOrderRows, mySaleRows, openDashboardPage } from './support/buying.ts';
import { uniqueToken } from './support/listings.ts';
import { latestEmailWithSubject, type ReceivedEmail } from './support/mailbox.ts';
import { paymentPage, testCards, typeCard } from './support/payments.ts';

/** A signed-in browser of its own for `account`. */
const browserOf = async (browser: Browser, account: FreshAccount) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, account.email, account.password);
  return { page, close: () => context.close() };
};

/** Every notification email says what happened, links to the site and carries its own unsubscribe link. */
const expectNotificationEmail = (email: ReceivedEmail, link: string) => {
  expect(email.text).toContain(link);
  expect(email.text).toMatch(/\/unsubscribe\?token=[\w-]{20,}/);
};

test('a phone goes from booking through payment, messages, hand-over and receipt to a rating, with an email at each step', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const token = uniqueToken();
  const seller = await signUpAccount(request, 'seller', `Sofia Seller ${token}`);
  const buyer = await signUpAccount(request, 'user', `Bruno Buyer ${token}`);
  const name = `Galaxy S21 journey ${token}`;
  const phone = await createPhone(request, seller, { name, model: 'Galaxy S21', categoryId: '3', price: 320 });

  // ---- The buyer books the phone from its page.
  const buyerSide = await browserOf(browser, buyer);
  const buyerPage = buyerSide.page;
  await buyerPage.goto(`/products/${phone.id}`);
  await buyerPage.getByRole('main').getByRole('button', { name: webTexts.bookNow, exact: true }).click();
  const booking = bookingDialog(buyerPage, name);
  await booking.phone.fill('5415550199');
  await booking.location.fill('Eugene Station, platform 2');
  await booking.submit.click();
  await expect(toast(buyerPage, messages.orderSuccess(name))).toBeVisible();
  const booked = await latestEmailWithSubject(seller.email, notices.orderBooked(name).title);
  // Every email about the order opens the order's own page.
  const orderPath = /\/dashboard\/orders\/[0-9a-f-]{36}/.exec(booked.text)?.[0];
  expect(orderPath, 'the booking email links to the order').toBeTruthy();
  expectNotificationEmail(booked, orderPath!);

  // ---- ...and pays with the test card from My Orders.
  await openDashboardPage(buyerPage, accountTexts.myOrders, '/dashboard/my-orders');
  await myOrderRows(buyerPage, name).getByRole('link', { name: messages.pay, exact: true }).click();
  const payment = paymentPage(buyerPage, name);
  await expect(payment.heading).toBeVisible();
  await typeCard(payment, { number: testCards.succeeds.replace(/ /g, '') });
  await payment.pay.click();
  await expect(toast(buyerPage, messages.paymentSuccess)).toBeVisible();
  await latestEmailWithSubject(buyer.email, notices.orderPaidBuyer(name).title);
  expectNotificationEmail(await latestEmailWithSubject(seller.email, notices.orderPaidSeller(name).title), orderPath!);

  // ---- The buyer asks a question in the order's messages, on the order's page.
  const question = `Does it come with the original box? ${token}`;
  await myOrderRows(buyerPage, name).getByRole('link', { name: orderDetailsTexts.viewOrder, exact: true }).click();
  await expect(buyerPage).toHaveURL(orderPath!);
  await buyerPage.getByRole('textbox', { name: orderMessageTexts.messageLabel }).fill(question);
  await buyerPage.getByRole('button', { name: orderMessageTexts.send, exact: true }).click();
  const buyerLog = buyerPage.getByRole('log', { name: orderMessageTexts.threadLabel });
  await expect(buyerLog.getByText(question, { exact: true })).toBeVisible();
  const messageEmail = await latestEmailWithSubject(seller.email, newMessageNotice(buyer.name, name).title);
  // The email points to the conversation; the message itself stays on the site.
  expect(messageEmail.text).not.toContain(question);

  // ---- The seller: the bell counts what happened; the question is answered, the phone handed over.
  const sellerSide = await browserOf(browser, seller);
  const sellerPage = sellerSide.page;
  await expect(
    mainNav(sellerPage).getByRole('link', { name: notificationTexts.bellLabel(3), exact: true }),
  ).toBeVisible();
  // The dashboard menu counts the unread message on My Sales.
  await sellerPage.goto('/dashboard');
  await dashboardMenu(sellerPage)
    .getByRole('link', { name: `${accountTexts.mySales} (${orderMessageTexts.unread(1)})`, exact: true })
    .click();
  await mySaleRows(sellerPage, name)
    .getByRole('link', { name: `${orderDetailsTexts.viewOrder} (${orderMessageTexts.unread(1)})`, exact: true })
    .click();
  await expect(sellerPage).toHaveURL(orderPath!);
  const sellerLog = sellerPage.getByRole('log', { name: orderMessageTexts.threadLabel });
  await expect(sellerLog.getByText(question, { exact: true })).toBeVisible();
  const answer = `Yes, box and cable included. ${token}`;
  await sellerPage.getByRole('textbox', { name: orderMessageTexts.messageLabel }).fill(answer);
  await sellerPage.getByRole('button', { name: orderMessageTexts.send, exact: true }).click();
  await expect(sellerLog.getByText(answer, { exact: true })).toBeVisible();
  // The buyer's open conversation shows the answer on its own.
  await expect(buyerLog.getByText(answer, { exact: true })).toBeVisible({ timeout: 20_000 });

  // The same page: the phone handed over.
  const sellerNext = sellerPage.getByRole('region', { name: orderDetailsTexts.nextStepHeading, exact: true });
  await sellerNext.getByRole('button', { name: orderProgressTexts.markHandedOver, exact: true }).click();
  await expect(toast(sellerPage, orderProgressTexts.handedOverToast)).toBeVisible();
  await expect(sellerNext.getByText(orderDetailsTexts.waitingFor.confirm_receipt, { exact: true })).toBeVisible();
  expectNotificationEmail(
    await latestEmailWithSubject(buyer.email, orderProgressEmails.handedOver(name).subject),
    orderPath!,
  );

  // ---- The buyer confirms receipt (the page asks first); the seller is told the sale is completed.
  await openDashboardPage(buyerPage, accountTexts.myOrders, '/dashboard/my-orders');
  await myOrderRows(buyerPage, name).getByRole('link', { name: orderDetailsTexts.viewOrder, exact: true }).click();
  const buyerNext = buyerPage.getByRole('region', { name: orderDetailsTexts.nextStepHeading, exact: true });
  await buyerNext.getByRole('button', { name: orderProgressTexts.confirmReceipt, exact: true }).click();
  await buyerPage
    .getByRole('dialog', { name: orderDetailsTexts.confirmReceiptTitle })
    .getByRole('button', { name: orderProgressTexts.confirmReceipt, exact: true })
    .click();
  await expect(toast(buyerPage, orderProgressTexts.receiptToast)).toBeVisible();
  await latestEmailWithSubject(seller.email, orderProgressEmails.completed(name, false).subject);

  // ---- ...and rates the seller.
  await buyerNext.getByRole('button', { name: ratingTexts.rateSeller, exact: true }).click();
  const rate = buyerPage.getByRole('dialog', { name: ratingTexts.rateDialogTitle(seller.name) });
  await rate.getByRole('radio', { name: ratingTexts.starLabel(5) }).check();
  await rate.getByLabel(ratingTexts.commentLabel).fill(`Smooth hand-over at the station. ${token}`);
  await rate.getByRole('button', { name: ratingTexts.submitRating, exact: true }).click();
  await expect(toast(buyerPage, ratingTexts.rated)).toBeVisible();
  await expect(
    buyerPage
      .getByRole('region', { name: orderDetailsTexts.ratingHeading, exact: true })
      .getByRole('img', { name: ratingTexts.starsOutOfFive(5) }),
  ).toBeVisible();

  // ---- The seller's public page shows the rating and its comment.
  await buyerPage.goto(`/sellers/${seller.id}`);
  const sellerProfile = buyerPage.getByRole('main');
  await expect(sellerProfile.getByText(webTexts.sellerRating(5, 1))).toBeVisible();
  await expect(sellerProfile.getByText(`Smooth hand-over at the station. ${token}`)).toBeVisible();

  await buyerSide.close();
  await sellerSide.close();
});
