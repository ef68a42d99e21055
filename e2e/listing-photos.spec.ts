/**
 * A listing's photos, as people use them: a seller adds a phone with three photos (chosen at once,
 * each uploaded with its progress, one moved to the front), and a buyer sees them on the phone's
 * page as a gallery, opens one full screen and goes to the next with the keyboard.
 */
import { expect, test } from '@playwright/test';
import { accountTexts, categoryBrands, messages, photoTexts, type ProductWithPhotos } from '@recell/contract';
import { demoAccount, signIn, toast } from './support/auth.ts';
import {
  addProductForm,
  apiToken,
  deleteListing,
  expectPhotosUploaded,
  freshImei,
  makePhonePhoto,
  uniqueToken,
} from './support/listings.ts';

test('a seller lists a phone with three photos; a buyer browses them in the gallery and full screen', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const seller = demoAccount('seller');
  const name = `Gallery${uniqueToken()} 128GB Blue`;

  await page.goto('/dashboard/addProduct');
  await expect(page).toHaveURL('/login');
  await signIn(page, seller.email);
  await expect(page.getByRole('heading', { level: 1, name: accountTexts.addProduct, exact: true })).toBeVisible();

  const form = addProductForm(page);
  const main = page.getByRole('main');
  await form.name.fill(name);
  await form.category.selectOption({ label: categoryBrands['1'] });
  await form.price.fill('399');
  await form.originalPrice.fill('799');
  await form.brand.fill('Apple');
  await form.model.fill('iPhone 12');
  await form.storage.selectOption({ label: '128 GB' });
  await form.colour.fill('Blue');
  await form.networkLock.fill('Unlocked');
  await form.imei.fill(freshImei());
  await form.used.fill('2 years');
  await form.location.fill('Austin, TX');
  await form.phone.fill('512 555 0147');
  await form.condition.selectOption({ label: 'Good' });
  await form.authenticity.fill('Original');
  await form.features.fill('Face ID, 5G');
  await form.description.fill('Browser test listing with three photos.');

  // Three photos chosen at once: each uploads by itself; the first is the cover.
  const uploads: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/uploads' && response.status() === 201) uploads.push(response.url());
  });
  await form.photo.setInputFiles([
    await makePhonePhoto('front.jpg', '#0f766e'),
    await makePhonePhoto('back.jpg', '#7c3aed'),
    await makePhonePhoto('side.jpg', '#b45309'),
  ]);
  await expectPhotosUploaded(page, 3);
  expect(uploads).toHaveLength(3);
  const cover = () => main.getByRole('listitem').filter({ hasText: photoTexts.cover });
  await expect(cover()).toHaveCount(1);

  // The third photo moved to the front, by keyboard: it becomes the cover.
  await main.getByRole('button', { name: `${photoTexts.moveEarlier} ${photoTexts.ofPhoto(3)}`, exact: true }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(
    main.getByRole('button', { name: `${photoTexts.moveEarlier} ${photoTexts.ofPhoto(1)}`, exact: true }),
  ).toBeDisabled();

  const created = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/products' && response.request().method() === 'POST',
  );
  await form.submit.click();
  const response = await created;
  expect(response.status(), 'POST /api/products').toBe(201);
  const sent = response.request().postDataJSON() as { imageIds: string[] };
  const product = (await response.json()) as ProductWithPhotos;
  await expect(toast(page, messages.productAdded)).toBeVisible();
  expect(sent.imageIds).toHaveLength(3);
  expect(product.photos.map((photo) => photo.id)).toEqual(sent.imageIds);
  expect(product.imageUrl).toBe(product.photos[0]!.url);

  // A buyer, in a browser of their own, opens the phone's page.
  const buyerContext = await browser.newContext();
  try {
    const buyerPage = await buyerContext.newPage();
    await signIn(buyerPage, demoAccount('buyer').email);
    await buyerPage.goto(`/products/${product.id}`);
    await expect(buyerPage.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
    const details = buyerPage.getByRole('main');

    // The main photo (the cover) and a thumbnail per photo.
    const mainPhoto = details.getByRole('img', { name: photoTexts.photoOf(name, 1, 3), exact: true });
    await expect(mainPhoto).toBeVisible();
    await expect(mainPhoto).not.toHaveAttribute('loading', 'lazy');
    await expect(mainPhoto).toHaveAttribute('src', product.photos[0]!.url);
    const thumbnails = details.getByRole('list', { name: photoTexts.galleryLabel }).getByRole('button');
    await expect(thumbnails).toHaveCount(3);
    await thumbnails.nth(1).click();
    await expect(details.getByRole('img', { name: photoTexts.photoOf(name, 2, 3), exact: true })).toHaveAttribute(
      'src',
      product.photos[1]!.url,
    );
    await thumbnails.nth(0).click();

    // Full screen, from the keyboard: the lightbox's code and stylesheet load only now.
    const styles: string[] = [];
    buyerPage.on('response', (answer) => {
      if (/photo-lightbox.*\.css$/.test(new URL(answer.url()).pathname)) styles.push(answer.url());
    });
    const violations: string[] = [];
    buyerPage.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await details.getByRole('button', { name: new RegExp(photoTexts.openFullScreen) }).focus();
    await buyerPage.keyboard.press('Enter');
    const lightbox = buyerPage.getByRole('dialog', { name, exact: true });
    await expect(lightbox).toBeVisible();
    const slide = (n: number) => lightbox.getByRole('group', { name: `${n} of 3`, exact: true, includeHidden: true });
    await expect(slide(1)).not.toHaveAttribute('inert');
    await expect(slide(1).getByRole('img', { name: photoTexts.photoOf(name, 1, 3) })).toBeVisible();
    // Its stylesheet applies (the lightbox covers the screen), served from our origin under the CSP.
    const box = await lightbox.boundingBox();
    const viewport = buyerPage.viewportSize()!;
    expect(box && Math.round(box.width)).toBe(viewport.width);
    expect(styles.length).toBeGreaterThan(0);

    await buyerPage.keyboard.press('ArrowRight');
    await expect(slide(2)).not.toHaveAttribute('inert');
    await expect(slide(1)).toHaveAttribute('inert');
    await expect(slide(2).getByRole('img', { name: photoTexts.photoOf(name, 2, 3) })).toBeVisible();

    await buyerPage.keyboard.press('Escape');
    await expect(lightbox).toBeHidden();
    // The page shows the photo last seen full screen.
    await expect(details.getByRole('img', { name: photoTexts.photoOf(name, 2, 3), exact: true })).toBeVisible();
    expect(violations, 'no Content-Security-Policy violation').toEqual([]);
  } finally {
    await buyerContext.close();
  }

  await deleteListing(request, await apiToken(request, seller.email), product.id);
});
