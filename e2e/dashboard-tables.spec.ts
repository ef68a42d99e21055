/**
 * The dashboard's tables fit the screen: on a 360 px phone (rows as cards) and on a 1366 px
 * desktop (a table beside the sidebar), every action of a row is on screen without any sideways
 * scroll, and pressing it does what it says. My Orders, My Products, All Sellers and Reported Items,
 * each with fresh accounts and phones made through the API (so no other test depends on them).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { accountTexts, adminTexts, buyingTexts, listingTexts, messages } from '@recell/contract';
import {
  adminRows,
  adminTable,
  createPhone,
  openAsAdmin,
  reportPhone,
  searchAccounts,
  signUpAccount,
  type FreshAccount,
} from './support/admin.ts';
import { signIn, toast } from './support/auth.ts';
import { bookThroughApi, myOrderRows } from './support/buying.ts';
import { phoneViewport } from './support/layout.ts';
import { myProductRows, myProductsTable, uniqueToken } from './support/listings.ts';
import { paymentPage } from './support/payments.ts';

/**
 * `action` lies inside the viewport from left to right, and neither the page nor any table's
 * frame scrolls sideways.
 */
const expectReachable = async (page: Page, action: Locator) => {
  await expect(action).toBeVisible();
  await action.scrollIntoViewIfNeeded();
  const viewportWidth = page.viewportSize()!.width;
  const box = (await action.boundingBox())!;
  const name = await action.textContent();
  expect(box.x, `"${name}" starts on screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `"${name}" ends on screen (${viewportWidth} px)`).toBeLessThanOrEqual(viewportWidth);
  const page_ = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(page_.scrollWidth, 'the page does not scroll sideways').toBeLessThanOrEqual(page_.clientWidth);
  const frames = await page
    .getByRole('main')
    .getByRole('table')
    .evaluateAll((tables) =>
      tables.map((table) => {
        const frame = table.parentElement!;
        return { scrollWidth: frame.scrollWidth, clientWidth: frame.clientWidth };
      }),
    );
  expect(frames.length, 'a table is shown').toBeGreaterThan(0);
  for (const frame of frames)
    expect(frame.scrollWidth, "the table's frame does not scroll sideways").toBeLessThanOrEqual(frame.clientWidth);
};

/** The roles Chromium itself gives the page's parts (its accessibility tree, which screen readers read). */
const chromiumRoles = async (page: Page) => {
  const session = await page.context().newCDPSession(page);
  const { nodes } = (await session.send('Accessibility.getFullAXTree')) as {
    nodes: { role?: { value?: string } }[];
  };
  await session.detach();
  return new Set(nodes.map((node) => node.role?.value));
};

const button = (scope: Locator, name: string) => scope.getByRole('button', { name, exact: true });

/** Signs in a fresh account on the login page and opens a dashboard page by its address. */
const openAs = async (page: Page, account: FreshAccount, path: string, heading: string) => {
  await signIn(page, account.email, account.password);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
};

const phoneNamed = (token: string, word: string) => ({
  name: `${word}${token} Phone`,
  model: `${word}${token}`,
  categoryId: '3' as const,
});

const screens = [
  { label: 'a 360 px phone', use: phoneViewport },
  { label: 'a 1366 px desktop', use: { viewport: { width: 1366, height: 900 } } },
];

for (const screen of screens) {
  test.describe(`on ${screen.label}`, () => {
    test.use(screen.use);

    test('My Orders: Delete and Pay are on screen and work', async ({ page, request }) => {
      test.setTimeout(90_000);
      const token = uniqueToken();
      const seller = await signUpAccount(request, 'seller', `Table Seller ${token}`);
      const toDelete = await createPhone(request, seller, phoneNamed(token, 'Tabledel'));
      const toPay = await createPhone(request, seller, phoneNamed(token, 'Tablepay'));
      const buyer = await signUpAccount(request, 'user', `Table Buyer ${token}`);
      for (const phone of [toDelete, toPay])
        await bookThroughApi(request, buyer.token, { productId: phone.id, phone: '01712345678', location: 'Uttara' });

      await openAs(page, buyer, '/dashboard/my-orders', accountTexts.myOrders);
      const deleteRow = myOrderRows(page, toDelete.name);
      const remove = button(deleteRow, buyingTexts.delete);
      await expectReachable(page, remove);
      await expect(remove).toHaveAccessibleDescription(toDelete.name);
      await remove.click();
      const dialog = page.getByRole('dialog', { name: buyingTexts.deleteOrderTitle(toDelete.name), exact: true });
      await button(dialog, buyingTexts.delete).click();
      await expect(toast(page, messages.orderRemoved)).toBeVisible();
      await expect(deleteRow).toHaveCount(0);

      const pay = myOrderRows(page, toPay.name).getByRole('link', { name: messages.pay, exact: true });
      await expectReachable(page, pay);
      await expect(pay).toHaveAccessibleDescription(toPay.name);
      await pay.click();
      await expect(paymentPage(page, toPay.name).heading).toBeVisible();
    });

    test('My Products: Advertise and Delete are on screen and work', async ({ page, request }) => {
      test.setTimeout(90_000);
      const token = uniqueToken();
      const seller = await signUpAccount(request, 'seller', `Shelf Seller ${token}`);
      const phone = await createPhone(request, seller, phoneNamed(token, 'Tablead'));

      await openAs(page, seller, '/dashboard/my-products', accountTexts.myProducts);
      const row = myProductRows(page, phone.name);
      await expect(row).toHaveCount(1);
      // Cards or not, screen readers get a table: header cells, rows and cells.
      const roles = await chromiumRoles(page);
      for (const role of ['table', 'rowgroup', 'row', 'columnheader', 'rowheader', 'cell'])
        expect(roles.has(role), `Chromium exposes a ${role}`).toBe(true);
      const advertise = button(row, messages.advertise);
      await expectReachable(page, advertise);
      await expect(advertise).toHaveAccessibleDescription(phone.name);
      await advertise.click();
      await expect(toast(page, messages.productAdvertised)).toBeVisible();
      await expect(button(row, messages.advertised)).toBeDisabled();

      const remove = button(row, listingTexts.delete);
      await expectReachable(page, remove);
      await expect(remove).toHaveAccessibleDescription(phone.name);
      await remove.click();
      const dialog = page.getByRole('dialog', { name: listingTexts.deleteTitle(phone.name), exact: true });
      await button(dialog, listingTexts.delete).click();
      await expect(toast(page, messages.productRemoved)).toBeVisible();
      await expect(row).toHaveCount(0);
      await expect(page.getByRole('main').getByText(messages.noProducts, { exact: true })).toBeVisible();
      await expect(myProductsTable(page)).toHaveCount(0);
    });

    test('All Sellers: Verify and Delete are on screen and work', async ({ page, request }) => {
      test.setTimeout(90_000);
      const seller = await signUpAccount(request, 'seller', `Listed Seller ${uniqueToken()}`);

      await openAsAdmin(page, '/dashboard/all-sellers', accountTexts.allSellers);
      await searchAccounts(page, accountTexts.allSellers, seller.email);
      const row = adminRows(page, accountTexts.allSellers, seller.name);
      const verify = button(row, messages.verify);
      await expectReachable(page, verify);
      await expect(verify).toHaveAccessibleDescription(seller.name);
      await verify.click();
      await expect(toast(page, messages.sellerVerified)).toBeVisible();
      await expect(row.getByText(messages.verified, { exact: true })).toBeVisible();

      const remove = button(row, adminTexts.delete);
      await expectReachable(page, remove);
      await expect(remove).toHaveAccessibleDescription(seller.name);
      await remove.click();
      const dialog = page.getByRole('dialog', { name: adminTexts.deleteAccountTitle(seller.name), exact: true });
      await button(dialog, adminTexts.delete).click();
      await expect(toast(page, messages.sellerRemoved)).toBeVisible();
      await expect(adminTable(page, accountTexts.allSellers)).toHaveCount(0);
    });

    test('Reported Items: View, Dismiss and Delete are on screen and work', async ({ page, request }) => {
      test.setTimeout(90_000);
      const token = uniqueToken();
      const seller = await signUpAccount(request, 'seller', `Reported Seller ${token}`);
      const toDismiss = await createPhone(request, seller, phoneNamed(token, 'Tabledis'));
      const toRemove = await createPhone(request, seller, phoneNamed(token, 'Tablerem'));
      const reporter = await signUpAccount(request, 'user', `Reporting Buyer ${token}`);
      for (const phone of [toDismiss, toRemove])
        await reportPhone(request, reporter, phone.id, { reason: 'wrong_description', text: 'Not the model it says.' });

      await openAsAdmin(page, '/dashboard/reported-items', accountTexts.reportedItems);
      const dismissRow = adminRows(page, accountTexts.reportedItems, toDismiss.name);
      const view = button(dismissRow, adminTexts.viewReports(1));
      await expectReachable(page, view);
      await expect(view).toHaveAccessibleDescription(`${toDismiss.name} ${adminTexts.reportCount(1)}`);
      await view.click();
      const reports = page.getByRole('dialog', { name: messages.reportTextTitle, exact: true });
      await expect(reports.getByText('Not the model it says.', { exact: true })).toBeVisible();
      await button(reports, adminTexts.cancel).click();
      await expect(reports).toHaveCount(0);

      const dismiss = button(dismissRow, adminTexts.dismiss);
      await expectReachable(page, dismiss);
      await expect(dismiss).toHaveAccessibleDescription(toDismiss.name);
      await dismiss.click();
      await expect(toast(page, adminTexts.reportDismissed)).toBeVisible();
      await expect(dismissRow).toHaveCount(0);

      const removeRow = adminRows(page, accountTexts.reportedItems, toRemove.name);
      const remove = button(removeRow, adminTexts.delete);
      await expectReachable(page, remove);
      await expect(remove).toHaveAccessibleDescription(toRemove.name);
      await remove.click();
      const dialog = page.getByRole('dialog', { name: adminTexts.deleteReportedTitle(toRemove.name), exact: true });
      await button(dialog, adminTexts.delete).click();
      await expect(toast(page, messages.productDeleted)).toBeVisible();
      await expect(removeRow).toHaveCount(0);
    });
  });
}
