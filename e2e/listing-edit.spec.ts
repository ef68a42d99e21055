/**
 * Editing a listing in the browser: a seller opens Edit from My Products, lowers the price and
 * saves; My Products and the phone's page show the new price, and the page shows the old one as
 * "was", struck through. On a 360 px phone the Edit link is there and the form fits.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { accountTexts, formatPrice, listingTexts, messages, webTexts, type Product } from '@recell/contract';
import { demoAccount, mainNav, signIn, toast } from './support/auth.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expectNoHorizontalScroll, phoneViewport } from './support/layout.ts';
import {
  addProductForm,
  apiToken,
  createListing,
  dashboardLink,
  deleteListing,
  expectPhotosUploaded,
  myProductRows,
  uniqueToken,
  uploadPhoto,
} from './support/listings.ts';

/** A phone of the demo seller's for sale, at $480, made through the API. */
const sellersListing = async (request: APIRequestContext, token: string) => {
  const name = `Editable${uniqueToken()} 128GB`;
  const listing = await createListing(request, token, {
    name,
    categoryId: '1',
    price: '480',
    originalPrice: '899',
    brand: 'Apple',
    model: 'iPhone 14',
    used: '1 year',
    location: 'Portland, OR',
    phone: '503-555-0177',
    condition: 'Good',
    authenticity: 'Original',
    features: '128 GB, Face ID',
    description: 'Browser test listing, to be edited.',
    imageId: await uploadPhoto(request, token),
  });
  return { ...listing, name };
};

/** My Products from the dashboard menu, as a seller gets there. */
const openMyProducts = async (page: Page) => {
  await mainNav(page).getByRole('link', { name: webTexts.navDashboard, exact: true }).click();
  await dashboardLink(page, accountTexts.myProducts).click();
  await expect(page).toHaveURL('/dashboard/my-products');
};

test('a seller lowers a phone’s price from My Products; its page shows the new price and “was” the old one', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const seller = demoAccount('seller');
  const token = await apiToken(request, seller.email);
  const listing = await sellersListing(request, token);

  await page.goto('/');
  await signIn(page, seller.email);
  await openMyProducts(page);

  const row = myProductRows(page, listing.name);
  await expect(row.getByRole('cell', { name: formatPrice(48_000), exact: true })).toBeVisible();
  await row.getByRole('link', { name: listingTexts.edit, exact: true }).click();
  await expect(page).toHaveURL(`/dashboard/my-products/${listing.id}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: listingTexts.editTitle, exact: true })).toBeVisible();

  // The form shows the listing as it is, its photo too.
  const form = addProductForm(page);
  await expect(form.name).toHaveValue(listing.name);
  await expect(form.price).toHaveValue('480');
  await expect(form.phone).toHaveValue('5035550177');
  await expectPhotosUploaded(page, 1);

  await form.price.fill('425.50');
  const saved = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === `/api/products/${listing.id}` && response.request().method() === 'PATCH',
  );
  await page.getByRole('main').getByRole('button', { name: listingTexts.saveChanges, exact: true }).click();
  expect((await saved).status()).toBe(200);
  await expect(toast(page, listingTexts.productUpdated)).toBeVisible();

  // Back on My Products, with the new price.
  await expect(page).toHaveURL('/dashboard/my-products');
  await expect(row.getByRole('cell', { name: formatPrice(42_550), exact: true })).toBeVisible();

  // The phone's page: the new price, and the old one as "was", struck through.
  await page.goto(`/products/${listing.id}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: listing.name, exact: true })).toBeVisible();
  await expect(main.getByText(formatPrice(42_550), { exact: true })).toBeVisible();
  const was = main.getByText(`${listingTexts.wasPrice} ${formatPrice(48_000)}`, { exact: true });
  await expect(was).toBeVisible();
  await expect(was.locator('s')).toHaveText(formatPrice(48_000));

  // The public answer agrees.
  const details = (await (await request.get(`/api/products/${listing.id}`)).json()) as Product;
  expect(details).toMatchObject({ priceCents: 42_550, previousPriceCents: 48_000 });

  await deleteListing(request, token, listing.id);
});

test.describe('on a 360 px wide phone', () => {
  test.use(phoneViewport);

  // axe is injected as an inline script, which the app's Content-Security-Policy rightly refuses.
  test.use({ bypassCSP: true });

  test('each phone for sale in My Products has its Edit link, and the edit form fits and passes axe', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const seller = demoAccount('seller');
    const token = await apiToken(request, seller.email);
    const listing = await sellersListing(request, token);

    await page.goto('/dashboard/my-products');
    await expect(page).toHaveURL('/login');
    await signIn(page, seller.email);
    await expect(page).toHaveURL('/dashboard/my-products');
    const edit = myProductRows(page, listing.name).getByRole('link', { name: listingTexts.edit, exact: true });
    await expect(edit).toBeVisible();
    await edit.click();
    await expect(addProductForm(page).name).toHaveValue(listing.name);
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page);
    // An empty required field says so, as on Add Product.
    await addProductForm(page).name.fill('');
    await page.getByRole('main').getByRole('button', { name: listingTexts.saveChanges, exact: true }).click();
    await expect(page.getByRole('main').getByText(messages.nameRequired, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);

    await deleteListing(request, token, listing.id);
  });
});
