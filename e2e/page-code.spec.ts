/**
 * What a browsing page downloads: the form libraries (zod and react-hook-form) are for pages with a
 * form, so the home page and a category page must not fetch or run them. Chunks shared by several
 * pages are built to keep them out (vite.config.ts); this holds the build to it.
 */
import { expect, test, type Page, type Response } from '@playwright/test';
import { categoryIds } from '@recell/contract';
import { demoAccount, signIn } from './support/auth.ts';

/** Text that survives minification in each library's code. */
const formLibraryMarks = { zod: 'ZodError', 'react-hook-form': 'HookFormContext' };

/** Names the form libraries found in the scripts downloaded while `visit` runs. */
async function formLibrariesLoadedBy(page: Page, visit: () => Promise<unknown>) {
  const scripts: Promise<string>[] = [];
  const collect = (response: Response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => ''));
  };
  page.on('response', collect);
  await visit();
  await page.waitForLoadState('networkidle');
  page.off('response', collect);
  const code = await Promise.all(scripts);
  expect(code.length, 'scripts downloaded').toBeGreaterThan(3);
  return Object.entries(formLibraryMarks)
    .filter(([, mark]) => code.some((text) => text.includes(mark)))
    .map(([library]) => library);
}

test("a visitor's home page loads no form library", async ({ page }) => {
  expect(await formLibrariesLoadedBy(page, () => page.goto('/'))).toEqual([]);
});

test('a signed-in category page loads no form library, and its phones are there', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, demoAccount('buyer').email);
  const categoryPath = `/categories/${categoryIds[0]}`;
  expect(await formLibrariesLoadedBy(page, () => page.goto(categoryPath))).toEqual([]);
  await expect(page.getByRole('main').getByRole('article').first().locator('img')).toBeVisible();
});

test('signing in does load them: the marks find both libraries', async ({ page }) => {
  const loaded = await formLibrariesLoadedBy(page, async () => {
    await page.goto('/login');
    await signIn(page, demoAccount('buyer').email);
  });
  expect(loaded.sort()).toEqual(['react-hook-form', 'zod']);
});
