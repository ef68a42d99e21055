/**
 * Selling, as a seller does it in the browser: Add Product (every required-field message, then a
 * phone with a photo), My Products, advertising it onto the home page, and removing it from every
 * page that showed it. Texts come from the contract (`messages` for the spec's, `listingTexts` and
 * `webTexts` for ours).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  categoryBrands,
  formatPrice,
  listingMessages,
  listingTexts,
  messages,
  webTexts,
  accountTexts,
  type CategoryId,
  type Product,
} from '@recell/contract';
import { demoAccount, mainNav, signIn, toast } from './support/auth.ts';
import { advertisedSection, fetchAdvertised } from './support/catalogue.ts';
import { expectNoHorizontalScroll, phoneViewport } from './support/layout.ts';
import {
  addProductForm,
  apiToken,
  cardPrice,
  cardsNamed,
  categoryResults,
  categorySearch,
  dashboardLink,
  expectSettledResults,
  fetchMyProducts,
  freshImei,
  expectPhotosUploaded,
  makePhonePhoto,
  myProductRows,
  myProductsTable,
  uniqueToken,
} from './support/listings.ts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A field's message: announced with the field (its accessible description), the field marked invalid. */
const expectFieldMessage = async (field: Locator, message: string) => {
  await expect(field).toHaveAccessibleDescription(new RegExp(`(^|\\s)${escapeRegExp(message)}$`));
  await expect(field).toHaveAttribute('aria-invalid', 'true');
};

/** Opens the home page from the main navigation and waits until its advertised grid has loaded. */
const openHomeFromNav = async (page: Page) => {
  await mainNav(page).getByRole('link', { name: webTexts.navHome, exact: true }).click();
  await expect(page).toHaveURL('/');
  // The demo advertises phones: the grid is there once its first card is.
  await expect(advertisedSection(page).getByRole('article').first()).toBeVisible();
};

/** Opens My Products from the dashboard menu (Dashboard in the main navigation first). */
const openMyProducts = async (page: Page) => {
  await mainNav(page).getByRole('link', { name: webTexts.navDashboard, exact: true }).click();
  await dashboardLink(page, accountTexts.myProducts).click();
  await expect(page).toHaveURL('/dashboard/my-products');
  await expect(page.getByRole('heading', { level: 1, name: accountTexts.myProducts, exact: true })).toBeVisible();
  await expect(myProductsTable(page)).toBeVisible();
};

/** Searches a category page for `words` (typed into its search box, then Enter). */
const searchCategory = async (page: Page, categoryId: CategoryId, words: string) => {
  await page.goto(`/categories/${categoryId}`);
  await expect(page.getByRole('heading', { level: 1, name: categoryBrands[categoryId], exact: true })).toBeVisible();
  const { box } = categorySearch(page);
  await box.fill(words);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(words)}(&|$)`));
};

test('a seller adds a phone with a photo, advertises it onto the home page, then removes it everywhere', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const seller = demoAccount('seller');
  const token = uniqueToken();
  const model = `Zephyr${token}`;
  const phone = {
    categoryId: '1' as CategoryId,
    name: `${model} 128GB Midnight`,
    price: '349.50',
    priceCents: 34_950,
    originalPrice: '699',
    originalPriceCents: 69_900,
    brand: `Brand${token}`,
    model,
    used: '8 months',
    location: `Testville${token}, OR`,
    phone: '+1 503 555 0142',
    condition: 'Good',
    authenticity: 'Original, with box',
    features: '128 GB, 6.1" OLED, dual camera, battery health 91%',
    description: 'Browser test listing: kept in a case, no scratches, unlocked.',
  };

  // ---- Add Product, from a deep link: the guard asks for login first, then comes back.
  await page.goto('/dashboard/addProduct');
  await expect(page).toHaveURL('/login');
  await signIn(page, seller.email);
  await expect(page).toHaveURL('/dashboard/addProduct');
  await expect(page.getByRole('heading', { level: 1, name: accountTexts.addProduct, exact: true })).toBeVisible();

  const form = addProductForm(page);
  const required: [Locator, string][] = [
    [form.name, messages.nameRequired],
    [form.category, messages.categoryRequired],
    [form.price, messages.priceRequired],
    [form.originalPrice, messages.originalPriceRequired],
    [form.brand, messages.brandRequired],
    [form.model, messages.modelRequired],
    [form.storage, listingMessages.storageRequired],
    [form.colour, listingMessages.colourRequired],
    [form.networkLock, listingMessages.networkLockRequired],
    [form.imei, listingMessages.imeiRequired],
    [form.used, messages.usedRequired],
    [form.location, messages.locationRequired],
    [form.phone, messages.phoneRequired],
    [form.condition, messages.conditionRequired],
    [form.authenticity, messages.authenticityRequired],
    [form.features, messages.featuresRequired],
    [form.description, messages.descriptionRequired],
    [form.photo, messages.imageRequired],
  ];

  // An empty submit: every field says what it needs, once, and nothing is sent.
  const posts: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/products') posts.push(sent.url());
  });
  await form.submit.click();
  const main = page.getByRole('main');
  for (const [field, message] of required) {
    await expect(main.getByText(message, { exact: true }), `"${message}" shown once`).toHaveCount(1);
    await expectFieldMessage(field, message);
  }
  expect(posts, 'an empty form is not sent').toEqual([]);

  // Filled in: the messages go as the fields get their values.
  await form.name.fill(phone.name);
  await form.category.selectOption({ label: categoryBrands[phone.categoryId] });
  await form.price.fill(phone.price);
  await form.originalPrice.fill(phone.originalPrice);
  await form.brand.fill(phone.brand);
  await form.model.fill(phone.model);
  await form.storage.selectOption({ label: '128 GB' });
  await form.colour.fill('Midnight');
  await form.networkLock.fill('Unlocked');
  await form.imei.fill(freshImei());
  await form.used.fill(phone.used);
  await form.location.fill(phone.location);
  await form.phone.fill(phone.phone);
  await form.condition.selectOption({ label: phone.condition });
  await form.authenticity.fill(phone.authenticity);
  await form.features.fill(phone.features);
  await form.description.fill(phone.description);
  await form.photo.setInputFiles(await makePhonePhoto());
  await expectPhotosUploaded(page, 1);
  for (const [field, message] of required) {
    await expect(main.getByText(message, { exact: true }), `"${message}" gone once filled`).toHaveCount(0);
    await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  }

  const created = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/products' && response.request().method() === 'POST',
  );
  await form.submit.click();
  const createdResponse = await created;
  expect(createdResponse.status(), 'POST /api/products').toBe(201);
  const product = (await createdResponse.json()) as Product;
  expect(product).toMatchObject({
    name: phone.name,
    priceCents: phone.priceCents,
    originalPriceCents: phone.originalPriceCents,
    status: 'available',
    isAdvertised: false,
  });
  expect(JSON.stringify(product), 'the seller’s phone number is not public').not.toContain('5035550142');
  await expect(toast(page, messages.productAdded)).toBeVisible();

  // ---- My Products: the new phone's row, for sale and not advertised yet.
  await expect(page).toHaveURL('/dashboard/my-products');
  const row = myProductRows(page, phone.name);
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell', { name: formatPrice(phone.priceCents), exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: formatPrice(phone.originalPriceCents), exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: phone.location, exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: messages.statusAvailable, exact: true })).toBeVisible();
  // The photo went through the upload pipeline and is served back.
  const photo = row.getByRole('img', { name: phone.name, exact: true });
  await expect(photo).toBeVisible();
  await expect
    .poll(() => photo.evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0)))
    .toBeGreaterThan(0);

  // Not advertised yet: the home page does not show it.
  await openHomeFromNav(page);
  await expect(cardsNamed(advertisedSection(page), phone.name)).toHaveCount(0);

  // ---- Advertise it.
  await openMyProducts(page);
  const advertise = row.getByRole('button', { name: messages.advertise, exact: true });
  await expect(advertise).toBeEnabled();
  await advertise.click();
  await expect(toast(page, messages.productAdvertised)).toBeVisible();
  await expect(row.getByRole('button', { name: messages.advertised, exact: true })).toBeDisabled();
  await expect(row.getByRole('button', { name: messages.advertise, exact: true })).toHaveCount(0);

  // The server kept it: after a reload the row still says Advertised.
  await page.reload();
  await expect(row.getByRole('button', { name: messages.advertised, exact: true })).toBeDisabled();

  // The home page's advertised grid shows its card: name, $ price, the verified seller, the time.
  await openHomeFromNav(page);
  const card = cardsNamed(advertisedSection(page), phone.name);
  await expect(card).toHaveCount(1);
  expect(await cardPrice(card)).toBe(formatPrice(phone.priceCents));
  await expect(card.getByText(seller.name, { exact: true })).toBeVisible();
  await expect(card.getByRole('img', { name: webTexts.verifiedSeller, exact: true })).toBeVisible();
  await expect(card.getByText(seller.email, { exact: true })).toBeVisible();
  await expect(card.getByRole('time')).toHaveText(/\b(1[0-2]|[1-9]):[0-5]\d (am|pm)$/);
  expect((await fetchAdvertised(request)).map(({ id }) => id)).toContain(product.id);

  // Its category page finds it by its model while it is for sale.
  await searchCategory(page, phone.categoryId, phone.model);
  const results = await expectSettledResults(page, phone.categoryId, 1);
  await expect(cardsNamed(results, phone.name)).toHaveCount(1);

  // ---- Delete it (after confirming in a dialog).
  await page.goto('/dashboard/my-products');
  await row.getByRole('button', { name: listingTexts.delete, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: listingTexts.deleteTitle(phone.name), exact: true });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleDescription(listingTexts.deleteText);
  // Cancel keeps it.
  await dialog.getByRole('button', { name: listingTexts.cancel, exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toHaveCount(1);

  await row.getByRole('button', { name: listingTexts.delete, exact: true }).click();
  await dialog.getByRole('button', { name: listingTexts.delete, exact: true }).click();
  await expect(toast(page, messages.productRemoved)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(row).toHaveCount(0);
  await page.reload();
  await expect(myProductsTable(page)).toBeVisible();
  await expect(row).toHaveCount(0);

  // Gone from the home page…
  await openHomeFromNav(page);
  await expect(cardsNamed(advertisedSection(page), phone.name)).toHaveCount(0);
  expect((await fetchAdvertised(request)).map(({ id }) => id)).not.toContain(product.id);

  // …from its category page (a search for it finds nothing)…
  await searchCategory(page, phone.categoryId, phone.model);
  await expectSettledResults(page, phone.categoryId, 0);
  await expect(
    categoryResults(page, phone.categoryId).getByText(listingTexts.noMatches, { exact: true }),
  ).toBeVisible();

  // …and its own page is the 404 page.
  await page.goto(`/products/${product.id}`);
  await expect(page.getByRole('heading', { name: messages.notFoundTitle, exact: true })).toBeVisible();

  // The seller's list as the API has it agrees.
  const mine = await fetchMyProducts(request, await apiToken(request, seller.email));
  expect(mine.map(({ id }) => id)).not.toContain(product.id);
});

test("the seller's sold phone says Sold and cannot be advertised", async ({ page, request }) => {
  const seller = demoAccount('seller');
  const mine = await fetchMyProducts(request, await apiToken(request, seller.email));
  const sold = mine.filter(({ status }) => status === 'sold');
  expect(sold.length, 'the demo catalogue has a sold phone').toBeGreaterThan(0);

  await page.goto('/dashboard/my-products');
  await expect(page).toHaveURL('/login');
  await signIn(page, seller.email);
  await expect(page).toHaveURL('/dashboard/my-products');
  await expect(myProductsTable(page)).toBeVisible();
  for (const phone of sold) {
    // Rows with this name (the demo may hold the same name for sale too): one of them is sold.
    const soldRow = myProductRows(page, phone.name).filter({
      has: page.getByRole('cell', { name: messages.statusSold, exact: true }),
    });
    await expect(soldRow).toHaveCount(1);
    await expect(soldRow.getByRole('button', { name: messages.noAccess, exact: true })).toBeDisabled();
    await expect(soldRow.getByRole('button', { name: messages.advertise, exact: true })).toHaveCount(0);
  }
});

test("a seller with no phones sees 'No Your Products'", async ({ page, request }) => {
  const email = `empty.seller.${Date.now()}.${uniqueToken()}@recell.test`;
  const photo = await makePhonePhoto('me.jpg');
  const signup = await request.post('/api/auth/signup', {
    multipart: {
      name: 'Empty Shelf',
      email,
      password: 'shelf-2024',
      role: 'seller',
      image: photo,
    },
  });
  expect(signup.status(), 'POST /api/auth/signup').toBe(201);

  await page.goto('/dashboard/my-products');
  await expect(page).toHaveURL('/login');
  await signIn(page, email, 'shelf-2024');
  await expect(page).toHaveURL('/dashboard/my-products');
  await expect(page.getByRole('main').getByText(messages.noProducts, { exact: true })).toBeVisible();
  await expect(myProductsTable(page)).toHaveCount(0);
});

test.describe('on a 360 px wide phone', () => {
  test.use(phoneViewport);

  test('My Products has no horizontal scroll (its table shows each phone as a card)', async ({ page }) => {
    await page.goto('/dashboard/my-products');
    await expect(page).toHaveURL('/login');
    await signIn(page, demoAccount('seller').email);
    await expect(page).toHaveURL('/dashboard/my-products');
    await expect(myProductsTable(page).getByRole('row').nth(1)).toBeVisible();
    await expectNoHorizontalScroll(page);
  });

  test('Add Product has no horizontal scroll, also with every message shown', async ({ page }) => {
    await page.goto('/dashboard/addProduct');
    await expect(page).toHaveURL('/login');
    await signIn(page, demoAccount('seller').email);
    await expect(page).toHaveURL('/dashboard/addProduct');
    const form = addProductForm(page);
    await expect(form.name).toBeVisible();
    await expectNoHorizontalScroll(page);
    await form.submit.click();
    await expect(page.getByRole('main').getByText(messages.imageRequired, { exact: true })).toBeVisible();
    await expectNoHorizontalScroll(page);
  });
});
