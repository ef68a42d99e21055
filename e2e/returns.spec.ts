/**
 * Returns of shipped phones (decision 0074), as the people do them in the browser. A phone shipped
 * with a bought label is delivered by the test carrier (support/shipping.ts); then:
 * - the buyer asks for a return with a reason and a photo, the seller declines it, an admin decides
 *   a partial refund with a reason on Returns, and both parties read the decision and the amount on
 *   the order's page;
 * - the seller accepts, the buyer prints the prepaid return label, the return parcel arrives by
 *   itself on the test carrier's clock, the seller checks the IMEI (the phone sold: the buyer is
 *   refunded) and puts the phone back on sale.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { photoTexts, returnTexts } from '@recell/contract';
import { demoAccount, signedInPageOf, toast } from './support/auth.ts';
import { createTestPhone, openDashboardPage, orderPageRegion } from './support/buying.ts';
import { apiToken, freshImei, makePhonePhoto } from './support/listings.ts';
import {
  addDeliveryAddress,
  bookAndPayShipping,
  buyLabelThroughApi,
  chooseShipFromAddress,
  waitForParcel,
} from './support/shipping.ts';

const seller = demoAccount('seller');
const buyer = demoAccount('buyer');
const admin = demoAccount('admin');

/** The order page's Return section, once the page has loaded (slowly on a crowded machine). */
const returnRegionOf = async (page: Page) => {
  const region = orderPageRegion(page, returnTexts.heading);
  await expect(region).toBeVisible({ timeout: 30_000 });
  return region;
};

/** Reads the order's page again, once it has loaded. */
const reloadOrderPage = async (page: Page) => {
  await page.reload();
  await returnRegionOf(page);
};

/** A phone of the seller's, shipped to the buyer with a bought label and delivered by the test carrier. */
const deliveredOrder = async (request: APIRequestContext, { imei }: { imei?: string } = {}) => {
  const phone = await createTestPhone(request, seller.email, { priceDollars: 300, ...(imei ? { imei } : {}) });
  await chooseShipFromAddress(request, phone.sellerToken);
  const buyerToken = await apiToken(request, buyer.email);
  const addressId = await addDeliveryAddress(request, buyerToken);
  const order = await bookAndPayShipping(request, buyerToken, { productId: phone.product.id, addressId });
  await buyLabelThroughApi(request, phone.sellerToken, order.id);
  await waitForParcel(request, buyerToken, order.id, (details) => details.can.requestReturn);
  return { name: phone.product.name, orderId: order.id, buyerToken, sellerToken: phone.sellerToken };
};

test('a declined return: an admin refunds part of the price with a reason, which buyer and seller read', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const { name, orderId } = await deliveredOrder(request);

  // ---- The buyer asks for a return on the order's page, with a reason and a photo.
  const buyerSide = await signedInPageOf(browser, buyer.email);
  const buyerPage = buyerSide.page;
  await buyerPage.goto(`/dashboard/orders/${orderId}`);
  const buyerReturn = await returnRegionOf(buyerPage);
  await buyerReturn.getByRole('button', { name: returnTexts.requestReturn, exact: true }).click();
  const askDialog = buyerPage.getByRole('dialog', { name: returnTexts.requestTitle(name) });
  await askDialog.getByLabel(returnTexts.reason, { exact: true }).fill('The battery dies within an hour.');
  await askDialog.getByLabel(photoTexts.addPhotos, { exact: true }).setInputFiles(await makePhonePhoto('battery.jpg'));
  await expect(askDialog.getByText(returnTexts.photoCount(1))).toBeVisible();
  await expect(askDialog.getByRole('progressbar')).toHaveCount(0);
  await askDialog.getByRole('button', { name: returnTexts.submitRequest, exact: true }).click();
  await expect(toast(buyerPage, returnTexts.requestedToast)).toBeVisible();
  await expect(buyerReturn.getByText(returnTexts.status.requested, { exact: true })).toBeVisible();
  await expect(buyerReturn.getByText(/^The seller answers by /)).toBeVisible();
  await expect(buyerReturn.getByRole('img', { name: returnTexts.photoAlt(1) })).toBeVisible();

  // ---- The seller reads it and declines, saying why.
  const sellerSide = await signedInPageOf(browser, seller.email);
  const sellerPage = sellerSide.page;
  await sellerPage.goto(`/dashboard/orders/${orderId}`);
  const sellerReturn = await returnRegionOf(sellerPage);
  await expect(sellerReturn.getByText('The battery dies within an hour.')).toBeVisible();
  await sellerReturn.getByRole('button', { name: returnTexts.declineReturn, exact: true }).click();
  const declineDialog = sellerPage.getByRole('dialog', { name: returnTexts.declineTitle });
  await declineDialog
    .getByLabel(returnTexts.declineReason, { exact: true })
    .fill('It left here with a healthy battery.');
  await declineDialog.getByRole('button', { name: returnTexts.confirmDecline, exact: true }).click();
  await expect(toast(sellerPage, returnTexts.declinedToast)).toBeVisible();
  await expect(sellerReturn.getByText(returnTexts.status.declined, { exact: true })).toBeVisible();

  // ---- An admin decides on Returns: a refund of $120.50, with a reason.
  const adminSide = await signedInPageOf(browser, admin.email);
  const adminPage = adminSide.page;
  await openDashboardPage(adminPage, returnTexts.adminTitle, '/dashboard/returns');
  const row = adminPage
    .getByRole('main')
    .getByRole('table', { name: returnTexts.adminTitle, exact: true })
    .getByRole('row')
    .filter({ has: adminPage.getByRole('rowheader', { name, exact: true }) });
  await expect(row.getByText('It left here with a healthy battery.')).toBeVisible();
  await row.getByRole('button', { name: returnTexts.decide, exact: true }).click();
  const decideDialog = adminPage.getByRole('dialog', { name: returnTexts.decideTitle(name) });
  await decideDialog.getByRole('radio', { name: returnTexts.decisionOptions.refund, exact: true }).check();
  await decideDialog.getByLabel(returnTexts.refundAmount, { exact: true }).fill('120.50');
  const reason = 'The battery is worn but the phone works: part of the price back.';
  await decideDialog.getByLabel(returnTexts.decisionReason, { exact: true }).fill(reason);
  await decideDialog.getByRole('button', { name: returnTexts.confirmDecision, exact: true }).click();
  await expect(toast(adminPage, returnTexts.decidedToast)).toBeVisible();
  await expect(row).toHaveCount(0);
  await adminSide.close();

  // ---- Both parties read the decision, its reason and the amount on the order's page.
  for (const page of [buyerPage, sellerPage]) {
    const section = orderPageRegion(page, returnTexts.heading);
    await expect(async () => {
      await page.reload();
      await expect(section.getByText(returnTexts.refundShown(12_050), { exact: true })).toBeVisible({
        timeout: 10_000,
      });
    }).toPass({ timeout: 60_000, intervals: [2_000] });
    await expect(section.getByText(returnTexts.decisionWords.refund, { exact: true })).toBeVisible();
    await expect(section.getByText(reason, { exact: true })).toBeVisible();
  }
  await buyerSide.close();
  await sellerSide.close();
});

test('an accepted return: the buyer prints the return label, the phone comes back, its IMEI refunds the buyer, and it is back on sale', async ({
  browser,
  request,
}) => {
  test.setTimeout(360_000);
  const imei = freshImei();
  const { name, orderId, buyerToken } = await deliveredOrder(request, { imei });

  // ---- The buyer asks (a reason alone).
  const buyerSide = await signedInPageOf(browser, buyer.email);
  const buyerPage = buyerSide.page;
  await buyerPage.goto(`/dashboard/orders/${orderId}`);
  const buyerReturn = await returnRegionOf(buyerPage);
  await buyerReturn.getByRole('button', { name: returnTexts.requestReturn, exact: true }).click();
  const askDialog = buyerPage.getByRole('dialog', { name: returnTexts.requestTitle(name) });
  await askDialog.getByLabel(returnTexts.reason, { exact: true }).fill('The camera does not focus.');
  await askDialog.getByRole('button', { name: returnTexts.submitRequest, exact: true }).click();
  await expect(toast(buyerPage, returnTexts.requestedToast)).toBeVisible();

  // ---- The seller accepts: a prepaid return label is bought.
  const sellerSide = await signedInPageOf(browser, seller.email);
  const sellerPage = sellerSide.page;
  await sellerPage.goto(`/dashboard/orders/${orderId}`);
  const sellerReturn = await returnRegionOf(sellerPage);
  await sellerReturn.getByRole('button', { name: returnTexts.acceptReturn, exact: true }).click();
  await sellerPage
    .getByRole('dialog', { name: returnTexts.acceptTitle })
    .getByRole('button', { name: returnTexts.acceptReturn, exact: true })
    .click();
  await expect(toast(sellerPage, returnTexts.acceptedToast)).toBeVisible();

  // ---- The buyer prints the return label: a PDF.
  await reloadOrderPage(buyerPage);
  const download = buyerPage.waitForEvent('download');
  await buyerReturn.getByRole('button', { name: returnTexts.printReturnLabel, exact: true }).click();
  const label = await download;
  expect(label.suggestedFilename()).toBe(returnTexts.returnLabelFileName(orderId));
  expect((await readFile((await label.path())!)).subarray(0, 5).toString()).toBe('%PDF-');

  // ---- The return parcel moves by itself; once it arrived the seller checks the IMEI.
  await waitForParcel(request, buyerToken, orderId, (details) => details.return?.status === 'arrived');
  await reloadOrderPage(sellerPage);
  await expect(sellerReturn.getByText(returnTexts.status.arrived, { exact: true })).toBeVisible();
  await sellerReturn.getByRole('button', { name: returnTexts.confirmImei, exact: true }).click();
  const imeiDialog = sellerPage.getByRole('dialog', { name: returnTexts.confirmImeiTitle });
  await imeiDialog.getByLabel(returnTexts.imei, { exact: true }).fill(imei);
  await imeiDialog.getByRole('button', { name: returnTexts.confirmImei, exact: true }).click();
  await expect(toast(sellerPage, returnTexts.imeiMatchedToast)).toBeVisible();
  await expect(sellerReturn.getByText(returnTexts.imeiWords.match, { exact: true })).toBeVisible();

  // ---- Refunded (all of it): the seller puts the phone back on sale.
  await expect(async () => {
    await reloadOrderPage(sellerPage);
    await expect(sellerReturn.getByText(returnTexts.status.refunded, { exact: true })).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 90_000, intervals: [3_000] });
  await sellerReturn.getByRole('button', { name: returnTexts.relist, exact: true }).click();
  await expect(toast(sellerPage, returnTexts.relistedToast)).toBeVisible();
  await expect(sellerReturn.getByText(returnTexts.relistedShown, { exact: true })).toBeVisible();

  await reloadOrderPage(buyerPage);
  await expect(buyerReturn.getByText(returnTexts.status.refunded, { exact: true })).toBeVisible();
  await expect(buyerReturn.getByText(returnTexts.refundAll, { exact: true })).toBeVisible();
  await buyerSide.close();
  await sellerSide.close();
});
