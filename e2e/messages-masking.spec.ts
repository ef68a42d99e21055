/**
 * Contact details in an order's messages, as the buyer and the seller meet them: the order's page
 * says the meeting is arranged in its messages and shows no seller phone number; typing a phone
 * number or an email address in the message box shows the warning at once (and it goes when they
 * are gone); once sent, both sides read the message with them hidden and the note saying why. Fresh
 * accounts and a fresh phone, so the thread is theirs alone.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { contactDetailTexts, orderDetailsTexts, orderMessageTexts, orderPagePath } from '@recell/contract';
import { signIn } from './support/auth.ts';
import { createPhone, signUpAccount, type FreshAccount } from './support/admin.ts';
import { bookThroughApi, orderPageRegion } from './support/buying.ts';
import { uniqueToken } from './support/listings.ts';

/** The seller's number as createPhone lists it, in the ways a page could write it. */
const sellerPhoneForms = ['5035550123', '503-555-0123', '(503) 555-0123', '503 555 0123'];

/** Signs `account` in on a page of its own and opens the order's page, at its Messages section. */
const openOrderAs = async (browser: Browser, account: FreshAccount, orderId: string) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, account.email, account.password);
  await page.goto(orderPagePath(orderId));
  const messages = orderPageRegion(page, orderDetailsTexts.messagesHeading);
  await expect(messages).toBeVisible();
  return { page, messages, close: () => context.close() };
};

/** The warning under the message box (in its always-present live region). */
const composerWarning = (page: Page) =>
  page.getByRole('main').getByRole('status').filter({ hasText: contactDetailTexts.composerWarningTitle });

test('in an order’s messages a phone number or an email is warned about while typed and hidden once sent, for both sides; the order shows no seller phone', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const token = uniqueToken();
  const seller = await signUpAccount(request, 'seller', `Sam Seller ${token}`);
  const buyer = await signUpAccount(request, 'user', `Bea Buyer ${token}`);
  const phone = await createPhone(request, seller, {
    name: `iPhone 12 masked ${token}`,
    model: 'iPhone 12',
    categoryId: '1',
  });
  const order = await bookThroughApi(request, buyer.token, {
    productId: phone.id,
    phone: '5415550123',
    location: 'Eugene, OR',
  });
  const phoneNumber = '503 555 0199';
  const email = `bea.${token}@example.com`;
  const message = `Text me on ${phoneNumber} or write to ${email} (${token})`;
  const masked = `Text me on ${contactDetailTexts.mask} or write to ${contactDetailTexts.mask} (${token})`;

  // ---- The buyer's order page: the meeting is arranged in its messages; no seller phone.
  const buyerSide = await openOrderAs(browser, buyer, order.id);
  const main = buyerSide.page.getByRole('main');
  await expect(buyerSide.messages.getByText(orderDetailsTexts.arrangeInMessages, { exact: true })).toBeVisible();
  const phoneRegion = orderPageRegion(buyerSide.page, orderDetailsTexts.phoneHeading);
  await expect(phoneRegion.getByRole('link', { name: seller.name, exact: true })).toBeVisible();
  await expect(main.locator('a[href^="tel:"]')).toHaveCount(0);
  for (const form of sellerPhoneForms) await expect(main).not.toContainText(form);

  // ---- Typing: no warning for plain words; a phone number brings it, live; so does an email.
  const box = buyerSide.messages.getByRole('textbox', { name: orderMessageTexts.messageLabel, exact: true });
  const warning = composerWarning(buyerSide.page);
  await box.pressSequentially(`Text me on `);
  await expect(warning).toHaveCount(0);
  await box.pressSequentially(phoneNumber);
  await expect(warning).toBeVisible();
  await expect(warning).toContainText(contactDetailTexts.composerWarning);
  // The box is described by the warning, so a screen reader reads it there too.
  await expect(box).toHaveAccessibleDescription(new RegExp(contactDetailTexts.composerWarningTitle));
  // Gone once the number is gone.
  await box.fill('Text me on ');
  await expect(warning).toHaveCount(0);
  await box.pressSequentially(`later, or write to ${email}`);
  await expect(warning).toBeVisible();

  // ---- Sent: hidden, with the note, for the buyer.
  await box.fill(message);
  await expect(warning).toBeVisible();
  await buyerSide.messages.getByRole('button', { name: orderMessageTexts.send, exact: true }).click();
  const buyerLog = buyerSide.messages.getByRole('log', { name: orderMessageTexts.threadLabel });
  const buyerItem = buyerLog.getByRole('listitem').filter({ hasText: masked });
  await expect(buyerItem.getByText(masked, { exact: true })).toBeVisible();
  await expect(buyerItem.getByText(contactDetailTexts.maskedNote, { exact: true })).toBeVisible();
  await expect(box).toHaveValue('');
  await expect(warning).toHaveCount(0);
  await expect(buyerLog).not.toContainText(phoneNumber);
  await expect(buyerLog).not.toContainText(email);

  // ---- The seller reads it hidden too, with the note; a plain reply carries no note.
  const sellerSide = await openOrderAs(browser, seller, order.id);
  await expect(sellerSide.messages.getByText(orderDetailsTexts.arrangeInMessages, { exact: true })).toBeVisible();
  const sellerLog = sellerSide.messages.getByRole('log', { name: orderMessageTexts.threadLabel });
  const sellerItem = sellerLog.getByRole('listitem').filter({ hasText: masked });
  await expect(sellerItem.getByText(masked, { exact: true })).toBeVisible();
  await expect(sellerItem.getByText(contactDetailTexts.maskedNote, { exact: true })).toBeVisible();
  await expect(sellerItem.getByText(`${buyer.name} (${orderMessageTexts.buyer})`)).toBeVisible();
  await expect(sellerSide.page.getByRole('main')).not.toContainText(phoneNumber);
  await expect(sellerSide.page.getByRole('main')).not.toContainText(email);

  const reply = `Let us meet at the library on Saturday, ${token}.`;
  await sellerSide.messages.getByRole('textbox', { name: orderMessageTexts.messageLabel, exact: true }).fill(reply);
  await expect(composerWarning(sellerSide.page)).toHaveCount(0);
  await sellerSide.messages.getByRole('button', { name: orderMessageTexts.send, exact: true }).click();
  const replyItem = sellerLog.getByRole('listitem').filter({ hasText: reply });
  await expect(replyItem.getByText(reply, { exact: true })).toBeVisible();
  await expect(replyItem.getByText(contactDetailTexts.maskedNote, { exact: true })).toHaveCount(0);
  await expect(sellerLog.getByText(contactDetailTexts.maskedNote, { exact: true })).toHaveCount(1);

  await buyerSide.close();
  await sellerSide.close();
});
