/**
 * The fair-price guide and the seller page in the browser, on the demo catalogue (whose earlier
 * sales of the iPhone 13 Pro 128GB give it a typical price from sales): a buyer sees where a demo
 * phone's price stands on its page; a seller typing that model on Add Product sees the typical
 * price; a buyer opens a seller's page from a card and sees their phones for sale.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { accountTexts, fairPriceTexts, sellerTexts, type ListedProduct, type ProductPage } from '@recell/contract';
import { demoListings, demoPastSales } from '../apps/api/src/db/seed/demo-catalogue.ts';
import { demoAccount, signIn } from './support/auth.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { advertisedCards } from './support/catalogue.ts';
import { addProductForm } from './support/listings.ts';

// axe is injected as a script: the site's CSP would refuse it.
test.use({ bypassCSP: true });

const demoPhone = 'iPhone 13 Pro 128GB Sierra Blue';
const median = (cents: number[]) => {
  const sorted = [...cents].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const salesOf = (condition?: string) =>
  demoPastSales.filter((sale) => sale.like === demoPhone && (!condition || sale.condition === condition));

/** The demo phone as the API has it (found by its words in the Apple category). */
const findDemoPhone = async (request: APIRequestContext): Promise<ListedProduct> => {
  const response = await request.get(`/api/categories/1/products?q=${encodeURIComponent('13 Pro Sierra')}`);
  expect(response.status()).toBe(200);
  const phone = ((await response.json()) as ProductPage).items.find((item) => item.name === demoPhone);
  expect(phone, demoPhone).toBeDefined();
  return phone!;
};

test('a buyer sees on a demo phone’s page how its price stands against the typical price of recent sales', async ({
  page,
  request,
}) => {
  const phone = await findDemoPhone(request);
  const sales = salesOf(phone.condition);
  const typical = median(sales.map((sale) => sale.priceCents));
  const difference = Math.round((typical - phone.priceCents) / 100);

  await page.goto('/login');
  await signIn(page, demoAccount('buyer').email);
  await page.goto(`/products/${phone.id}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: demoPhone })).toBeVisible();
  await expect(main.getByText(`$${difference} below typical`, { exact: true })).toBeVisible();
  await expect(main.getByText(fairPriceTexts.typicalPrice(typical), { exact: true })).toBeVisible();
  await expect(main.getByText(new RegExp(`from ${sales.length} sales in the last 180 days`))).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a seller typing a model with recent sales on Add Product sees its typical price', async ({ page }) => {
  await page.goto('/dashboard/addProduct');
  await expect(page).toHaveURL('/login');
  await signIn(page, demoAccount('newSeller').email);
  await expect(page.getByRole('heading', { level: 1, name: accountTexts.addProduct, exact: true })).toBeVisible();
  const form = addProductForm(page);
  const main = page.getByRole('main');

  await form.model.pressSequentially('iphone 13 pro', { delay: 20 });
  await form.storage.selectOption({ label: '128 GB' });
  const all = salesOf();
  await expect(main.getByText(fairPriceTexts.typicalPrice(median(all.map((s) => s.priceCents))))).toBeVisible();
  await expect(main.getByText(new RegExp(`from ${all.length} sales in the last 180 days`))).toBeVisible();

  await form.condition.selectOption({ label: 'Excellent' });
  const excellent = salesOf('Excellent');
  await expect(
    main.getByText(fairPriceTexts.typicalPrice(median(excellent.map((s) => s.priceCents))), { exact: true }),
  ).toBeVisible();
  await expect(main.getByText(/in Excellent condition/)).toBeVisible();
});

test('a buyer opens a seller’s page from a card and sees their phones for sale', async ({ page }) => {
  const seller = demoAccount('seller');
  await page.goto('/login');
  await signIn(page, demoAccount('buyer').email);
  await page.goto('/');
  const card = advertisedCards(page, demoPhone).first();
  await expect(card).toBeVisible();
  await card.getByRole('link', { name: seller.name, exact: true }).click();

  await expect(page).toHaveURL(/\/sellers\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: seller.name })).toBeVisible();
  await expect(page.getByText(/^Member since /)).toBeVisible();
  const listings = page.getByRole('region', { name: sellerTexts.listingsHeading });
  await expect(listings.getByRole('heading', { name: demoPhone, exact: true })).toBeVisible();
  // Only phones for sale: not the seller's sold phone.
  const sold = demoListings.find((listing) => listing.seller === 'seller' && listing.sold);
  expect(sold, 'the demo seller has a sold phone').toBeDefined();
  await expect(listings.getByRole('heading', { name: sold!.name, exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
