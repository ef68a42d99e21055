/**
 * Buying, as a buyer does it in the browser: booking a phone from a category page (every field of
 * the booking modal), My Orders with Pay and the order's page (the seller, whose phone number is not
 * shown: the meeting is arranged in the order's messages), removing an unpaid order,
 * the wishlist heart on a card and My Wishlist, reporting a phone (once: a second report is
 * refused), and the seller's My Sales. Each test lists its own fresh phone through the API, so the
 * tests do not depend on each other or on the demo catalogue. Texts come from the contract
 * (`messages` for the spec's, `buyingTexts`/`buyingMessages`/`webTexts` for ours).
 */
import { expect, test } from '@playwright/test';
import {
  accountTexts,
  buyingMessages,
  buyingTexts,
  formatPrice,
  messages,
  orderDetailsTexts,
  reportReasonLabels,
  webTexts,
} from '@recell/contract';
import { demoAccount, mainNav, signIn, toast } from './support/auth.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import {
  bookingDialog,
  bookThroughApi,
  createTestPhone,
  fetchMyOrders,
  fetchMySales,
  fetchWishlistIds,
  myOrderRows,
  mySaleRows,
  myWishlistRows,
  openDashboardPage,
  openPhoneCard,
  removeTestPhone,
  reportDialog,
} from './support/buying.ts';
import { expectNoHorizontalScroll } from './support/layout.ts';
import { apiToken } from './support/listings.ts';

const seller = demoAccount('seller');

test('a buyer books a phone from a category page, finds it in My Orders with Pay and the seller on its page (no phone number: the meeting is arranged in its messages), then removes the order', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const buyer = demoAccount('buyer');
  const phone = await createTestPhone(request, seller.email, { priceDollars: 275 });
  const { name } = phone.product;
  try {
    await signIn(page, buyer.email);
    const card = await openPhoneCard(page, phone);

    // ---- The booking modal: the account and the phone read-only, phone number and location required.
    await card.getByRole('button', { name: webTexts.bookNow, exact: true }).click();
    const booking = bookingDialog(page, name);
    await expect(booking.dialog).toBeVisible();
    await expect(booking.name).toHaveValue(buyer.name);
    await expect(booking.email).toHaveValue(buyer.email);
    await expect(booking.product).toHaveValue(name);
    await expect(booking.price).toHaveValue(formatPrice(phone.product.priceCents));
    for (const readOnly of [booking.name, booking.email, booking.product, booking.price]) {
      await expect(readOnly).not.toBeEditable();
    }
    await expect(booking.phone).toHaveAttribute('inputmode', 'numeric');
    await expect(booking.phone).toBeFocused();

    await booking.submit.click();
    await expect(booking.phone).toHaveAccessibleDescription(new RegExp(messages.phoneRequired));
    await expect(booking.location).toHaveAccessibleDescription(new RegExp(messages.locationRequired));

    // Escape closes it (keyboard operable); it opens again empty.
    await page.keyboard.press('Escape');
    await expect(booking.dialog).toHaveCount(0);
    await card.getByRole('button', { name: webTexts.bookNow, exact: true }).click();
    await expect(booking.dialog).toBeVisible();

    const buyerPhone = '01712345678';
    const meetAt = `Dhanmondi 27, gate ${phone.word}`;
    await booking.phone.fill(buyerPhone);
    await booking.location.fill(meetAt);
    const booked = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/orders' && response.request().method() === 'POST',
    );
    await booking.submit.click();
    expect((await booked).status(), 'POST /api/orders').toBe(201);
    await expect(toast(page, messages.orderSuccess(name))).toBeVisible();
    await expect(booking.dialog).toHaveCount(0);

    // The API has it: the buyer's order, at the listed price, with where to meet.
    const buyerToken = await apiToken(request, buyer.email);
    const order = (await fetchMyOrders(request, buyerToken)).find(
      (candidate) => candidate.product.id === phone.product.id,
    );
    expect(order).toMatchObject({
      status: 'booked',
      canPay: true,
      priceCents: phone.product.priceCents,
      phone: buyerPhone,
      location: meetAt,
    });

    // The card no longer offers Book now: it says Booked, a link to My Orders (the server still
    // refuses a second booking, see the API tests); so does the phone's page.
    await expect(card.getByRole('button', { name: webTexts.bookNow, exact: true })).toHaveCount(0);
    const bookedOnCard = card.getByRole('link', { name: webTexts.booked, exact: true });
    await expect(bookedOnCard).toHaveAttribute('href', '/dashboard/my-orders');
    await card.getByRole('link', { name: webTexts.seeDetails, exact: true }).click();
    await expect(page).toHaveURL(`/products/${phone.product.id}`);
    const details = page.getByRole('main');
    await expect(details.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
    await expect(details.getByRole('button', { name: webTexts.bookNow, exact: true })).toHaveCount(0);
    await details.getByRole('link', { name: webTexts.booked, exact: true }).click();

    // ---- My Orders: the order with its price, Pay and a link to its page (the seller's name, never their phone number).
    await expect(page).toHaveURL('/dashboard/my-orders');
    await expect(page.getByRole('heading', { level: 1, name: accountTexts.myOrders, exact: true })).toBeVisible();
    const row = myOrderRows(page, name);
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell', { name: formatPrice(phone.product.priceCents), exact: true })).toBeVisible();
    await expect(
      row.getByRole('cell', { name: formatPrice(phone.product.originalPriceCents), exact: true }),
    ).toBeVisible();
    await expect(row.getByRole('cell', { name: phone.product.location, exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: messages.statusAvailable, exact: true })).toBeVisible();
    await expect(row.getByRole('link', { name: messages.pay, exact: true })).toHaveAttribute(
      'href',
      `/dashboard/orders/payment/${order!.id}`,
    );
    await row.getByRole('link', { name: orderDetailsTexts.viewOrder, exact: true }).click();
    await expect(page).toHaveURL(`/dashboard/orders/${order!.id}`);
    const orderPhone = page.getByRole('main').getByRole('region', { name: orderDetailsTexts.phoneHeading });
    await expect(orderPhone.getByRole('link', { name: seller.name, exact: true })).toBeVisible();
    await expect(orderPhone.locator('a[href^="tel:"]')).toHaveCount(0);
    await expect(page.getByRole('main')).not.toContainText(phone.sellerPhone);
    const orderMessages = page.getByRole('main').getByRole('region', { name: orderDetailsTexts.messagesHeading });
    await expect(orderMessages.getByText(orderDetailsTexts.arrangeInMessages, { exact: true })).toBeVisible();
    await page.getByRole('link', { name: orderDetailsTexts.backToOrders, exact: true }).click();

    // On a 360 px phone the order is a card: Pay is on screen, and the page does not scroll sideways.
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoHorizontalScroll(page);
    const pay = row.getByRole('link', { name: messages.pay, exact: true });
    await pay.scrollIntoViewIfNeeded();
    await expect(pay).toBeInViewport({ ratio: 1 });
    await page.setViewportSize({ width: 1280, height: 800 });

    // ---- Remove the unpaid order: asked first, then 'Order Remove Successfully'.
    await row.getByRole('button', { name: buyingTexts.delete, exact: true }).click();
    const confirm = page.getByRole('dialog', { name: buyingTexts.deleteOrderTitle(name), exact: true });
    await expect(confirm.getByRole('button', { name: buyingTexts.cancel, exact: true })).toBeFocused();
    await confirm.getByRole('button', { name: buyingTexts.delete, exact: true }).click();
    await expect(toast(page, messages.orderRemoved)).toBeVisible();
    await expect(confirm).toHaveCount(0);
    await expect(row).toHaveCount(0);
    const orders = await fetchMyOrders(request, buyerToken);
    expect(
      orders.filter((candidate) => candidate.id === order!.id && candidate.status !== 'cancelled'),
      'the removed order is gone from My Orders',
    ).toEqual([]);
    // and the phone's card offers Book now again
    const cardAfter = await openPhoneCard(page, phone);
    await expect(cardAfter.getByRole('button', { name: webTexts.bookNow, exact: true })).toBeVisible();
  } finally {
    await removeTestPhone(request, phone.sellerToken, phone.product.id);
  }
});

test('a buyer fills and empties the heart on a card, then removes a phone from My Wishlist', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const buyer = demoAccount('buyer2');
  const phone = await createTestPhone(request, seller.email, { categoryId: '1' });
  const { name } = phone.product;
  try {
    await signIn(page, buyer.email);
    const buyerToken = await apiToken(request, buyer.email);
    const card = await openPhoneCard(page, phone);
    const add = card.getByRole('button', { name: webTexts.addToWishlist, exact: true });
    const remove = card.getByRole('button', { name: webTexts.removeFromWishlist, exact: true });

    // Outline → filled: 'Weshlist add Successfully'.
    await add.click();
    await expect(remove).toBeVisible();
    await expect(toast(page, messages.wishlistAdded)).toBeVisible();
    await expect.poll(() => fetchWishlistIds(request, buyerToken)).toContain(phone.product.id);

    // Filled → outline: 'Weshlist Remove Successfully'.
    await remove.click();
    await expect(add).toBeVisible();
    await expect(toast(page, messages.wishlistRemoved)).toBeVisible();
    await expect.poll(() => fetchWishlistIds(request, buyerToken)).not.toContain(phone.product.id);

    // Filled again; after a reload the heart is still filled (it comes from the API).
    await add.click();
    await expect(toast(page, messages.wishlistAdded)).toBeVisible();
    await page.reload();
    await expect(remove).toBeVisible();

    // ---- My Wishlist: the phone, with Book now (for sale, not booked), then Remove.
    await openDashboardPage(page, accountTexts.myWishlist, '/dashboard/my-wishlist');
    const row = myWishlistRows(page, name);
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell', { name: formatPrice(phone.product.priceCents), exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: phone.product.location, exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: webTexts.bookNow, exact: true })).toBeVisible();
    await row.getByRole('button', { name: buyingTexts.remove, exact: true }).click();
    await expect(toast(page, messages.wishlistRemoved)).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect.poll(() => fetchWishlistIds(request, buyerToken)).not.toContain(phone.product.id);

    // The card's heart is an outline again.
    const cardAgain = await openPhoneCard(page, phone);
    await expect(cardAgain.getByRole('button', { name: webTexts.addToWishlist, exact: true })).toBeVisible();
  } finally {
    await removeTestPhone(request, phone.sellerToken, phone.product.id);
  }
});

test('a buyer reports a phone once; a second report is refused with a clear message', async ({ page, request }) => {
  test.setTimeout(90_000);
  const buyer = demoAccount('buyer');
  const phone = await createTestPhone(request, seller.email, { categoryId: '1' });
  const { name } = phone.product;
  try {
    await signIn(page, buyer.email);
    const card = await openPhoneCard(page, phone);

    await card.getByRole('button', { name: webTexts.report, exact: true }).click();
    const report = reportDialog(page, name);
    await expect(report.dialog).toBeVisible();
    // Cancel closes it without reporting.
    await report.cancel.click();
    await expect(report.dialog).toHaveCount(0);

    await card.getByRole('button', { name: webTexts.report, exact: true }).click();
    await report.submit.click();
    await expect(report.reasons).toHaveAccessibleDescription(buyingMessages.reasonRequired);
    await expect(report.text).toHaveAccessibleDescription(buyingMessages.reportTextRequired);

    await report.reasons.getByRole('radio', { name: reportReasonLabels.wrong_description, exact: true }).check();
    await report.text.fill('The listing says 128 GB, the seller told me on the phone it is 64 GB.');
    const sent = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === `/api/products/${phone.product.id}/reports` &&
        response.request().method() === 'POST',
    );
    await report.submit.click();
    expect((await sent).status(), 'POST /api/products/:id/reports').toBe(201);
    await expect(toast(page, messages.reportSuccess(name))).toBeVisible();
    await expect(report.dialog).toHaveCount(0);

    // Again: refused, and the modal says why.
    await card.getByRole('button', { name: webTexts.report, exact: true }).click();
    await report.reasons.getByRole('radio', { name: reportReasonLabels.scam, exact: true }).check();
    await report.text.fill('Reporting again.');
    await report.submit.click();
    await expect(report.dialog.getByRole('alert')).toHaveText(buyingMessages.alreadyReported);
    await expect(report.dialog).toBeVisible();
  } finally {
    await removeTestPhone(request, phone.sellerToken, phone.product.id);
  }
});

test('the seller sees who booked their phone in My Sales, and on the order’s page the buyer’s phone number and meeting place', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const buyer = demoAccount('buyer2');
  const phone = await createTestPhone(request, seller.email);
  const { name } = phone.product;
  try {
    const buyerToken = await apiToken(request, buyer.email);
    const meetAt = `Agrabad ${phone.word}`;
    const order = await bookThroughApi(request, buyerToken, {
      productId: phone.product.id,
      phone: '01898765432',
      location: meetAt,
    });
    const sale = (await fetchMySales(request, phone.sellerToken)).find((candidate) => candidate.id === order.id);
    expect(sale, 'the API lists the booking among the seller’s sales').toBeDefined();

    await signIn(page, seller.email);
    await openDashboardPage(page, accountTexts.mySales, '/dashboard/my-sales');
    const row = mySaleRows(page, name);
    await expect(row).toHaveCount(1);
    await expect(row.getByText(buyer.name, { exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: buyingTexts.statusBooked, exact: true })).toBeVisible();
    // When it was booked, on a 12-hour clock.
    await expect(row.getByRole('cell', { name: / \d{1,2}:\d{2} (am|pm)$/ })).toBeVisible();
    // The buyer's contact from the booking is on the order's page.
    await row.getByRole('link', { name: orderDetailsTexts.viewOrder, exact: true }).click();
    await expect(page).toHaveURL(`/dashboard/orders/${order.id}`);
    const contact = page.getByRole('main').getByRole('region', { name: orderDetailsTexts.phoneHeading });
    await expect(contact.getByText(buyer.name, { exact: true })).toBeVisible();
    await expect(contact.getByRole('link', { name: buyer.email, exact: true })).toBeVisible();
    await expect(contact.getByRole('link', { name: '01898765432', exact: true })).toHaveAttribute(
      'href',
      'tel:01898765432',
    );
    await expect(contact.getByText(meetAt, { exact: true })).toBeVisible();
  } finally {
    await removeTestPhone(request, phone.sellerToken, phone.product.id);
  }
});

test.describe('accessibility of the buying screens', () => {
  // axe-core is injected as a script, which the production Content-Security-Policy refuses.
  test.use({ bypassCSP: true });

  test('the booking and report modals, My Orders and My Wishlist of a buyer, My Sales of the seller', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const buyer = demoAccount('buyer2');
    const phone = await createTestPhone(request, seller.email);
    const { name } = phone.product;
    try {
      const buyerToken = await apiToken(request, buyer.email);
      const wished = await request.put(`/api/me/wishlist/${phone.product.id}`, {
        headers: { authorization: `Bearer ${buyerToken}` },
      });
      expect(wished.status(), 'PUT /api/me/wishlist/:productId').toBe(204);

      await signIn(page, buyer.email);
      const card = await openPhoneCard(page, phone);
      await card.getByRole('button', { name: webTexts.bookNow, exact: true }).click();
      const booking = bookingDialog(page, name);
      await booking.submit.click();
      await expect(booking.phone).toHaveAttribute('aria-invalid', 'true');
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');

      await card.getByRole('button', { name: webTexts.report, exact: true }).click();
      const report = reportDialog(page, name);
      await report.submit.click();
      await expect(report.text).toHaveAttribute('aria-invalid', 'true');
      await expectNoAxeViolations(page);
      await report.cancel.click();

      // Booked now (after the modal above: a booked phone's card offers Booked, not Book now).
      await bookThroughApi(request, buyerToken, {
        productId: phone.product.id,
        phone: '01712345678',
        location: `Axe ${phone.word}`,
      });

      await openDashboardPage(page, accountTexts.myOrders, '/dashboard/my-orders');
      await expect(myOrderRows(page, name).getByRole('link', { name: messages.pay, exact: true })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoAxeViolations(page);

      await openDashboardPage(page, accountTexts.myWishlist, '/dashboard/my-wishlist');
      await expect(myWishlistRows(page, name).getByRole('link', { name: messages.pay, exact: true })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoAxeViolations(page);

      await mainNav(page).getByRole('button', { name: webTexts.logout, exact: true }).click();
      await signIn(page, seller.email);
      await openDashboardPage(page, accountTexts.mySales, '/dashboard/my-sales');
      await expect(mySaleRows(page, name)).toHaveCount(1);
      await page.waitForLoadState('networkidle');
      await expectNoAxeViolations(page);
    } finally {
      await removeTestPhone(request, phone.sellerToken, phone.product.id);
    }
  });
});
