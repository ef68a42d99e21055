/**
 * Where the focus goes, and what is said, when a person's action changes the page under them: after
 * Submit Order the focus is back on the card's Book now and the outcome is in a live region; the
 * payment page's heading has the focus on arrival, and My Orders' heading after the payment; the
 * last Load more hands the focus to the first card it brought. Toasts never cover the header or its
 * Menu button, and the booking modal of a long-named phone keeps Cancel and Submit Order on a
 * 360×740 screen. On a phone and on a laptop. After sending a message the focus is back in the
 * message box; after Mark shipped and after a problem report, where the button was, with the new
 * status (on a laptop).
 */
import { expect, test, type Page } from '@playwright/test';
import {
  accountTexts,
  buyingTexts,
  categoryBrands,
  listingTexts,
  messages,
  orderMessagesPagePath,
  orderDetailsTexts,
  orderMessageTexts,
  orderProgressTexts,
  pageSize,
  webTexts,
  type CategoryId,
  type Product,
} from '@recell/contract';
import { demoAccount, signIn } from './support/auth.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import {
  bookingDialog,
  bookThroughApi,
  createTestPhone,
  openPhoneCard,
  orderPageRegion,
  removeTestPhone,
} from './support/buying.ts';
import { handOverThroughApi, paidOrderOf } from './support/paid-order.ts';
import { createPhone, signUpAccount } from './support/admin.ts';
import { phoneViewport } from './support/layout.ts';
import {
  apiToken,
  categoryResults,
  createListing,
  deleteListing,
  expectSettledResults,
  uniqueToken,
  uploadPhoto,
} from './support/listings.ts';
import { paymentPage, testCards, typeCard } from './support/payments.ts';

const seller = demoAccount('seller');
const buyer = demoAccount('buyer');

/** Whether two boxes share any area. */
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
type Box = { x: number; y: number; width: number; height: number };

/** The focus is on an element of the page, not fallen to <body>. */
const expectFocusNotLost = async (page: Page) => {
  expect(await page.evaluate(() => document.activeElement?.tagName ?? 'none')).not.toMatch(/^(BODY|none)$/);
};

/**
 * Watches for the toast saying `text` (start before the action that raises it): measured in the page
 * the moment it shows, with the header and the Menu button (a success toast lasts two seconds).
 */
const watchToast = (page: Page, text: string) =>
  page
    .waitForFunction(
      ({ text, menu }) => {
        const box = (element: Element | null | undefined) => {
          if (!element) return null;
          const { x, y, width, height } = element.getBoundingClientRect();
          return width > 0 && height > 0 ? { x, y, width, height } : null;
        };
        const shown = Array.from(document.querySelectorAll('[role="status"]')).find(
          (element) => element.textContent?.trim() === text,
        );
        if (!shown || !box(shown)) return null;
        const menuButton = Array.from(document.querySelectorAll('header button')).find(
          (element) => element.textContent?.trim() === menu,
        );
        return {
          toast: box(shown)!,
          live: shown.getAttribute('aria-live'),
          viewport: { x: 0, y: 0, width: window.innerWidth, height: window.innerHeight },
          header: box(document.querySelector('header'))!,
          menuButton: box(menuButton),
        };
      },
      { text, menu: webTexts.menu },
      { polling: 'raf' },
    )
    .then((handle) => handle.jsonValue());

/** The toast was a polite live region, on screen, covering neither the header nor its Menu button. */
const expectToastClearOfNavigation = async (watched: ReturnType<typeof watchToast>, isPhone: boolean) => {
  const facts = await watched;
  if (!facts) throw new Error('no toast');
  expect(facts.live).toBe('polite');
  const { toast: box, viewport } = facts;
  expect(box.y >= 0 && box.y + box.height <= viewport.height, 'the toast is on screen').toBe(true);
  expect(overlaps(box, facts.header), 'the toast covers the header').toBe(false);
  // The Menu button is there on phones only.
  expect(facts.menuButton !== null).toBe(isPhone);
  if (facts.menuButton) expect(overlaps(box, facts.menuButton), 'the toast covers the Menu button').toBe(false);
};

/** A phone listed by the demo seller through the API, for a grid the demo does not have. */
const listPhone = (
  request: Parameters<typeof createListing>[0],
  token: string,
  imageId: string,
  { name, categoryId, word }: { name: string; categoryId: CategoryId; word: string },
) =>
  createListing(request, token, {
    name,
    categoryId,
    price: 180,
    originalPrice: 400,
    brand: categoryBrands[categoryId],
    model: word,
    used: '1 year',
    location: 'Portland, OR',
    phone: '5035550188',
    condition: 'Good',
    authenticity: 'Original',
    features: '64 GB, browser-test listing for focus',
    description: 'A browser-test listing, removed when the test ends.',
    imageId,
  });

const screens = [
  { label: 'on a phone (360×740)', options: phoneViewport, isPhone: true },
  { label: 'on a laptop (1366×900)', options: { viewport: { width: 1366, height: 900 } }, isPhone: false },
];

for (const { label, options, isPhone } of screens) {
  test.describe(label, () => {
    test.use(options);

    test('after Submit Order the focus is on Booked, where Book now was, and the booking is said in a live region clear of the header', async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      const phone = await createTestPhone(request, seller.email, { priceDollars: 220 });
      const { name } = phone.product;
      try {
        await signIn(page, buyer.email);
        const card = await openPhoneCard(page, phone);
        const bookNow = card.getByRole('button', { name: webTexts.bookNow, exact: true });
        await bookNow.click();
        const booking = bookingDialog(page, name);
        await booking.phone.fill('5035550111');
        await booking.location.fill('Portland');
        const booked = watchToast(page, messages.orderSuccess(name));
        await booking.submit.click();

        await expect(booking.dialog).toHaveCount(0);
        await expectToastClearOfNavigation(booked, isPhone);
        // Book now gave way to Booked (a link to My Orders): the focus is there.
        await expect(bookNow).toHaveCount(0);
        await expect(card.getByRole('link', { name: webTexts.booked, exact: true })).toBeFocused();
        await expectFocusNotLost(page);
      } finally {
        await removeTestPhone(request, phone.sellerToken, phone.product.id);
      }
    });

    test('the payment page’s heading has the focus on arrival, and My Orders’ heading after the payment', async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      const phone = await createTestPhone(request, seller.email, { priceDollars: 230 });
      const { name, id: productId } = phone.product;
      try {
        const buyerToken = await apiToken(request, buyer.email);
        const order = await bookThroughApi(request, buyerToken, { productId, phone: '5035550112', location: 'Salem' });

        await page.goto('/dashboard/my-orders');
        await expect(page).toHaveURL('/login');
        await signIn(page, buyer.email);
        await expect(page).toHaveURL('/dashboard/my-orders');
        const row = page
          .getByRole('table', { name: accountTexts.myOrders, exact: true })
          .getByRole('row')
          .filter({ has: page.getByRole('rowheader', { name, exact: true }) });
        await row.getByRole('link', { name: messages.pay, exact: true }).click();
        await expect(page).toHaveURL(`/dashboard/orders/payment/${order.id}`);

        const payment = paymentPage(page, name);
        await expect(payment.heading).toBeFocused();

        await typeCard(payment, { number: testCards.succeeds.replace(/ /g, '') });
        const paid = watchToast(page, messages.paymentSuccess);
        await payment.pay.click();
        await expect(page).toHaveURL('/dashboard/my-orders');
        await expect(page.getByRole('heading', { level: 1, name: accountTexts.myOrders, exact: true })).toBeFocused();
        await expectToastClearOfNavigation(paid, isPhone);
      } finally {
        await removeTestPhone(request, phone.sellerToken, productId);
      }
    });

    test('the last Load more puts the focus on the first card it brought, and the count says how many', async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const categoryId: CategoryId = '3';
      const word = `Focus${uniqueToken()}`;
      const count = pageSize.default + 2;
      const token = await apiToken(request, seller.email);
      const imageId = await uploadPhoto(request, token);
      const created: Product[] = [];
      try {
        for (let index = 0; index < count; index += 1) {
          const name = `${word} Phone ${String(index + 1).padStart(2, '0')}`;
          created.push(await listPhone(request, token, imageId, { name, categoryId, word }));
        }
        await signIn(page, buyer.email);
        await page.goto(`/categories/${categoryId}?q=${word}`);
        const results = await expectSettledResults(page, categoryId, pageSize.default, true);
        const firstNew = results.getByRole('list').getByRole('listitem').nth(pageSize.default);

        const loadMore = results.getByRole('button', { name: listingTexts.loadMore, exact: true });
        await loadMore.click();
        await expectSettledResults(page, categoryId, count);
        await expect(loadMore).toHaveCount(0);
        await expect(firstNew).toBeFocused();
        await expect(firstNew).toBeInViewport();
        // The count line is a status (a polite live region): it says how many there are now.
        await expect(categoryResults(page, categoryId).getByRole('status')).toHaveText(
          listingTexts.resultCount(count, false),
        );
      } finally {
        for (const product of created) await deleteListing(request, token, product.id);
      }
    });
  });
}

test.describe('on a phone (360×740)', () => {
  // axe is injected as an inline script, which the app's Content-Security-Policy rightly refuses.
  test.use({ ...phoneViewport, bypassCSP: true });

  test('the booking modal of a long-named phone wraps the name and keeps Cancel and Submit Order on screen', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const categoryId: CategoryId = '3';
    const word = `Longname${uniqueToken()}`;
    // As long as a name may be (120 characters), in words that wrap.
    const name = `${word} ${'Ultra Pro Max Limited Edition Dual SIM '.repeat(3)}`.slice(0, 120).trim();
    const token = await apiToken(request, seller.email);
    const product = await listPhone(request, token, await uploadPhoto(request, token), { name, categoryId, word });
    try {
      await signIn(page, buyer.email);
      await page.goto(`/categories/${categoryId}?q=${word}`);
      const results = await expectSettledResults(page, categoryId, 1);
      await results.getByRole('button', { name: webTexts.bookNow, exact: true }).click();

      const booking = bookingDialog(page, name);
      await expect(booking.dialog).toBeVisible();
      const scrollBefore = await page.evaluate(() => window.scrollY);
      const cancel = booking.dialog.getByRole('button', { name: buyingTexts.cancel, exact: true });
      for (const control of [booking.dialog.getByRole('heading', { name: buyingTexts.bookTitle(name) }), cancel]) {
        await expect(control).toBeInViewport({ ratio: 1 });
      }
      await expect(booking.submit).toBeInViewport({ ratio: 1 });
      // The whole name shows in its field: it wraps, nothing hidden.
      await expect(booking.product).toHaveValue(name);
      const field = await booking.product.evaluate((element) => ({
        hidden: element.scrollHeight - element.clientHeight,
        wide: element.scrollWidth - element.clientWidth,
      }));
      expect(field).toEqual({ hidden: 0, wide: 0 });
      // The fields scroll inside the modal; the page under it did not move.
      await booking.location.scrollIntoViewIfNeeded();
      await expect(booking.location).toBeInViewport();
      await expect(cancel).toBeInViewport({ ratio: 1 });
      expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);
      await expectNoAxeViolations(page);

      await cancel.click();
      await expect(booking.dialog).toHaveCount(0);
      await expect(results.getByRole('button', { name: webTexts.bookNow, exact: true })).toBeFocused();
    } finally {
      await deleteListing(request, token, product.id);
    }
  });
});

test.describe('on a laptop (1366×900), after the sale', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('after sending a message the focus is back in the message box, for the next one', async ({ page, request }) => {
    test.setTimeout(90_000);
    // Fresh accounts: the demo seller's unread count stays as the other tests expect it.
    const token = uniqueToken();
    const chatSeller = await signUpAccount(request, 'seller', `Focus Seller ${token}`);
    const chatBuyer = await signUpAccount(request, 'user', `Focus Buyer ${token}`);
    const phone = await createPhone(request, chatSeller, {
      name: `Focus chat ${token}`,
      model: 'Pixel 7',
      categoryId: '3',
    });
    const order = await bookThroughApi(request, chatBuyer.token, {
      productId: phone.id,
      phone: '5035550113',
      location: 'Bend',
    });
    await signIn(page, chatBuyer.email, chatBuyer.password);
    await page.goto(orderMessagesPagePath(order.id));
    const box = page.getByRole('textbox', { name: orderMessageTexts.messageLabel });
    await box.fill('Is Saturday at noon fine?');
    await page.getByRole('button', { name: orderMessageTexts.send, exact: true }).click();
    await expect(
      page.getByRole('log', { name: orderMessageTexts.threadLabel }).getByText('Is Saturday at noon fine?'),
    ).toBeVisible();
    await expect(box).toHaveValue('');
    await expect(box).toBeFocused();
    // The next message goes straight in.
    await page.keyboard.type('See you there.');
    await expect(box).toHaveValue('See you there.');
  });

  test('after Mark shipped on the order’s page the focus goes on from the next step, which says what happens now', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { name, order } = await paidOrderOf(request, { sellerEmail: seller.email, buyerEmail: buyer.email });
    await signIn(page, seller.email);
    await page.goto(`/dashboard/orders/${order.id}`);
    const next = orderPageRegion(page, orderDetailsTexts.nextStepHeading);
    await next.getByRole('button', { name: orderProgressTexts.markShipped, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: orderProgressTexts.shipTitle(name) });
    await dialog.getByRole('button', { name: orderProgressTexts.confirmShipped, exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(next.getByText(orderDetailsTexts.waitingFor.confirm_receipt)).toBeVisible();
    await expectFocusNotLost(page);
    await expect(page.getByRole('heading', { level: 2, name: orderDetailsTexts.nextStepHeading })).toBeFocused();
  });

  test('after sending a problem report from the order’s page the focus is not lost, and the page says it is open', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { name, order, sellerToken } = await paidOrderOf(request, {
      sellerEmail: seller.email,
      buyerEmail: buyer.email,
    });
    await handOverThroughApi(request, sellerToken, order.id);
    await signIn(page, buyer.email);
    await page.goto(`/dashboard/orders/${order.id}`);
    await orderPageRegion(page, orderDetailsTexts.helpHeading)
      .getByRole('button', { name: orderProgressTexts.reportProblem, exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: orderProgressTexts.problemTitle(name) });
    await dialog.getByLabel(orderProgressTexts.problemReason).fill('It does not charge.');
    await dialog.getByRole('button', { name: orderProgressTexts.submitProblem, exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(
      orderPageRegion(page, orderDetailsTexts.nextStepHeading).getByText(orderDetailsTexts.waitingFor.decide_problem),
    ).toBeVisible();
    await expect(
      orderPageRegion(page, orderDetailsTexts.helpHeading).getByText(orderDetailsTexts.problemState('open')),
    ).toBeVisible();
    await expectFocusNotLost(page);
  });
});
