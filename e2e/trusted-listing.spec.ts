/**
 * One listing from start to finish, as the people on both sides meet it: a seller lists a phone
 * with three photos and its IMEI and then lowers its price from My Products; a buyer finds it with
 * the header search and by the storage filter of its brand's page, and on its page sees the
 * gallery, the old price as "was", the IMEI checked and where the price stands against recent sales.
 */
import { expect, test } from '@playwright/test';
import {
  accountTexts,
  categoryBrands,
  fairPriceTexts,
  formatPrice,
  listingTexts,
  messages,
  photoTexts,
  webTexts,
  type ProductWithPhotos,
} from '@recell/contract';
import { demoAccount, signIn, toast } from './support/auth.ts';
import {
  addProductForm,
  apiToken,
  cardHeadings,
  categorySearch,
  deleteListing,
  expectPhotosUploaded,
  expectSettledResults,
  freshImei,
  makePhonePhoto,
  myProductRows,
  uniqueToken,
} from './support/listings.ts';

test('a phone listed with photos and its IMEI, repriced, found by search and filter, shown with its gallery and fair price', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const seller = demoAccount('seller');
  // A word of its own, so the searches find this phone alone; the model has demo sales behind it.
  const word = `Journey${uniqueToken()}`;
  const name = `${word} iPhone 13 Pro 128GB Graphite`;

  // The seller lists it: three photos chosen at once, the IMEI, the facts.
  await page.goto('/dashboard/addProduct');
  await expect(page).toHaveURL('/login');
  await signIn(page, seller.email);
  await expect(page.getByRole('heading', { level: 1, name: accountTexts.addProduct, exact: true })).toBeVisible();
  const form = addProductForm(page);
  await form.name.fill(name);
  await form.category.selectOption({ label: categoryBrands['1'] });
  await form.price.fill('760');
  await form.originalPrice.fill('999');
  await form.brand.fill('Apple');
  await form.model.fill('iPhone 13 Pro');
  await form.storage.selectOption({ label: listingTexts.storageValue(128) });
  await form.colour.fill('Graphite');
  await form.networkLock.fill('Unlocked');
  await form.imei.fill(freshImei());
  await form.used.fill('1 year');
  await form.location.fill('Austin, TX');
  await form.phone.fill('512 555 0147');
  await form.condition.selectOption({ label: 'Good' });
  await form.authenticity.fill('Original');
  await form.features.fill('Face ID, 5G');
  await form.description.fill('Browser test: the whole journey of one listing.');
  await form.photo.setInputFiles([
    await makePhonePhoto('front.jpg', '#0f766e'),
    await makePhonePhoto('back.jpg', '#7c3aed'),
    await makePhonePhoto('side.jpg', '#b45309'),
  ]);
  await expectPhotosUploaded(page, 3);
  const created = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/products' && response.request().method() === 'POST',
  );
  await form.submit.click();
  const response = await created;
  expect(response.status(), 'POST /api/products').toBe(201);
  const product = (await response.json()) as ProductWithPhotos;
  await expect(toast(page, messages.productAdded)).toBeVisible();
  expect(product.photos).toHaveLength(3);
  expect(product.imeiChecked).toBe(true);

  try {
    // Then lowers its price from My Products.
    await expect(page).toHaveURL('/dashboard/my-products');
    const row = myProductRows(page, name);
    await row.getByRole('link', { name: listingTexts.edit, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: listingTexts.editTitle, exact: true })).toBeVisible();
    await expectPhotosUploaded(page, 3);
    await addProductForm(page).price.fill('690');
    await page.getByRole('main').getByRole('button', { name: listingTexts.saveChanges, exact: true }).click();
    await expect(toast(page, listingTexts.productUpdated)).toBeVisible();
    await expect(row.getByRole('cell', { name: formatPrice(69_000), exact: true })).toBeVisible();

    // A buyer, in a browser of their own, finds it with the header search…
    const buyerContext = await browser.newContext();
    try {
      const buyer = await buyerContext.newPage();
      await buyer.goto('/login');
      await signIn(buyer, demoAccount('buyer').email);
      await buyer.goto('/');
      const header = buyer.getByRole('banner');
      await header.getByRole('searchbox', { name: webTexts.headerSearchLabel, exact: true }).fill(word);
      await header.getByRole('button', { name: webTexts.headerSearchButton, exact: true }).click();
      await expect(buyer).toHaveURL(`/search?q=${word}`);
      const everyBrand = buyer.getByRole('region', { name: listingTexts.allBrandsResults, exact: true });
      await expect(everyBrand.getByRole('status')).toHaveText(listingTexts.resultCount(1, false));
      expect(await cardHeadings(everyBrand)).toEqual([name]);

      // …and on its brand's page by its word and its storage, kept in the address.
      await buyer.goto('/categories/1');
      const search = categorySearch(buyer);
      await search.box.fill(word);
      await search.box.press('Enter');
      await search.form
        .getByLabel(listingTexts.storageFilter, { exact: true })
        .selectOption({ label: listingTexts.storageValue(128) });
      await expect(buyer).toHaveURL(/[?&]storage=128(&|$)/);
      const results = await expectSettledResults(buyer, '1', 1);
      expect(await cardHeadings(results)).toEqual([name]);

      // Its page: the gallery, the new price with the old one as "was", the IMEI mark, the guide.
      await results.getByRole('link', { name: webTexts.seeDetails, exact: true }).click();
      await expect(buyer).toHaveURL(`/products/${product.id}`);
      const details = buyer.getByRole('main');
      await expect(details.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
      await expect(details.getByRole('list', { name: photoTexts.galleryLabel }).getByRole('button')).toHaveCount(3);
      await expect(details.getByRole('img', { name: photoTexts.photoOf(name, 1, 3), exact: true })).toBeVisible();
      await expect(details.getByText(formatPrice(69_000), { exact: true })).toBeVisible();
      await expect(details.getByText(`${listingTexts.wasPrice} ${formatPrice(76_000)}`, { exact: true })).toBeVisible();
      await expect(details.getByText(listingTexts.imeiChecked, { exact: true })).toBeVisible();
      await expect(
        details.getByText(
          new RegExp(`below typical$|above typical$|^${fairPriceTexts.comparison({ kind: 'about' })}$`),
        ),
      ).toBeVisible();
    } finally {
      await buyerContext.close();
    }
  } finally {
    await deleteListing(request, await apiToken(request, seller.email), product.id);
  }
});
