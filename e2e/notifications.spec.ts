/**
 * Notifications as people use them: a seller sees the bell's count go up when a buyer books their
 * phone, opens the list and follows the notification to the order's page; a person switches one
 * kind of email off in their profile, and the next such event writes no email for it.
 */
import { notificationKindLabels, notificationTexts, orderDetailsTexts } from '@recell/contract';
import { expect, test } from '@playwright/test';
import { createPhone, signUpAccount } from './support/admin';
import { mainNav, signIn } from './support/auth';
import { bookThroughApi } from './support/buying';

test('a seller sees the bell count after a buyer books, opens the list and follows the link', async ({
  page,
  request,
}) => {
  const seller = await signUpAccount(request, 'seller', 'Nora Notified');
  const buyer = await signUpAccount(request, 'user', 'Bram Booker');
  const phone = await createPhone(request, seller, { name: 'Bellphone X1', model: 'Bell X1', categoryId: '3' });

  await signIn(page, seller.email, seller.password);
  const bell = mainNav(page).getByRole('link', { name: notificationTexts.bellLabel(0), exact: true });
  await expect(bell).toBeVisible();

  await bookThroughApi(request, buyer.token, { productId: phone.id, phone: '503-555-0188', location: 'Salem, OR' });
  // The bell asks again on focus and every minute; a new page load asks at once.
  await page.reload();
  const unreadBell = mainNav(page).getByRole('link', { name: notificationTexts.bellLabel(1), exact: true });
  await expect(unreadBell).toBeVisible();

  await unreadBell.click();
  await expect(page.getByRole('heading', { level: 1, name: notificationTexts.heading })).toBeVisible();
  const notice = page.getByRole('listitem').filter({ hasText: 'Bellphone X1' });
  await expect(notice).toContainText(`A buyer booked your Bellphone X1.`);
  await notice.getByRole('link', { name: 'New booking' }).click();
  // It opens the order's own page.
  await expect(page).toHaveURL(/\/dashboard\/orders\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: orderDetailsTexts.heading('Bellphone X1') })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: notificationTexts.bellLabel(0), exact: true })).toBeVisible();
});

test('a person switches an email kind off in their profile', async ({ page, request }) => {
  const person = await signUpAccount(request, 'user', 'Priya Preferences');
  await signIn(page, person.email, person.password);
  await page.goto('/profile');
  const section = page.getByRole('region', { name: notificationTexts.preferencesHeading });
  const priceDrops = section.getByLabel(notificationKindLabels.price_drop);
  await expect(priceDrops).toBeChecked();
  await priceDrops.uncheck();
  await section.getByRole('button', { name: notificationTexts.preferencesSave }).click();
  await expect(page.getByText(notificationTexts.preferencesSaved)).toBeVisible();

  await page.reload();
  await expect(section.getByLabel(notificationKindLabels.price_drop)).not.toBeChecked();
  await expect(section.getByLabel(notificationKindLabels.order_paid)).toBeChecked();
  const stored = await request.get('/api/me/email-preferences', {
    headers: { authorization: `Bearer ${person.token}` },
  });
  expect(((await stored.json()) as { emails: Record<string, boolean> }).emails).toMatchObject({
    price_drop: false,
    order_paid: true,
  });
});
