/**
 * What a card and a phone's page offer, by who looks: the seller who listed the phone sees 'Your
 * listing' and none of the buyer actions, another seller and an admin see only See Details (the
 * buyer's Booked mark is in buy.spec.ts). And a category page's price range the wrong way round,
 * from its address, says how to fix it in the catalogue's words.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { categoryBrands, listingMessages, listingTexts, webTexts } from '@recell/contract';
import { demoAccount, signIn } from './support/auth.ts';
import { createTestPhone, openPhoneCard, removeTestPhone, type TestPhone } from './support/buying.ts';

const buyerActions = [webTexts.addToWishlist, webTexts.report, webTexts.bookNow];

/** The buyer actions of a card or a page: none of them is offered. */
const expectNoBuyerActions = async (scope: Locator) => {
  for (const name of buyerActions) {
    await expect(scope.getByRole('button', { name, exact: true }), name).toHaveCount(0);
  }
};

/** The phone's card, then its page through See Details. */
const cardThenDetails = async (page: Page, phone: TestPhone) => {
  const card = await openPhoneCard(page, phone);
  const check = async (expectations: (scope: Locator) => Promise<void>) => {
    await expectations(card);
    await card.getByRole('link', { name: webTexts.seeDetails, exact: true }).click();
    await expect(page).toHaveURL(`/products/${phone.product.id}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: phone.product.name, exact: true })).toBeVisible();
    await expectations(main);
  };
  return check;
};

test.describe('cards by role', () => {
  let phone: TestPhone & { sellerToken: string };

  test.beforeAll(async ({ request }) => {
    phone = await createTestPhone(request, demoAccount('seller').email);
  });

  test.afterAll(async ({ request }) => {
    await removeTestPhone(request, phone.sellerToken, phone.product.id);
  });

  test("the seller sees 'Your listing' on their own phone's card and page, and no buyer actions", async ({ page }) => {
    await signIn(page, demoAccount('seller').email);
    const check = await cardThenDetails(page, phone);
    await check(async (scope) => {
      await expect(scope.getByText(webTexts.yourListing, { exact: true })).toBeVisible();
      await expectNoBuyerActions(scope);
    });
  });

  for (const key of ['newSeller', 'admin'] as const) {
    test(`${key === 'admin' ? 'an admin' : 'another seller'} sees only See Details on the card and no buyer actions on the page`, async ({
      page,
    }) => {
      await signIn(page, demoAccount(key).email);
      const check = await cardThenDetails(page, phone);
      await check(async (scope) => {
        await expectNoBuyerActions(scope);
        await expect(scope.getByText(webTexts.yourListing, { exact: true })).toHaveCount(0);
      });
    });
  }
});

test("a price range the wrong way round in a category page's address says how to fix it", async ({ page }) => {
  await signIn(page, demoAccount('buyer').email);
  await page.goto('/categories/3?minPrice=900&maxPrice=600');
  await expect(page.getByRole('heading', { level: 1, name: categoryBrands['3'], exact: true })).toBeVisible();

  const search = page.getByRole('search', { name: listingTexts.searchLabel, exact: true });
  await expect(search.getByLabel(listingTexts.maxPrice, { exact: true })).toHaveAccessibleDescription(
    listingMessages.priceRangeInverted,
  );
  await expect(page.getByText(/expected|received/i)).toHaveCount(0);
});
