import { expect, type Page } from '@playwright/test';

/** A phone-sized viewport (the narrowest the site is made for). */
export const phoneViewport = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

/**
 * The page is no wider than the viewport, once everything has loaded: lazy images and late content
 * below the fold count too (the page is scrolled to the bottom first).
 */
export const expectNoHorizontalScroll = async (page: Page) => {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForLoadState('networkidle');
  const viewportWidth = page.viewportSize()?.width ?? 0;
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `page width at a ${viewportWidth} px viewport`).toBeLessThanOrEqual(viewportWidth);
};
