/**
 * Ratings in the browser, on the demo catalogue: buyer2@ rates new.seller@ on the order's page for
 * the one earlier sale the demo leaves unrated (completed, paid 9 days ago), the seller replies once
 * on the same order's page (from My Sales), and an admin hides the comment on the seller's page,
 * whose summary keeps the stars.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { orderDetailsTexts, ratingTexts, webTexts, type ProductPage } from '@recell/contract';
import { demoRatings } from '../apps/api/src/db/seed/demo-catalogue.ts';
import { demoAccount, signIn, toast } from './support/auth.ts';
import { myOrderRows, mySaleRows } from './support/buying.ts';

const unratedSale = 'Galaxy S23 128GB Phantom Black';
const comment = 'Lovely phone, met at the station as agreed.';
const reply = 'Thank you, enjoy it!';

const signedInPage = async (browser: Browser, account: Parameters<typeof demoAccount>[0], path: string) => {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/login');
  await signIn(page, demoAccount(account).email);
  await page.goto(path);
  return page;
};
/** A part of an order's page, by its heading. */
const region = (page: Page, name: string) => page.getByRole('main').getByRole('region', { name, exact: true });

test('a buyer rates the seller of a completed order, the seller replies, an admin hides the comment', async ({
  browser,
  request,
}) => {
  // Three people sign in, one after the other.
  test.setTimeout(120_000);
  // The buyer: the completed, unrated order's page (from My Orders) offers "Rate the seller".
  const buyer = await signedInPage(browser, 'buyer2', '/dashboard/my-orders');
  await myOrderRows(buyer, unratedSale).getByRole('link', { name: orderDetailsTexts.viewOrder }).click();
  const next = region(buyer, orderDetailsTexts.nextStepHeading);
  await expect(next.getByText(orderDetailsTexts.yourTurn.rate)).toBeVisible();
  await next.getByRole('button', { name: ratingTexts.rateSeller }).click();
  const dialog = buyer.getByRole('dialog', { name: ratingTexts.rateDialogTitle(demoAccount('newSeller').name) });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: ratingTexts.submitRating }).click();
  await expect(dialog.getByText('Choose from 1 to 5 stars')).toBeVisible();
  await dialog.getByRole('radio', { name: ratingTexts.starLabel(4) }).check();
  await dialog.getByLabel(ratingTexts.commentLabel).fill(comment);
  await dialog.getByRole('button', { name: ratingTexts.submitRating }).click();
  await expect(toast(buyer, ratingTexts.rated)).toBeVisible();
  await expect(dialog).toBeHidden();
  const given = region(buyer, orderDetailsTexts.ratingHeading);
  await expect(given.getByRole('img', { name: ratingTexts.starsOutOfFive(4) })).toBeVisible();
  await expect(buyer.getByRole('button', { name: ratingTexts.rateSeller })).toHaveCount(0);

  // The seller: the sale's page (from My Sales) shows the rating and a Reply, once.
  const seller = await signedInPage(browser, 'newSeller', '/dashboard/my-sales');
  await mySaleRows(seller, unratedSale).getByRole('link', { name: orderDetailsTexts.viewOrder }).click();
  const sale = region(seller, orderDetailsTexts.ratingHeading);
  await expect(sale.getByText(comment)).toBeVisible();
  await expect(sale.getByRole('img', { name: ratingTexts.starsOutOfFive(4) })).toBeVisible();
  await sale.getByRole('button', { name: ratingTexts.reply }).click();
  const replyDialog = seller.getByRole('dialog', { name: ratingTexts.replyDialogTitle(demoAccount('buyer2').name) });
  await replyDialog.getByLabel(ratingTexts.replyLabel).fill(reply);
  await replyDialog.getByRole('button', { name: ratingTexts.submitReply }).click();
  await expect(toast(seller, ratingTexts.replied)).toBeVisible();
  await expect(sale.getByText(reply)).toBeVisible();
  await expect(sale.getByRole('button', { name: ratingTexts.reply })).toHaveCount(0);

  // The admin: the seller's page shows the summary and the list; the comment is hidden after a confirmation.
  const advertised = (await (await request.get('/api/advertised?limit=100')).json()) as ProductPage;
  const sellerId = advertised.items.find((item) => item.seller.name === demoAccount('newSeller').name)?.seller.id;
  expect(sellerId).toBeDefined();
  const stars = [...demoRatings.map((rating) => rating.stars), 4];
  const average = Math.round((stars.reduce((a, b) => a + b, 0) * 10) / stars.length) / 10;
  const admin = await signedInPage(browser, 'admin', `/sellers/${sellerId}`);
  const main = admin.getByRole('main');
  await expect(main.getByText(webTexts.sellerRating(average, stars.length))).toBeVisible();
  const rating = main.getByRole('listitem').filter({ hasText: comment });
  await expect(rating.getByText(reply)).toBeVisible();
  await rating.getByRole('button', { name: ratingTexts.hideComment }).click();
  const confirm = admin.getByRole('dialog', { name: ratingTexts.hideCommentTitle });
  await confirm.getByRole('button', { name: ratingTexts.hideComment }).click();
  await expect(toast(admin, ratingTexts.commentHiddenToast)).toBeVisible();
  await expect(main.getByText(comment)).toHaveCount(0);
  const hidden = main.getByRole('listitem').filter({ hasText: reply });
  await expect(hidden.getByText(ratingTexts.commentHidden)).toBeVisible();
  await expect(hidden.getByRole('img', { name: ratingTexts.starsOutOfFive(4) })).toBeVisible();
  // The stars still count.
  await expect(main.getByText(webTexts.sellerRating(average, stars.length))).toBeVisible();
});
