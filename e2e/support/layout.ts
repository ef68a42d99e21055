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

/** Relative luminance (0 black – 1 white) of the page's background, whatever CSS colour syntax it has. */
export const pageBackgroundLuminance = (page: Page) =>
  page.evaluate(() => {
    const context = document.createElement('canvas').getContext('2d')!;
    context.fillStyle = getComputedStyle(document.body).backgroundColor;
    context.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0] = Array.from(context.getImageData(0, 0, 1, 1).data, (value) => {
      const c = value / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  });
