/**
 * Moderation, as the admin does it in the browser: verifying a seller (the badge then shows on the
 * seller's cards), removing a buyer (their session stops working), reading the reports on a phone
 * and removing it (it leaves home, its category and the seller's My Products), dismissing reports.
 * Every record is made fresh through the API, so no other test depends on it.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  accountTexts,
  adminTexts,
  categoryBrands,
  formatPrice,
  messages,
  reportReasonLabels,
  webTexts,
  type CategoryId,
} from '@recell/contract';
import {
  accountSearch,
  adminRows,
  adminTable,
  advertisePhone,
  createPhone,
  meStatus,
  messagesCaption,
  openAsAdmin,
  reportPhone,
  searchAccounts,
  signUpAccount,
} from './support/admin.ts';
import { demoAccount, mainNav, signIn, toast } from './support/auth.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { advertisedSection, categoryCard } from './support/catalogue.ts';
import { expectNoHorizontalScroll, phoneViewport } from './support/layout.ts';
import {
  cardsNamed,
  categoryResults,
  categorySearch,
  dashboardLink,
  expectSettledResults,
  myProductRows,
  myProductsTable,
  uniqueToken,
} from './support/listings.ts';

/** Searches the category page that is open for `words` (typed into its search box, then Enter). */
const searchOpenCategory = async (page: Page, categoryId: CategoryId, words: string) => {
  await expect(page.getByRole('heading', { level: 1, name: categoryBrands[categoryId], exact: true })).toBeVisible();
  const { box } = categorySearch(page);
  await box.fill(words);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(words)}(&|$)`));
};

/** Opens a dashboard page from the main navigation and the dashboard menu, as a person does. */
const openFromDashboardMenu = async (page: Page, name: string) => {
  await mainNav(page).getByRole('link', { name: webTexts.navDashboard, exact: true }).click();
  await dashboardLink(page, name).click();
  await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
};

test("the admin verifies a seller and the verified badge shows on that seller's cards", async ({ page, request }) => {
  test.setTimeout(90_000);
  const token = uniqueToken();
  const seller = await signUpAccount(request, 'seller', `Verify Me ${token}`);
  const categoryId: CategoryId = '3';
  const model = `Veri${token}`;
  const phone = await createPhone(request, seller, { name: `${model} Ultra`, model, categoryId });
  expect(phone.seller.isVerified, 'a new seller is not verified').toBe(false);

  // All Sellers: found by email, not verified yet. The search is kept in the URL: a reload shows it.
  await openAsAdmin(page, '/dashboard/all-sellers', accountTexts.allSellers);
  await searchAccounts(page, accountTexts.allSellers, seller.email);
  const row = adminRows(page, accountTexts.allSellers, seller.name);
  await expect(row).toHaveCount(1);
  await expect(adminTable(page, accountTexts.allSellers).getByRole('row')).toHaveCount(2);
  await expect(row.getByRole('cell', { name: seller.email, exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: accountTexts.roleNames.seller, exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: messages.verify, exact: true })).toBeVisible();
  await page.reload();
  await expect(accountSearch(page, accountTexts.allSellers)).toHaveValue(seller.email);
  await expect(row).toHaveCount(1);

  // From here on without a reload: the app keeps what it loaded. The seller's card, no badge yet.
  await mainNav(page).getByRole('link', { name: webTexts.navHome, exact: true }).click();
  await categoryCard(page, categoryBrands[categoryId]).getByRole('link', { name: webTexts.seeAll }).click();
  await searchOpenCategory(page, categoryId, model);
  const results = await expectSettledResults(page, categoryId, 1);
  const card = cardsNamed(results, phone.name);
  await expect(card.getByText(seller.name, { exact: true })).toBeVisible();
  await expect(card.getByRole('img', { name: webTexts.verifiedSeller, exact: true })).toHaveCount(0);

  // Verify.
  await openFromDashboardMenu(page, accountTexts.allSellers);
  await searchAccounts(page, accountTexts.allSellers, seller.email);
  await row.getByRole('button', { name: messages.verify, exact: true }).click();
  await expect(toast(page, messages.sellerVerified)).toBeVisible();
  await expect(row.getByRole('cell', { name: messages.verified, exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: messages.verify, exact: true })).toHaveCount(0);

  // Back on the category page without a reload (the app's cache had the old card): the badge shows.
  await mainNav(page).getByRole('link', { name: webTexts.navHome, exact: true }).click();
  await categoryCard(page, categoryBrands[categoryId]).getByRole('link', { name: webTexts.seeAll }).click();
  await searchOpenCategory(page, categoryId, model);
  await expectSettledResults(page, categoryId, 1);
  await expect(card.getByRole('img', { name: webTexts.verifiedSeller, exact: true })).toBeVisible();

  // A visitor's fresh look agrees (what the API now says about the phone's seller).
  const listed = await request.get(`/api/products/${phone.id}`);
  expect(((await listed.json()) as { seller: { isVerified: boolean } }).seller.isVerified).toBe(true);

  // The audit log recorded it: who, what, which record.
  await openFromDashboardMenu(page, accountTexts.auditLog);
  const entry = adminTable(page, accountTexts.auditLog)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: new RegExp(seller.id) }) });
  await expect(entry).toHaveCount(1);
  await expect(
    entry.getByRole('cell', { name: adminTexts.auditActions['seller.verified'], exact: true }),
  ).toBeVisible();
  await expect(entry.getByRole('cell', { name: new RegExp(demoAccount('admin').email) })).toBeVisible();
  await expect(entry.getByRole('time')).toHaveText(/\b(1[0-2]|[1-9]):[0-5]\d (am|pm)$/);
});

test('the admin removes a buyer from All Users; their session stops working', async ({ page, request }) => {
  const token = uniqueToken();
  const buyer = await signUpAccount(request, 'user', `Remove Me ${token}`);
  expect(await meStatus(request, buyer.token), 'the new buyer is signed in').toBe(200);

  await openAsAdmin(page, '/dashboard/all-users', accountTexts.allUsers);
  await searchAccounts(page, accountTexts.allUsers, buyer.email);
  const row = adminRows(page, accountTexts.allUsers, buyer.name);
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell', { name: buyer.email, exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: accountTexts.roleNames.user, exact: true })).toBeVisible();

  // Cancel keeps the account.
  await row.getByRole('button', { name: adminTexts.delete, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: adminTexts.deleteAccountTitle(buyer.name), exact: true });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleDescription(adminTexts.deleteAccountText);
  await dialog.getByRole('button', { name: adminTexts.cancel, exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toHaveCount(1);

  await row.getByRole('button', { name: adminTexts.delete, exact: true }).click();
  await dialog.getByRole('button', { name: adminTexts.delete, exact: true }).click();
  await expect(toast(page, messages.userRemoved)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(row).toHaveCount(0);
  await expect(page.getByRole('main').getByText(messages.noUsers, { exact: true })).toBeVisible();

  // For good: after a reload the search still finds nobody.
  await page.reload();
  await expect(page.getByRole('main').getByText(messages.noUsers, { exact: true })).toBeVisible();

  // The buyer's session stopped at once, and the account cannot sign in again.
  expect(await meStatus(request, buyer.token)).toBe(401);
  const login = await request.post('/api/auth/login', { data: { email: buyer.email, password: buyer.password } });
  expect(login.ok(), `a removed account cannot log in (${login.status()})`).toBe(false);
});

test("the admin reads a phone's reports, removes it, and it leaves home, its category and the seller's list", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const token = uniqueToken();
  const categoryId: CategoryId = '3';
  const model = `Rept${token}`;
  const seller = await signUpAccount(request, 'seller', `Reported Seller ${token}`);
  const phone = await createPhone(request, seller, {
    name: `${model} Pro`,
    model,
    categoryId,
    location: `Salem${token}, OR`,
    price: 189.5,
  });
  await advertisePhone(request, seller, phone.id);
  const first = await signUpAccount(request, 'user', `First Reporter ${token}`);
  const second = await signUpAccount(request, 'user', `Second Reporter ${token}`);
  const reports = [
    { reporter: first, reason: 'fake' as const, text: `The photos are copied from another shop (${token}).` },
    { reporter: second, reason: 'scam' as const, text: `The seller asked me to pay outside ReCell (${token}).` },
  ];
  for (const { reporter, reason, text } of reports) await reportPhone(request, reporter, phone.id, { reason, text });

  // The seller watches their My Products in a browser of their own.
  const sellerContext = await browser.newContext();
  const sellerPage = await sellerContext.newPage();
  await sellerPage.goto('/dashboard/my-products');
  await expect(sellerPage).toHaveURL('/login');
  await signIn(sellerPage, seller.email, seller.password);
  await expect(sellerPage).toHaveURL('/dashboard/my-products');
  await expect(myProductRows(sellerPage, phone.name)).toHaveCount(1);

  // The admin sees it on the home page (advertised) and on its category page.
  await openAsAdmin(page, '/dashboard/reported-items', accountTexts.reportedItems);
  await mainNav(page).getByRole('link', { name: webTexts.navHome, exact: true }).click();
  await expect(cardsNamed(advertisedSection(page), phone.name)).toHaveCount(1);
  await categoryCard(page, categoryBrands[categoryId]).getByRole('link', { name: webTexts.seeAll }).click();
  await searchOpenCategory(page, categoryId, model);
  await expect(cardsNamed(await expectSettledResults(page, categoryId, 1), phone.name)).toHaveCount(1);

  // Reported Items: one row for the phone, its two reports grouped.
  await openFromDashboardMenu(page, accountTexts.reportedItems);
  const table = adminTable(page, accountTexts.reportedItems);
  await expect(table.getByRole('columnheader')).toHaveText(Object.values(adminTexts.reportColumns));
  const row = adminRows(page, accountTexts.reportedItems, phone.name);
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('img', { name: phone.name, exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: formatPrice(phone.priceCents), exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: messages.statusAvailable, exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: phone.location, exact: true })).toBeVisible();

  // View (2): the read-only Report Text modal, each report's reporter, reason and text; Cancel closes it.
  await row.getByRole('button', { name: adminTexts.viewReports(2), exact: true }).click();
  const modal = page.getByRole('dialog', { name: messages.reportTextTitle, exact: true });
  await expect(modal).toBeVisible();
  const items = modal.getByRole('listitem');
  await expect(items).toHaveCount(2);
  for (const { reporter, reason, text } of reports) {
    const item = items.filter({ hasText: text });
    await expect(item).toHaveCount(1);
    await expect(item.getByText(reporter.name)).toBeVisible();
    await expect(item.getByText(reportReasonLabels[reason], { exact: true })).toBeVisible();
  }
  await expect(modal.getByRole('textbox')).toHaveCount(0);
  await modal.getByRole('button', { name: adminTexts.cancel, exact: true }).click();
  await expect(modal).toHaveCount(0);

  // Delete, confirmed: 'Product Deleted Successfully' and the row goes.
  await row.getByRole('button', { name: adminTexts.delete, exact: true }).click();
  const confirm = page.getByRole('dialog', { name: adminTexts.deleteReportedTitle(phone.name), exact: true });
  await expect(confirm).toHaveAccessibleDescription(adminTexts.deleteReportedText);
  await confirm.getByRole('button', { name: adminTexts.delete, exact: true }).click();
  await expect(toast(page, messages.productDeleted)).toBeVisible();
  await expect(confirm).toHaveCount(0);
  await expect(row).toHaveCount(0);

  // Gone from the home page and from its category page (without a reload: the app's cache had it)…
  await mainNav(page).getByRole('link', { name: webTexts.navHome, exact: true }).click();
  await expect(categoryCard(page, categoryBrands[categoryId])).toBeVisible();
  await expect(cardsNamed(advertisedSection(page), phone.name)).toHaveCount(0);
  await categoryCard(page, categoryBrands[categoryId]).getByRole('link', { name: webTexts.seeAll }).click();
  await searchOpenCategory(page, categoryId, model);
  await expectSettledResults(page, categoryId, 0);
  await expect(cardsNamed(categoryResults(page, categoryId), phone.name)).toHaveCount(0);

  // For good: Reported Items, loaded afresh, does not list it either.
  await page.goto('/dashboard/reported-items');
  await expect(page.getByRole('heading', { level: 1, name: accountTexts.reportedItems, exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByRole('status', { name: webTexts.loading })).toHaveCount(0);
  await expect(row).toHaveCount(0);

  // …and from the seller's My Products.
  await sellerPage.reload();
  await expect(sellerPage.getByRole('heading', { level: 1, name: accountTexts.myProducts })).toBeVisible();
  await expect(sellerPage.getByRole('main').getByText(messages.noProducts, { exact: true })).toBeVisible();
  await expect(myProductsTable(sellerPage)).toHaveCount(0);
  await sellerContext.close();
});

test('the admin dismisses the reports on a phone: the row goes, the phone stays for sale', async ({
  page,
  request,
}) => {
  const token = uniqueToken();
  const categoryId: CategoryId = '1';
  const model = `Dism${token}`;
  const seller = await signUpAccount(request, 'seller', `Dismissed Seller ${token}`);
  const phone = await createPhone(request, seller, { name: `${model} Mini`, model, categoryId });
  const reporter = await signUpAccount(request, 'user', `Picky Buyer ${token}`);
  await reportPhone(request, reporter, phone.id, { reason: 'other', text: `I just do not like it (${token}).` });

  await openAsAdmin(page, '/dashboard/reported-items', accountTexts.reportedItems);
  const row = adminRows(page, accountTexts.reportedItems, phone.name);
  await expect(row.getByRole('button', { name: adminTexts.viewReports(1), exact: true })).toBeVisible();
  await row.getByRole('button', { name: adminTexts.dismiss, exact: true }).click();
  await expect(toast(page, adminTexts.reportDismissed)).toBeVisible();
  await expect(row).toHaveCount(0);

  // Still for sale: its category page finds it.
  await page.goto(`/categories/${categoryId}`);
  await searchOpenCategory(page, categoryId, model);
  await expect(cardsNamed(await expectSettledResults(page, categoryId, 1), phone.name)).toHaveCount(1);
});

test('a visitor writes from the about page; the admin reads it in Messages, marks it read and archives it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const token = uniqueToken();
  const visitor = {
    name: `Curious Visitor ${token}`,
    email: `visitor.${token}@example.com`,
    message: `Do you buy phones with a cracked screen? (${token})`,
  };

  // The visitor, not signed in, on the prerendered about page: Send works once the app has taken it over.
  await page.goto('/about');
  const contact = page.getByRole('region', { name: webTexts.contactHeading, exact: true });
  const send = contact.getByRole('button', { name: webTexts.contactSend, exact: true });
  // (The page's code may still be on its way on a busy machine: wait for it longer than usual.)
  await expect(send).toBeEnabled({ timeout: 30_000 });
  await contact.getByLabel(webTexts.contactName, { exact: true }).fill(visitor.name);
  await contact.getByLabel(webTexts.contactEmail, { exact: true }).fill(visitor.email);
  await contact.getByLabel(webTexts.contactMessage, { exact: true }).fill(visitor.message);
  const answer = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/contact-messages' && response.request().method() === 'POST',
  );
  await send.click();
  expect((await answer).status(), 'the server took the message').toBe(201);
  await expect(toast(page, webTexts.contactThanks(visitor.name))).toBeVisible();
  await expect(contact.getByLabel(webTexts.contactMessage, { exact: true })).toHaveValue('');

  // The admin: the message is in the inbox, unread, with who wrote it, what and when.
  await openAsAdmin(page, '/dashboard/messages', accountTexts.contactMessages);
  const row = adminRows(page, messagesCaption('inbox'), visitor.name);
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell', { name: adminTexts.unread, exact: true })).toBeVisible();
  await expect(row.getByRole('link', { name: visitor.email, exact: true })).toHaveAttribute(
    'href',
    `mailto:${visitor.email}`,
  );
  await expect(row.getByRole('cell', { name: visitor.message, exact: true })).toBeVisible();
  await expect(row.getByRole('time')).toHaveText(/\b(1[0-2]|[1-9]):[0-5]\d (am|pm)$/);

  await row.getByRole('button', { name: adminTexts.markRead, exact: true }).click();
  await expect(toast(page, adminTexts.messageMarkedRead)).toBeVisible();
  await expect(row.getByRole('cell', { name: adminTexts.read, exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: adminTexts.markRead, exact: true })).toHaveCount(0);

  await row.getByRole('button', { name: adminTexts.archive, exact: true }).click();
  await expect(toast(page, adminTexts.messageArchived)).toBeVisible();
  await expect(row).toHaveCount(0);

  // In the archive, read; still there after a reload.
  await page
    .getByRole('navigation', { name: adminTexts.messageViews, exact: true })
    .getByRole('link', { name: adminTexts.archived, exact: true })
    .click();
  const archived = adminRows(page, messagesCaption('archived'), visitor.name);
  await expect(archived).toHaveCount(1);
  await page.reload();
  await expect(archived.getByRole('cell', { name: adminTexts.read, exact: true })).toBeVisible();
  await expect(archived.getByRole('button')).toHaveCount(0);
});

test.describe('accessibility (axe, WCAG 2.x A and AA)', () => {
  // axe is injected as an inline script, which the app's Content-Security-Policy rightly refuses.
  test.use({ bypassCSP: true });

  test('All Sellers, and Reported Items with its Report Text modal open', async ({ page, request }) => {
    const token = uniqueToken();
    const seller = await signUpAccount(request, 'seller', `Axe Seller ${token}`);
    const phone = await createPhone(request, seller, {
      name: `Axe${token} Phone`,
      model: `Axe${token}`,
      categoryId: '3',
    });
    const reporter = await signUpAccount(request, 'user', `Axe Buyer ${token}`);
    await reportPhone(request, reporter, phone.id, { reason: 'wrong_description', text: 'Not the model it says.' });

    await openAsAdmin(page, '/dashboard/all-sellers', accountTexts.allSellers);
    await expect(adminTable(page, accountTexts.allSellers).getByRole('row').nth(1)).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page);

    await openFromDashboardMenu(page, accountTexts.reportedItems);
    const row = adminRows(page, accountTexts.reportedItems, phone.name);
    await row.getByRole('button', { name: adminTexts.viewReports(1), exact: true }).click();
    await expect(page.getByRole('dialog', { name: messages.reportTextTitle, exact: true })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page);
  });
});

test.describe('on a 360 px wide phone', () => {
  test.use(phoneViewport);

  test('the admin screens have no horizontal scroll (their tables show each row as a card)', async ({ page }) => {
    await openAsAdmin(page, '/dashboard/all-users', accountTexts.allUsers);
    await expect(adminTable(page, accountTexts.allUsers).getByRole('row').nth(1)).toBeVisible();
    await expectNoHorizontalScroll(page);
    for (const [path, heading] of [
      ['/dashboard/all-sellers', accountTexts.allSellers],
      ['/dashboard/reported-items', accountTexts.reportedItems],
      ['/dashboard/messages', accountTexts.contactMessages],
      ['/dashboard/audit-log', accountTexts.auditLog],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
      await expectNoHorizontalScroll(page);
    }
  });
});
