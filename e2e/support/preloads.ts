import type { Page } from '@playwright/test';

/** Chromium warns about a preload nothing used this long after the load event (3 s), plus room. */
const preloadCheckMs = 5_000;

/**
 * Lets the page live past the moment Chromium warns "was preloaded using link preload but not used"
 * without waiting for it: the page's clock runs on virtual time (DevTools' Emulation domain) and
 * jumps ahead, so the warning, if any, reaches the page's console listeners before this returns.
 * The page's timers (the app's own too) fire as they would over those seconds.
 *
 * Afterwards the page's clock stands still for good: check what needs the page first, and use
 * another tab for anything after.
 */
export async function passUnusedPreloadCheck(page: Page) {
  await page.waitForLoadState('load');
  const devtools = await page.context().newCDPSession(page);
  const passed = new Promise((resolve) => devtools.once('Emulation.virtualTimeBudgetExpired', resolve));
  // Time stands still while a request is on its way, as it nearly does on a real network.
  await devtools.send('Emulation.setVirtualTimePolicy', {
    policy: 'pauseIfNetworkFetchesPending',
    budget: preloadCheckMs,
  });
  await passed;
  // One round trip: the console messages sent before it have been delivered.
  await page.evaluate(() => undefined);
  await devtools.detach();
}
