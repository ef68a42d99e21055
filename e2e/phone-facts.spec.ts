/**
 * Phone facts and the IMEI check in the browser: a seller adds a phone with its storage, colour,
 * network lock, battery health and IMEI (a mistyped IMEI is refused beside the field first); a
 * buyer sees the facts on its page with the IMEI masked and the "IMEI checked" mark.
 */
import { expect, test } from '@playwright/test';
import { accountTexts, categoryBrands, listingMessages, listingTexts, messages, type Product } from '@recell/contract';
import { demoAccount, signIn, toast } from './support/auth.ts';
import {
  addProductForm,
  apiToken,
  createListing,
  freshImei,
  expectPhotosUploaded,
  makePhonePhoto,
  uniqueToken,
  uploadPhoto,
} from './support/listings.ts';

test('a seller adds a phone with its facts and IMEI; a buyer sees the facts, the IMEI masked and "IMEI checked"', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const seller = demoAccount('seller');
  const token = uniqueToken();
  const imei = freshImei();
  const name = `Facts${token} 256GB Alpine Green`;

  await page.goto('/dashboard/addProduct');
  await expect(page).toHaveURL('/login');
  await signIn(page, seller.email);
  await expect(page.getByRole('heading', { level: 1, name: accountTexts.addProduct, exact: true })).toBeVisible();

  const form = addProductForm(page);
  const main = page.getByRole('main');
  // The grading guide sits beside the condition.
  const guide = main.getByRole('region', { name: listingTexts.conditionGuideTitle, exact: true });
  await expect(guide).toContainText(listingTexts.conditionGuide.Fair);

  await form.name.fill(name);
  await form.category.selectOption({ label: categoryBrands['1'] });
  await form.price.fill('529');
  await form.originalPrice.fill('999');
  await form.brand.fill('Apple');
  await form.model.fill(`Facts${token}`);
  await form.storage.selectOption({ label: '256 GB' });
  await form.colour.fill('Alpine Green');
  await form.networkLock.fill('Verizon');
  await form.batteryHealth.fill('91');
  // A typo in the IMEI's last digit: refused beside the field, nothing sent.
  await form.imei.fill(`${imei.slice(0, -1)}${(Number(imei.at(-1)) + 1) % 10}`);
  await form.used.fill('1 year');
  await form.location.fill('Austin, TX');
  await form.phone.fill('512 555 0147');
  await form.condition.selectOption({ label: 'Good' });
  await form.authenticity.fill('Original');
  await form.features.fill('Face ID, 5G');
  await form.description.fill('Browser test listing with its phone facts.');
  await form.photo.setInputFiles(await makePhonePhoto());
  await expectPhotosUploaded(page, 1);
  await form.submit.click();
  await expect(form.imei).toHaveAccessibleDescription(new RegExp(listingMessages.imeiCheckDigit));
  await expect(form.imei).toBeFocused();

  // Typed as people write it, in groups.
  await form.imei.fill(`${imei.slice(0, 2)} ${imei.slice(2, 8)} ${imei.slice(8, 14)} ${imei.slice(14)}`);
  const created = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/products' && response.request().method() === 'POST',
  );
  await form.submit.click();
  const response = await created;
  expect(response.status(), 'POST /api/products').toBe(201);
  const product = (await response.json()) as Product;
  await expect(toast(page, messages.productAdded)).toBeVisible();
  expect(JSON.stringify(product), 'the whole IMEI is not in the public listing').not.toContain(imei);

  // The same phone again, by another seller: refused, naming nobody.
  const other = demoAccount('newSeller');
  const otherToken = await apiToken(request, other.email);
  const again = await request.post('/api/products', {
    headers: { authorization: `Bearer ${otherToken}` },
    data: {
      ...(await listingOf(request, otherToken, imei)),
    },
  });
  expect(again.status()).toBe(409);
  const refusal = await again.text();
  expect(refusal).toContain(listingMessages.imeiInUse);
  expect(refusal).not.toContain(product.id);
  expect(refusal).not.toContain(seller.email);

  // A buyer, in a browser of their own, opens the phone's page.
  const buyerContext = await browser.newContext();
  try {
    const buyerPage = await buyerContext.newPage();
    await signIn(buyerPage, demoAccount('buyer').email);
    await buyerPage.goto(`/products/${product.id}`);
    await expect(buyerPage.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
    const details = buyerPage.getByRole('main');
    const fact = (term: string) => details.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
    await expect(fact(listingTexts.storageLabel)).toHaveText('256 GB');
    await expect(fact(listingTexts.colourLabel)).toHaveText('Alpine Green');
    await expect(fact(listingTexts.networkLabel)).toHaveText('Locked to Verizon');
    await expect(fact(listingTexts.batteryHealthLabel)).toHaveText('91%');
    await expect(fact(listingTexts.imeiLabel)).toContainText(`•••••••••••${imei.slice(-4)}`);
    await expect(fact(listingTexts.imeiLabel).getByText(listingTexts.imeiChecked, { exact: true })).toBeVisible();
    await expect(details).not.toContainText(imei);
  } finally {
    await buyerContext.close();
  }

  // Clean up: the seller removes the phone (its IMEI is then free again).
  const removed = await request.delete(`/api/products/${product.id}`, {
    headers: { authorization: `Bearer ${await apiToken(request, seller.email)}` },
  });
  expect(removed.status()).toBe(204);
  const relisted = await createListing(request, otherToken, {
    ...(await listingOf(request, otherToken, imei)),
  });
  await request.delete(`/api/products/${relisted.id}`, { headers: { authorization: `Bearer ${otherToken}` } });
});

/** A complete listing body for the API with this IMEI. */
const listingOf = async (request: Parameters<typeof uploadPhoto>[0], token: string, imei: string) => ({
  name: `Relist ${uniqueToken()}`,
  categoryId: '1',
  price: '500',
  originalPrice: '900',
  brand: 'Apple',
  model: 'Relist',
  storageGb: '128',
  colour: 'Black',
  networkLock: 'unlocked',
  imei,
  used: '1 year',
  location: 'Austin, TX',
  phone: '5125550147',
  condition: 'Good',
  authenticity: 'Original',
  features: 'Face ID',
  description: 'A second listing of the same phone.',
  imageId: await uploadPhoto(request, token),
});
