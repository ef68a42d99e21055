/**
 * Search by phone facts in the browser: a buyer narrows a category page down by storage (kept in
 * the URL, kept by a reload), and finds phones from the home page with the header's search, on a
 * phone-sized screen too, and as a plain form before any script has run.
 */
import { expect, test } from '@playwright/test';
import { categoryBrands, listingTexts, webTexts, type Product } from '@recell/contract';
import { demoAccount, signIn } from './support/auth.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expectNoHorizontalScroll, phoneViewport } from './support/layout.ts';
import {
  apiToken,
  cardHeadings,
  categoryResults,
  categorySearch,
  createListing,
  deleteListing,
  expectSettledResults,
  uniqueToken,
  uploadPhoto,
} from './support/listings.ts';

// Another file browses Xiaomi unfiltered: these phones are Apple's, found by a word of their own.
const token = uniqueToken();
const word = `Factsearch${token}`;
let sellerToken = '';
let big: Product;
let small: Product;

test.beforeAll(async ({ request }) => {
  sellerToken = await apiToken(request, demoAccount('seller').email);
  const imageId = await uploadPhoto(request, sellerToken);
  const listing = (storageGb: string, name: string) => ({
    name,
    categoryId: '1',
    price: '699',
    originalPrice: '1199',
    brand: 'Apple',
    model: word,
    used: '1 year',
    location: 'Austin, TX',
    phone: '512-555-0147',
    condition: 'Good',
    authenticity: 'Original',
    features: 'Face ID, 5G',
    description: 'Browser test listing for the storage filter.',
    imageId,
    storageGb,
    colour: 'Blue',
    networkLock: 'unlocked',
    batteryHealth: '90',
  });
  big = await createListing(request, sellerToken, listing('1024', `${word} 1TB Blue`));
  small = await createListing(request, sellerToken, listing('128', `${word} 128GB Blue`));
});

test.afterAll(async ({ request }) => {
  for (const product of [big, small]) await deleteListing(request, sellerToken, product.id);
});

test('a buyer narrows a category page down by storage; the URL and a reload keep it', async ({ page }) => {
  await page.goto('/categories/1');
  await expect(page).toHaveURL('/login');
  await signIn(page, demoAccount('buyer').email);
  await expect(page.getByRole('heading', { level: 1, name: categoryBrands['1'], exact: true })).toBeVisible();

  const search = categorySearch(page);
  await search.box.fill(word);
  await search.box.press('Enter');
  const results = await expectSettledResults(page, '1', 2);
  expect(await cardHeadings(results)).toEqual([small.name, big.name]);

  const storage = search.form.getByLabel(listingTexts.storageFilter, { exact: true });
  await storage.selectOption({ label: listingTexts.storageValue(1024) });
  await expect(page).toHaveURL(/[?&]storage=1024(&|$)/);
  await expectSettledResults(page, '1', 1);
  expect(await cardHeadings(results)).toEqual([big.name]);

  await page.reload();
  await expect(storage).toHaveValue('1024');
  await expect(search.box).toHaveValue(word);
  await expectSettledResults(page, '1', 1);
  expect(await cardHeadings(categoryResults(page, '1'))).toEqual([big.name]);
});

test('a buyer finds phones from the home page with the header search', async ({ page }) => {
  await signIn(page, demoAccount('buyer').email);
  await page.goto('/');
  const header = page.getByRole('banner');
  const box = header.getByRole('searchbox', { name: webTexts.headerSearchLabel, exact: true });
  await box.fill(word.toLowerCase());
  await header.getByRole('button', { name: webTexts.headerSearchButton, exact: true }).click();

  await expect(page).toHaveURL(`/search?q=${word.toLowerCase()}`);
  await expect(
    page.getByRole('heading', { level: 1, name: listingTexts.searchPageHeading(word.toLowerCase()) }),
  ).toBeVisible();
  const results = page.getByRole('region', { name: listingTexts.allBrandsResults, exact: true });
  await expect(results.getByRole('status')).toHaveText(listingTexts.resultCount(2, false));
  expect(await cardHeadings(results)).toEqual([small.name, big.name]);

  // The same filters as a category page.
  await page
    .getByRole('search', { name: listingTexts.searchLabel })
    .getByLabel(listingTexts.storageFilter, { exact: true })
    .selectOption({ label: listingTexts.storageValue(128) });
  await expect(page).toHaveURL(/[?&]storage=128(&|$)/);
  await expect(results.getByRole('status')).toHaveText(listingTexts.resultCount(1, false));
  expect(await cardHeadings(results)).toEqual([small.name]);
});

test.describe('on a phone', () => {
  test.use(phoneViewport);

  test('the header search fits a 360 px screen and takes the buyer to the results', async ({ page }) => {
    await signIn(page, demoAccount('buyer').email);
    await page.goto('/');
    const header = page.getByRole('banner');
    const box = header.getByRole('searchbox', { name: webTexts.headerSearchLabel, exact: true });
    await expect(box).toBeVisible();
    await expect(header.getByRole('button', { name: webTexts.menu })).toBeVisible();
    await expectNoHorizontalScroll(page);

    await box.fill(word);
    await box.press('Enter');
    await expect(page).toHaveURL(`/search?q=${word}`);
    const results = page.getByRole('region', { name: listingTexts.allBrandsResults, exact: true });
    await expect(results.getByRole('status')).toHaveText(listingTexts.resultCount(2, false));
    // The fact filters fold behind one button.
    const filters = page.getByRole('button', { name: listingTexts.filtersButton, exact: true });
    await expect(page.getByLabel(listingTexts.storageFilter, { exact: true })).toBeHidden();
    await filters.click();
    await expect(filters).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByLabel(listingTexts.storageFilter, { exact: true })).toBeVisible();
    await expectNoHorizontalScroll(page);
  });
});

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });

  test('the header search is a plain form that opens /search?q=…', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('searchbox', { name: webTexts.headerSearchLabel, exact: true });
    await box.fill('pixel 8');
    await box.press('Enter');
    await expect(page).toHaveURL('/search?q=pixel+8');
  });
});

test.describe('accessibility (axe, WCAG 2.x A and AA)', () => {
  // axe is injected as a script, which the site's Content-Security-Policy would refuse.
  test.use({ bypassCSP: true });

  test('the search page, with its filters open and results', async ({ page }) => {
    await signIn(page, demoAccount('buyer').email);
    await page.goto(`/search?q=${word}&network=unlocked`);
    const results = page.getByRole('region', { name: listingTexts.allBrandsResults, exact: true });
    await expect(results.getByRole('status')).toHaveText(listingTexts.resultCount(2, false));
    await expectNoAxeViolations(page);
  });
});
