/**
 * A phone that ships, as the people do it in the browser (the API's steps in support/shipping.ts):
 * the buyer adds a delivery address on the Addresses page (checked by the built-in test carrier),
 * books the phone to it and pays; the seller buys a shipping label on the order's page (the
 * carrier's rates in a dialog) and prints it; the parcel moves on the test carrier's clock and the
 * follow-parcels job brings each step to the order (this server's parcels move every few seconds,
 * and the job runs every minute); the buyer sees it delivered, with 48 hours from the delivery to
 * report a problem, and confirms receipt.
 */
import { expect, test } from '@playwright/test';
import {
  accountTexts,
  addressTexts,
  orderDetailsTexts,
  orderProgressLimits,
  orderProgressTexts,
  shippingTexts,
  type OrderDetails,
} from '@recell/contract';
import { demoAccount, signedInPageOf, toast } from './support/auth.ts';
import { createTestPhone, openDashboardPage, orderPageRegion } from './support/buying.ts';
import { apiToken } from './support/listings.ts';
import { bearer, bookAndPayShipping, chooseShipFromAddress, uniqueStreet } from './support/shipping.ts';
const seller = demoAccount('seller');
const buyer = demoAccount('buyer');

test('a phone ships with a bought label, is delivered, and the buyer’s 48 hours start at the delivery', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);

  // ---- The seller ships from an address of theirs (set up through the API).
  const phone = await createTestPhone(request, seller.email, { priceDollars: 310 });
  const sellerToken = phone.sellerToken;
  await chooseShipFromAddress(request, sellerToken);

  // ---- The buyer adds a delivery address on the Addresses page.
  const buyerSide = await signedInPageOf(browser, buyer.email);
  const buyerPage = buyerSide.page;
  await openDashboardPage(buyerPage, addressTexts.pageTitle, '/dashboard/addresses');
  const street = uniqueStreet();
  await buyerPage.getByLabel(addressTexts.name, { exact: true }).fill('Sam Buyer');
  await buyerPage.getByLabel(addressTexts.line1, { exact: true }).fill(street);
  await buyerPage.getByLabel(addressTexts.city, { exact: true }).fill('Eugene');
  await buyerPage.getByLabel(addressTexts.region, { exact: true }).fill('OR');
  await buyerPage.getByLabel(addressTexts.postalCode, { exact: true }).fill('97401');
  await buyerPage.getByLabel(addressTexts.country, { exact: true }).selectOption('US');
  await buyerPage.getByLabel(addressTexts.phone, { exact: true }).fill('5415550123');
  await buyerPage.getByRole('button', { name: addressTexts.addAddress, exact: true }).click();
  await expect(toast(buyerPage, addressTexts.added)).toBeVisible();
  await expect(buyerPage.getByRole('main').getByText(street, { exact: false })).toBeVisible();

  // ---- Booked to that address and paid with the test card (through the API, as the payment page does).
  const buyerToken = await apiToken(request, buyer.email);
  const addresses = (await (await request.get('/api/me/addresses', { headers: bearer(buyerToken) })).json()) as {
    items: { id: string; line1: string }[];
  };
  const address = addresses.items.find((item) => item.line1 === street)!;
  const order = await bookAndPayShipping(request, buyerToken, { productId: phone.product.id, addressId: address.id });

  // ---- The seller: the order's page → Buy a shipping label → a rate → Buy label → Print label.
  const sellerSide = await signedInPageOf(browser, seller.email);
  const sellerPage = sellerSide.page;
  await sellerPage.goto(`/dashboard/orders/${order.id}`);
  const sellerNext = orderPageRegion(sellerPage, orderDetailsTexts.nextStepHeading);
  await expect(sellerNext.getByText(shippingTexts.yourTurnToShip)).toBeVisible();
  await sellerPage.getByRole('button', { name: shippingTexts.buyLabel, exact: true }).click();
  const dialog = sellerPage.getByRole('dialog', { name: shippingTexts.dialogTitle(phone.product.name) });
  const rates = dialog.getByRole('group', { name: shippingTexts.ratesLegend });
  await expect(rates.getByRole('radio')).toHaveCount(3);
  await rates.getByRole('radio', { name: /Priority/ }).check();
  await dialog.getByRole('button', { name: shippingTexts.confirm, exact: true }).click();
  await expect(toast(sellerPage, shippingTexts.bought)).toBeVisible();
  await expect(dialog).toBeHidden();
  const parcel = orderPageRegion(sellerPage, orderDetailsTexts.parcelHeading);
  await expect(parcel.getByText(/^EZ\d+/)).toBeVisible();
  const download = sellerPage.waitForEvent('download');
  await sellerPage.getByRole('button', { name: shippingTexts.printLabel, exact: true }).click();
  const label = await download;
  expect(label.suggestedFilename()).toBe(shippingTexts.labelFileName(order.id));
  const pdf = await (await import('node:fs/promises')).readFile((await label.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await sellerSide.close();

  // ---- The parcel moves by itself: the buyer's order page says Delivered once the job has run.
  await buyerPage.goto(`/dashboard/orders/${order.id}`);
  const buyerParcel = orderPageRegion(buyerPage, orderDetailsTexts.parcelHeading);
  await expect(async () => {
    await buyerPage.reload();
    // The parcel's status (a definition beside "Status"); the carrier's updates below say it too.
    await expect(
      buyerParcel.getByRole('definition').getByText(orderDetailsTexts.trackingStatus.delivered, { exact: true }),
    ).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 150_000, intervals: [5_000] });
  // The timeline has the delivery as a done step ("Delivered (done)", its time below).
  await expect(
    orderPageRegion(buyerPage, orderDetailsTexts.timelineHeading)
      .getByText(new RegExp(`^${orderDetailsTexts.timeline.delivered}\\b`))
      .first(),
  ).toBeVisible();

  // The 48 hours count from the carrier's delivered scan, not from the label.
  const details = (await (
    await request.get(`/api/orders/${order.id}/details`, { headers: bearer(buyerToken) })
  ).json()) as OrderDetails;
  expect(details.parcel?.deliveredAt).toBeTruthy();
  expect(new Date(details.problemWindowEndsAt!).getTime()).toBe(
    new Date(details.parcel!.deliveredAt!).getTime() + orderProgressLimits.problemWindowHours * 3_600_000,
  );

  // ---- The buyer confirms receipt: the order completes.
  const next = orderPageRegion(buyerPage, orderDetailsTexts.nextStepHeading);
  await next.getByRole('button', { name: orderProgressTexts.confirmReceipt, exact: true }).click();
  await buyerPage
    .getByRole('dialog', { name: orderDetailsTexts.confirmReceiptTitle })
    .getByRole('button', { name: orderProgressTexts.confirmReceipt, exact: true })
    .click();
  await expect(toast(buyerPage, orderProgressTexts.receiptToast)).toBeVisible();
  await openDashboardPage(buyerPage, accountTexts.myOrders, '/dashboard/my-orders');
  await buyerSide.close();
});
