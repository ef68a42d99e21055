/**
 * WCAG 2.x A/AA checks with axe-core on the public pages and the signed-in ones (dashboard, listings),
 * once their content has loaded. Colour contrast is part of them, so dark mode gets its own runs.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  accountTexts,
  adminTexts,
  buyingTexts,
  categoryBrands,
  listingTexts,
  messages,
  orderProgressTexts,
  webTexts,
  type PaymentIntent,
} from '@recell/contract';
import {
  accountSearch,
  adminRows,
  createPhone,
  messagesCaption,
  openAsAdmin,
  reportPhone,
  searchAccounts,
  sendContactMessage,
  signUpAccount,
  type FreshAccount,
} from './support/admin.ts';
import { demoAccount, expectDashboardOf, signIn, toast } from './support/auth.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { bookingDialog, bookThroughApi, myOrderRows, myWishlistRows } from './support/buying.ts';
import { pageBackgroundLuminance, phoneViewport } from './support/layout.ts';
import { paymentPage } from './support/payments.ts';
import { openHome } from './support/catalogue.ts';
import {
  addProductForm,
  categoryResults,
  fetchCategoryPage,
  myProductRows,
  myProductsTable,
  productCards,
  uniqueToken,
} from './support/listings.ts';

// axe is injected as an inline script, which the app's Content-Security-Policy rightly refuses.
test.use({ bypassCSP: true });

const openStaticPage = async (page: Page, path: string) => {
  await page.goto(path);
  await expect(page.getByRole('main')).toBeVisible();
  await page.waitForLoadState('networkidle');
};

/** A buyer on the Samsung page (a deep link: login first), once its phones are shown. */
const openCategoryAsBuyer = async (page: Page) => {
  await page.goto('/categories/3');
  await expect(page).toHaveURL('/login');
  await signIn(page, demoAccount('buyer').email);
  await expect(page.getByRole('heading', { level: 1, name: categoryBrands['3'], exact: true })).toBeVisible();
  await expect(productCards(categoryResults(page, '3')).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
};

/** The admin's Messages page with a fresh unread message in its inbox (the unread row's own colours). */
const openMessagesWithUnread = async (page: Page, request: APIRequestContext) => {
  const name = `Axe Visitor ${uniqueToken()}`;
  await sendContactMessage(request, {
    name,
    email: 'axe.visitor@example.com',
    message: 'Is the about page accessible?',
  });
  await openAsAdmin(page, '/dashboard/messages', accountTexts.contactMessages);
  await expect(adminRows(page, messagesCaption('inbox'), name)).toHaveCount(1);
  await page.waitForLoadState('networkidle');
};

test.describe('accessibility (axe, WCAG 2.x A and AA)', () => {
  test('home page, with its categories and advertised phones', async ({ page }) => {
    await openHome(page);
    await expectNoAxeViolations(page);
  });

  test('about page', async ({ page }) => {
    await openStaticPage(page, '/about');
    await expectNoAxeViolations(page);
  });

  test('blogs page', async ({ page }) => {
    await openStaticPage(page, '/blogs');
    await expectNoAxeViolations(page);
  });

  test('login page, with its social sign-in buttons', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('main').getByRole('button', { name: accountTexts.google, exact: true })).toBeEnabled();
    await expectNoAxeViolations(page);
  });

  test('sign-up page, also with every field showing its message', async ({ page }) => {
    await page.goto('/signup');
    const main = page.getByRole('main');
    await expect(main.getByRole('button', { name: accountTexts.google, exact: true })).toBeEnabled();
    await expectNoAxeViolations(page);

    await main.getByRole('button', { name: accountTexts.signupButton, exact: true }).click();
    await expect(main.getByText(messages.imageRequired, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("a buyer's dashboard", async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/login');
    const user = await signIn(page, demoAccount('buyer').email);
    await expectDashboardOf(page, user);
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page);
  });

  test('Add Product, also with every field showing its message', async ({ page }) => {
    await page.goto('/dashboard/addProduct');
    await expect(page).toHaveURL('/login');
    await signIn(page, demoAccount('seller').email);
    const form = addProductForm(page);
    await expect(form.name).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page);

    await form.submit.click();
    await expect(page.getByRole('main').getByText(messages.imageRequired, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("My Products, with the seller's phones (for sale, advertised and sold)", async ({ page }) => {
    await page.goto('/dashboard/my-products');
    await expect(page).toHaveURL('/login');
    await signIn(page, demoAccount('seller').email);
    const table = myProductsTable(page);
    await expect(table.getByRole('button', { name: messages.noAccess, exact: true }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page);
  });

  test('My Products, with the delete dialog open', async ({ page }) => {
    await page.goto('/dashboard/my-products');
    await expect(page).toHaveURL('/login');
    await signIn(page, demoAccount('seller').email);
    await myProductsTable(page).getByRole('button', { name: listingTexts.delete, exact: true }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('dialog').getByRole('button', { name: listingTexts.cancel, exact: true }).click();
  });

  test("the admin's Messages, with an unread message", async ({ page, request }) => {
    await openMessagesWithUnread(page, request);
    await expectNoAxeViolations(page);
  });

  test('a category page, with its search form and phones', async ({ page }) => {
    await openCategoryAsBuyer(page);
    await expectNoAxeViolations(page);
  });

  test("a phone's details page", async ({ page, request }) => {
    const [phone] = (await fetchCategoryPage(request, '3')).items;
    await page.goto('/login');
    await signIn(page, demoAccount('buyer').email);
    await page.goto(`/products/${phone!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: phone!.name, exact: true })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page);
  });

  test('404 page', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: messages.notFoundTitle, exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('accessibility in dark mode', () => {
  test.use({ colorScheme: 'dark' });

  test('home page', async ({ page }) => {
    await openHome(page);
    expect(await pageBackgroundLuminance(page), 'the page follows the dark colour scheme').toBeLessThan(0.2);
    await expectNoAxeViolations(page);
  });

  test("the admin's Messages", async ({ page, request }) => {
    await openMessagesWithUnread(page, request);
    expect(await pageBackgroundLuminance(page), 'the page follows the dark colour scheme').toBeLessThan(0.2);
    await expectNoAxeViolations(page);
  });

  test('a category page', async ({ page }) => {
    await openCategoryAsBuyer(page);
    expect(await pageBackgroundLuminance(page), 'the page follows the dark colour scheme').toBeLessThan(0.2);
    await expectNoAxeViolations(page);
  });
});

/** Opens a dashboard page by its address and waits for its heading and its content. */
const openDashboard = async (page: Page, path: string, heading: string, content: Locator) => {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
  await expect(content).toBeVisible();
  await page.waitForLoadState('networkidle');
};

/** Opens the dialog `opener` opens, runs axe on the page with it, and closes it with its button `close`. */
const expectDialogPasses = async (page: Page, opener: Locator, dialogName: string, close: string) => {
  await opener.click();
  const dialog = page.getByRole('dialog', { name: dialogName, exact: true });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: close, exact: true }).click();
  await expect(dialog).toHaveCount(0);
};

const freshPhone = (request: APIRequestContext, seller: FreshAccount, word: string) =>
  createPhone(request, seller, { name: `${word} Phone`, model: word, categoryId: '3' });

/**
 * Every dashboard page and dialog of each role, with rows in every table, light and dark, as a
 * table (desktop) and as cards (phone). Fresh accounts and phones, made through the API.
 */
for (const scheme of ['light', 'dark'] as const) {
  for (const screen of [
    { label: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    { label: 'phone', use: phoneViewport },
  ]) {
    test.describe(`the dashboard in ${scheme} mode on a ${screen.label} (axe, WCAG 2.x A and AA)`, () => {
      test.use({ colorScheme: scheme, ...screen.use });

      const expectScheme = async (page: Page) => {
        const luminance = await pageBackgroundLuminance(page);
        if (scheme === 'dark') expect(luminance, 'the page follows the dark colour scheme').toBeLessThan(0.2);
        else expect(luminance, 'the page follows the light colour scheme').toBeGreaterThan(0.8);
      };

      test("a buyer's My Orders, My Wishlist, payment page, the Delete and Book now dialogs", async ({
        page,
        request,
      }) => {
        test.setTimeout(120_000);
        const token = uniqueToken();
        const seller = await signUpAccount(request, 'seller', `Axe Shop ${token}`);
        const booked = await freshPhone(request, seller, `Axebook${token}`);
        const wished = await freshPhone(request, seller, `Axewish${token}`);
        const buyer = await signUpAccount(request, 'user', `Axe Buyer ${token}`);
        await bookThroughApi(request, buyer.token, { productId: booked.id, phone: '01712345678', location: 'Uttara' });
        const wishlisted = await request.put(`/api/me/wishlist/${wished.id}`, {
          headers: { authorization: `Bearer ${buyer.token}` },
        });
        expect(wishlisted.status(), 'PUT /api/me/wishlist/:productId').toBe(204);
        await signIn(page, buyer.email, buyer.password);

        const orderRow = myOrderRows(page, booked.name);
        await openDashboard(page, '/dashboard/my-orders', accountTexts.myOrders, orderRow);
        await expectScheme(page);
        await expectNoAxeViolations(page);
        await expectDialogPasses(
          page,
          orderRow.getByRole('button', { name: buyingTexts.delete, exact: true }),
          buyingTexts.deleteOrderTitle(booked.name),
          buyingTexts.cancel,
        );

        const wishRow = myWishlistRows(page, wished.name);
        await openDashboard(page, '/dashboard/my-wishlist', accountTexts.myWishlist, wishRow);
        await expectNoAxeViolations(page);
        await wishRow.getByRole('button', { name: webTexts.bookNow, exact: true }).click();
        const booking = bookingDialog(page, wished.name);
        await expect(booking.dialog).toBeVisible();
        await expectNoAxeViolations(page);
        await booking.submit.click();
        await expect(booking.phone).toHaveAttribute('aria-invalid', 'true');
        await expectNoAxeViolations(page);
        await page.keyboard.press('Escape');
        await expect(booking.dialog).toHaveCount(0);

        await openDashboard(page, '/dashboard/my-orders', accountTexts.myOrders, orderRow);
        await orderRow.getByRole('link', { name: messages.pay, exact: true }).click();
        const payment = paymentPage(page, booked.name);
        await expect(payment.heading).toBeVisible();
        await expect(payment.cardNumber).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expectNoAxeViolations(page);
      });

      test("a seller's My Products, its Delete dialog, Add Product and My Sales", async ({ page, request }) => {
        test.setTimeout(120_000);
        const token = uniqueToken();
        const seller = await signUpAccount(request, 'seller', `Axe Seller ${token}`);
        const forSale = await freshPhone(request, seller, `Axeshelf${token}`);
        const advertised = await freshPhone(request, seller, `Axead${token}`);
        const ad = await request.post(`/api/products/${advertised.id}/advertise`, {
          headers: { authorization: `Bearer ${seller.token}` },
        });
        expect(ad.status(), 'POST /api/products/:id/advertise').toBe(201);
        const buyer = await signUpAccount(request, 'user', `Axe Customer ${token}`);
        await bookThroughApi(request, buyer.token, { productId: forSale.id, phone: '01712345678', location: 'Uttara' });
        await signIn(page, seller.email, seller.password);

        const row = myProductRows(page, forSale.name);
        await openDashboard(page, '/dashboard/my-products', accountTexts.myProducts, row);
        await expectScheme(page);
        await expectNoAxeViolations(page);
        await expectDialogPasses(
          page,
          row.getByRole('button', { name: listingTexts.delete, exact: true }),
          listingTexts.deleteTitle(forSale.name),
          listingTexts.cancel,
        );

        await openDashboard(page, '/dashboard/addProduct', accountTexts.addProduct, addProductForm(page).name);
        await expectNoAxeViolations(page);
        await addProductForm(page).submit.click();
        await expect(page.getByRole('main').getByText(messages.imageRequired, { exact: true })).toBeVisible();
        await expectNoAxeViolations(page);

        await openDashboard(
          page,
          '/dashboard/my-sales',
          accountTexts.mySales,
          page.getByRole('main').getByRole('rowheader', { name: forSale.name, exact: true }),
        );
        await expectNoAxeViolations(page);
      });

      test("the admin's lists, their Delete and Report Text dialogs, and the audit log", async ({ page, request }) => {
        test.setTimeout(120_000);
        const token = uniqueToken();
        const seller = await signUpAccount(request, 'seller', `Axe Listed ${token}`);
        const buyer = await signUpAccount(request, 'user', `Axe Reporter ${token}`);
        const reported = await freshPhone(request, seller, `Axereported${token}`);
        await reportPhone(request, buyer, reported.id, { reason: 'wrong_description', text: 'Not the model it says.' });

        await openAsAdmin(page, '/dashboard/all-users', accountTexts.allUsers);
        await expectScheme(page);
        await searchAccounts(page, accountTexts.allUsers, buyer.email);
        const userRow = adminRows(page, accountTexts.allUsers, buyer.name);
        await expect(userRow).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expectNoAxeViolations(page);
        await expectDialogPasses(
          page,
          userRow.getByRole('button', { name: adminTexts.delete, exact: true }),
          adminTexts.deleteAccountTitle(buyer.name),
          adminTexts.cancel,
        );

        const sellerRow = adminRows(page, accountTexts.allSellers, seller.name);
        await openDashboard(
          page,
          '/dashboard/all-sellers',
          accountTexts.allSellers,
          accountSearch(page, accountTexts.allSellers),
        );
        await searchAccounts(page, accountTexts.allSellers, seller.email);
        await expect(sellerRow).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expectNoAxeViolations(page);

        const reportedRow = adminRows(page, accountTexts.reportedItems, reported.name);
        await openDashboard(page, '/dashboard/reported-items', accountTexts.reportedItems, reportedRow);
        await expectNoAxeViolations(page);
        await expectDialogPasses(
          page,
          reportedRow.getByRole('button', { name: adminTexts.viewReports(1), exact: true }),
          messages.reportTextTitle,
          adminTexts.cancel,
        );
        // Removing the phone (it is this test's own) also gives the audit log an entry to show.
        await expectDialogPasses(
          page,
          reportedRow.getByRole('button', { name: adminTexts.delete, exact: true }),
          adminTexts.deleteReportedTitle(reported.name),
          adminTexts.delete,
        );
        await expect(toast(page, messages.productDeleted)).toBeVisible();

        await openDashboard(
          page,
          '/dashboard/audit-log',
          accountTexts.auditLog,
          page.getByRole('main').getByRole('table', { name: accountTexts.auditLog, exact: true }),
        );
        await expectNoAxeViolations(page);
      });
    });
  }
}

/**
 * A fresh buyer's problem with a fresh seller's phone, bought (the test-mode processor's card) and
 * shipped with a tracking note: a row of the admin's Order problems. Returns the phone's name.
 */
const reportOrderProblem = async (request: APIRequestContext) => {
  const token = uniqueToken();
  const seller = await signUpAccount(request, 'seller', `Axe Shipper ${token}`);
  const buyer = await signUpAccount(request, 'user', `Axe Complainer ${token}`);
  const phone = await freshPhone(request, seller, `Axeproblem${token}`);
  const call = async (path: string, account: FreshAccount | null, data: object = {}) => {
    const response = await request.post(path, {
      headers: account ? { authorization: `Bearer ${account.token}` } : {},
      data,
    });
    expect(response.ok(), `POST ${path}: ${response.status()} ${await response.text()}`).toBe(true);
    return response.json() as Promise<unknown>;
  };
  const order = await bookThroughApi(request, buyer.token, {
    productId: phone.id,
    phone: '01712345678',
    location: 'Uttara',
  });
  const intent = (await call(`/api/orders/${order.id}/payment-intent`, buyer)) as PaymentIntent;
  await call(`/api/test-processor/payment-intents/${intent.paymentIntentId}/confirm`, null, {
    clientSecret: intent.clientSecret,
    number: '4242 4242 4242 4242',
    expiry: '12/40',
    cvc: '123',
  });
  await call(`/api/orders/${order.id}/pay`, buyer, { paymentIntentId: intent.paymentIntentId });
  await call(`/api/orders/${order.id}/shipped`, seller, { trackingNote: 'UPS 1Z999AA10123456784' });
  await call(`/api/orders/${order.id}/problems`, buyer, {
    reason: 'The screen has a crack the listing did not mention.',
  });
  return phone.name;
};

/**
 * axe's rules for data tables beyond WCAG's tags (its best practices): a header cell says what its
 * column is, and its scope is valid. The page must have had axe injected (expectNoAxeViolations).
 */
const expectTableBestPractices = async (page: Page) => {
  const results = await page.evaluate(() =>
    window.axe.run(document, {
      runOnly: { type: 'rule', values: ['empty-table-header', 'scope-attr-valid', 'th-has-data-cells'] },
      resultTypes: ['violations'],
    }),
  );
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(', ')}`),
    'axe table rules',
  ).toEqual([]);
};

for (const screen of [
  { label: 'desktop', use: { viewport: { width: 1366, height: 800 } } },
  { label: 'phone', use: phoneViewport },
]) {
  test.describe(`the admin's Order problems on a ${screen.label} (axe)`, () => {
    test.use(screen.use);

    test('with an open problem: WCAG A and AA, and every header cell named', async ({ page, request }) => {
      test.setTimeout(120_000);
      const phoneName = await reportOrderProblem(request);
      await openAsAdmin(page, '/dashboard/order-problems', orderProgressTexts.adminTitle);
      await expect(adminRows(page, orderProgressTexts.adminTitle, phoneName)).toHaveCount(1);
      await page.waitForLoadState('networkidle');
      await expectNoAxeViolations(page);
      await expectTableBestPractices(page);
    });
  });
}
