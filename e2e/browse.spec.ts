/**
 * A visitor browsing the public pages, found the way a person finds things: by role, label and
 * visible text. Also the HTTP behaviour the browser relies on (API errors, caching of the build).
 */
import { expect, test, type Locator } from '@playwright/test';
import { carousel as carouselTiming, ErrorBodySchema, messages, webTexts } from '@recell/contract';
import {
  advertisedAnswer,
  advertisedCards,
  advertisedSection,
  brands,
  categoryCard,
  fetchAdvertised,
  openHome,
  priceText,
} from './support/catalogue.ts';
import { demoAccount, signIn } from './support/auth.ts';
import { expectNoHorizontalScroll, phoneViewport } from './support/layout.ts';

/**
 * The name (alt text) of the banner image that fills the carousel's frame now, or null while the
 * frame shows no single image in full (mid-transition). Geometry, as a person sees it: slides
 * outside the frame are clipped away, whatever the carousel's markup.
 */
const shownSlide = async (carousel: Locator): Promise<string | null> => {
  const frame = await carousel.boundingBox();
  if (!frame) return null;
  for (const image of await carousel.getByRole('img').all()) {
    const box = await image.boundingBox();
    if (!box || box.width === 0 || box.height === 0) continue;
    const overlap = Math.min(box.x + box.width, frame.x + frame.width) - Math.max(box.x, frame.x);
    if (overlap >= box.width * 0.95 && (await image.isVisible())) return image.getAttribute('alt');
  }
  return null;
};

test.describe('home page', () => {
  test('shows the banner carousel, which moves on to another slide by itself', async ({ page }) => {
    await page.goto('/');
    const carousel = page.getByRole('region', { name: webTexts.bannerRegion, exact: true });
    await expect(carousel).toBeVisible();

    // The first slide shows at once, its image loaded (not a broken-image icon).
    // The slide seen by the poll itself: asking again could land in an autoplay transition.
    let first: string | null = null;
    await expect
      .poll(async () => (first = await shownSlide(carousel)), { message: 'a banner slide fills the carousel' })
      .not.toBeNull();
    const firstImage = carousel.getByRole('img', { name: first!, exact: true }).first();
    await expect(firstImage).toBeVisible();
    await expect
      .poll(() => firstImage.evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0)))
      .toBeGreaterThan(0);

    // The other slides join when the carousel starts (its code is not part of the first load).
    await expect
      .poll(
        () =>
          carousel
            .locator('img')
            .evaluateAll((images) => new Set(images.map((image) => image.getAttribute('alt'))).size),
        { message: 'distinct banner slides (by their alt text)' },
      )
      .toBeGreaterThan(1);

    // Slides off the screen are out of a screen reader's (and the keyboard's) reach: inert, which
    // browsers take out of the accessibility tree (Playwright's role queries do not look at it).
    const reachable = carousel.locator('img:not([inert] *)');
    await expect(reachable).toHaveCount(1);

    // Autoplay every 2 s with a 1 s transition: another slide fills the frame within ~2.5–3 s.
    await expect
      .poll(
        async () => {
          const shown = await shownSlide(carousel);
          return shown !== null && shown !== first;
        },
        {
          message: `another slide than "${first}" is shown`,
          timeout: 2 * (carouselTiming.autoplayMs + carouselTiming.transitionMs),
          intervals: [250],
        },
      )
      .toBe(true);
  });

  test('the banner holds still once paused, and its dots go to a slide', async ({ page }) => {
    await page.goto('/');
    const carousel = page.getByRole('region', { name: webTexts.bannerRegion, exact: true });
    // The pause button comes with the slideshow (once the page is idle).
    await carousel.getByRole('button', { name: webTexts.pauseSlideshow }).click();
    await expect(carousel.getByRole('button', { name: webTexts.playSlideshow })).toBeVisible();

    const third = carousel.getByRole('button', { name: /^Slide 3 of 3/ });
    await third.click();
    await expect(third).toHaveAttribute('aria-current', 'true');
    // Neither hovered nor focused any more: only the pause holds it now.
    await page.getByRole('heading', { name: webTexts.categoriesHeading }).click();
    await expect(third).not.toBeFocused();
    let shown: string | null = null;
    await expect.poll(async () => (shown = await shownSlide(carousel))).not.toBeNull();
    await page.waitForTimeout(carouselTiming.autoplayMs + carouselTiming.transitionMs);
    expect(await shownSlide(carousel)).toBe(shown);
    await expect(third).toHaveAttribute('aria-current', 'true');
  });

  test('starts paused for a visitor who prefers reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const carousel = page.getByRole('region', { name: webTexts.bannerRegion, exact: true });
    await expect(carousel.getByRole('button', { name: webTexts.playSlideshow })).toBeVisible();
    await expect(carousel.getByRole('button', { name: /^Slide 1 of 3/ })).toHaveAttribute('aria-current', 'true');
  });

  test('shows the three categories, each with a See All link', async ({ page }) => {
    await page.goto('/');
    for (const { brand } of brands) {
      const card = categoryCard(page, brand);
      await expect(card).toBeVisible();
      await expect(card.getByRole('img')).toBeVisible();
      await expect(card.getByRole('link', { name: webTexts.seeAll, exact: true })).toBeVisible();
    }
  });

  test('shows every advertised phone from the database with its name and $ price', async ({ page, request }) => {
    expect((await fetchAdvertised(request)).length, 'the demo catalogue advertises phones').toBeGreaterThan(0);
    // Compared with the answer the page itself got: the selling tests advertise and remove a phone meanwhile.
    const answer = advertisedAnswer(page);
    await page.goto('/');
    const advertised = await answer;

    const countByName = new Map<string, number>();
    for (const phone of advertised) countByName.set(phone.name, (countByName.get(phone.name) ?? 0) + 1);
    for (const [name, count] of countByName) {
      await expect(advertisedCards(page, name), `cards titled "${name}"`).toHaveCount(count);
    }
    await expect(advertisedSection(page).getByRole('article')).toHaveCount(advertised.length);
    for (const phone of advertised) {
      await expect(
        advertisedCards(page, phone.name).filter({ hasText: priceText(phone.priceCents) }),
        `"${phone.name}" with its price`,
      ).not.toHaveCount(0);
    }
  });

  test("Samsung's See All opens the Samsung category", async ({ page }) => {
    await openHome(page);
    const samsung = brands.find(({ brand }) => brand === 'Samsung')!;
    await categoryCard(page, samsung.brand).getByRole('link', { name: webTexts.seeAll, exact: true }).click();

    // The spec puts category pages behind login: a visitor signs in on the way and comes back.
    await expect(page).toHaveURL('/login');
    await signIn(page, demoAccount('buyer').email);
    await expect(page).toHaveURL(`/categories/${samsung.id}`);
    await expect(page.getByRole('heading', { level: 1, name: samsung.brand, exact: true })).toBeVisible();
  });
});

test('an unknown page says so and leads back home', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: messages.notFoundTitle, exact: true })).toBeVisible();
  await expect(page.getByText(messages.notFoundText, { exact: true })).toBeVisible();
  await page.getByRole('link', { name: messages.goHome, exact: true }).click();
  await expect(page).toHaveURL('/');
  await expect(categoryCard(page, brands[0]!.brand)).toBeVisible();
});

test.describe('on a 360 px wide phone', () => {
  test.use(phoneViewport);

  for (const path of ['/', '/about', '/blogs', '/no-such-page']) {
    test(`${path} has no horizontal scroll`, async ({ page }) => {
      if (path === '/') await openHome(page);
      else {
        await page.goto(path);
        await expect(page.getByRole('main')).toBeVisible();
      }
      await expectNoHorizontalScroll(page);
    });
  }
});

test.describe('HTTP', () => {
  test('an unknown API route answers a JSON 404 in the error shape', async ({ request }) => {
    const response = await request.get('/api/nope');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toMatch(/^application\/json/);
    const body = ErrorBodySchema.parse(await response.json());
    expect(body.error.code).toBe('not_found');
    expect(body.error.message).not.toBe('');
  });

  test('serves the OpenAPI document', async ({ request }) => {
    const response = await request.get('/api/openapi.json');
    expect(response.status()).toBe(200);
    const document = (await response.json()) as { openapi?: string; paths?: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths ?? {})).toEqual(expect.arrayContaining(['/api/categories', '/api/advertised']));
  });

  test('hashed build assets are cached for good, the page itself is not', async ({ request }) => {
    const home = await request.get('/');
    expect(home.status()).toBe(200);
    const html = await home.text();
    const asset = html.match(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/)?.[1];
    expect(asset, 'index.html loads a hashed asset from /assets/').toBeDefined();

    const assetResponse = await request.get(asset!);
    expect(assetResponse.status()).toBe(200);
    const assetCaching = assetResponse.headers()['cache-control'] ?? '';
    expect(assetCaching).toContain('immutable');
    expect(Number(assetCaching.match(/max-age=(\d+)/)?.[1] ?? 0), `${asset}: ${assetCaching}`).toBeGreaterThanOrEqual(
      30 * 24 * 3600,
    );

    // A missing chunk (an old tab after a deploy) must fail as a missing file, not get the page.
    const missing = await request.get('/assets/no-such-chunk-0000.js');
    expect(missing.status()).toBe(404);

    for (const path of ['/', '/about']) {
      const page = await request.get(path);
      const caching = page.headers()['cache-control'] ?? '';
      expect(caching, `Cache-Control of ${path}`).not.toContain('immutable');
      const maxAge = Number(caching.match(/max-age=(\d+)/)?.[1] ?? 0);
      if (!/no-cache|no-store/.test(caching))
        expect(maxAge, `Cache-Control of ${path}: ${caching}`).toBeLessThanOrEqual(300);
    }
  });
});
