import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { categoryBrands, categoryIds, formatPrice, webTexts } from '@recell/contract';

/** The part of an advertised listing the home page shows and these tests look for. */
export interface AdvertisedPhone {
  id: string;
  name: string;
  priceCents: number;
}

export const brands = categoryIds.map((id) => ({ id, brand: categoryBrands[id] }));

/** The advertised phones as the API has them (the first page, as the home page asks for it). */
export const fetchAdvertised = async (request: APIRequestContext): Promise<AdvertisedPhone[]> => {
  const response = await request.get('/api/advertised');
  expect(response.status(), 'GET /api/advertised').toBe(200);
  const body = (await response.json()) as { items: AdvertisedPhone[]; nextCursor: string | null };
  expect(body).toMatchObject({ items: expect.any(Array) });
  for (const item of body.items) {
    expect(item).toMatchObject({ id: expect.any(String), name: expect.any(String), priceCents: expect.any(Number) });
  }
  return body.items;
};

/** A category card of the home page's categories section, found by its brand heading. */
export const categoryCard = (page: Page, brand: string): Locator =>
  page
    .getByRole('region', { name: webTexts.categoriesHeading })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: brand, exact: true }) });

/** The home page's advertised phones section. */
export const advertisedSection = (page: Page): Locator =>
  page.getByRole('region', { name: webTexts.advertisedHeading });

/** The advertised phones' cards whose heading is the phone's name. */
export const advertisedCards = (page: Page, name: string): Locator =>
  advertisedSection(page)
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });

/** Matches a $ price as shown, without matching a longer number ($450 is not $4500 nor $450.50). */
export const priceText = (cents: number) =>
  new RegExp(`${formatPrice(cents).replace(/[$.]/g, '\\$&')}(?![\\d,]|\\.\\d)`);

/**
 * The first page of advertised phones the home page itself asks for (start waiting before it loads).
 * Other tests add and remove advertised phones meanwhile, so a page is compared with its own answer.
 */
export const advertisedAnswer = (page: Page): Promise<AdvertisedPhone[]> =>
  page
    .waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/advertised' &&
        !new URL(response.url()).searchParams.has('cursor') &&
        response.request().method() === 'GET',
    )
    .then(async (response) => {
      expect(response.status(), 'GET /api/advertised').toBe(200);
      return ((await response.json()) as { items: AdvertisedPhone[] }).items;
    });

/** Opens the home page and waits until its categories and advertised phones are shown. */
export const openHome = async (page: Page) => {
  const answer = advertisedAnswer(page);
  await page.goto('/');
  const advertised = await answer;
  for (const { brand } of brands) await expect(categoryCard(page, brand)).toBeVisible();
  const first = advertised[0];
  if (first) await expect(advertisedCards(page, first.name).first()).toBeVisible();
  return { advertised };
};
