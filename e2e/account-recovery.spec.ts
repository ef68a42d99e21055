/**
 * Account recovery as a person lives it: "Forgot password?" on the login page, the email (as it
 * arrived at a local SMTP server), the link, a new password, and a login with
 * it; the sign-in made before the reset is over. And a new account confirming its address from
 * the dashboard's notice.
 */
import { expect, test } from '@playwright/test';
import { accountTexts, messages, recoveryMessages, recoveryTexts, type AuthSession } from '@recell/contract';
import { signIn, toast } from './support/auth.ts';
import { signUpAccount } from './support/admin.ts';
import { makePhonePhoto, uniqueToken } from './support/listings.ts';
import { latestEmail, linkIn } from './support/mailbox.ts';

test('a person who forgot their password resets it by the emailed link; the old sign-in ends', async ({
  browser,
  request,
}) => {
  // Two devices, a sign-up, an email and three sign-ins: past the default limit on a busy machine.
  test.setTimeout(60_000);
  const account = await signUpAccount(request, 'user', `Forgetful ${uniqueToken()}`);
  const newPassword = `new-${uniqueToken()}`;

  // Signed in earlier on another device.
  const otherDevice = await browser.newContext();
  const before = await otherDevice.newPage();
  await signIn(before, account.email, account.password);
  await before.goto('/dashboard');
  await expect(before.getByRole('heading', { level: 1, name: messages.dashboardWelcome })).toBeVisible();

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('main').getByRole('link', { name: recoveryTexts.forgotLink, exact: true }).click();
  await expect(page).toHaveURL('/forgot-password');
  await expect(page.getByRole('heading', { level: 1, name: recoveryTexts.forgotHeading })).toBeVisible();
  await page.getByLabel(accountTexts.email, { exact: true }).fill(account.email);
  await page.getByRole('button', { name: recoveryTexts.forgotButton, exact: true }).click();
  await expect(page.getByRole('main').getByText(recoveryMessages.resetRequested, { exact: true })).toBeVisible();

  const email = await latestEmail(account.email, 'password_reset');
  expect(email.subject).toBe('Reset your ReCell password');
  await page.goto(linkIn(email));
  await expect(page.getByRole('heading', { level: 1, name: recoveryTexts.resetHeading })).toBeVisible();
  await page.getByLabel(recoveryTexts.newPassword, { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: recoveryTexts.resetButton, exact: true }).click();
  await expect(page.getByRole('main').getByText(recoveryMessages.passwordChanged, { exact: true })).toBeVisible();

  await page.getByRole('link', { name: recoveryTexts.backToLogin, exact: true }).click();
  await expect(page).toHaveURL('/login');
  await signIn(page, account.email, newPassword);

  // The link worked once.
  await page.goto(linkIn(email));
  await page.getByLabel(recoveryTexts.newPassword, { exact: true }).fill(`again-${uniqueToken()}`);
  await page.getByRole('button', { name: recoveryTexts.resetButton, exact: true }).click();
  await expect(page.getByRole('main').getByText(recoveryMessages.resetLinkInvalid, { exact: true })).toBeVisible();

  // The other device's sign-in is over: a fresh load of a signed-in page sends it to the login.
  await before.goto('/dashboard');
  await expect(before).toHaveURL('/login');
  // And the old password no longer opens the account.
  const old = await request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(old.status()).toBe(401);
  await otherDevice.close();
  await context.close();
});

test('a new account confirms its address from the dashboard’s notice and the emailed link', async ({
  page,
  request,
}) => {
  const email = `unconfirmed.${Date.now()}.${uniqueToken()}@recell.test`;
  const password = `pw-${uniqueToken()}`;
  const signup = await request.post('/api/auth/signup', {
    multipart: { name: 'Nora New', email, password, role: 'user', image: await makePhonePhoto('me.jpg') },
  });
  expect(signup.status()).toBe(201);
  expect(((await signup.json()) as AuthSession).user.isEmailConfirmed).toBe(false);

  await signIn(page, email, password);
  await page.goto('/dashboard');
  const notice = page.getByRole('status').filter({ hasText: recoveryTexts.unconfirmedNotice });
  await expect(notice).toBeVisible();
  const resentAt = Date.now();
  await notice.getByRole('button', { name: recoveryTexts.resendButton, exact: true }).click();
  await expect(toast(page, recoveryMessages.confirmationSent)).toBeVisible();

  await page.goto(linkIn(await latestEmail(email, 'email_confirmation', resentAt)));
  await expect(page.getByRole('main').getByText(recoveryMessages.emailConfirmed, { exact: true })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: messages.dashboardWelcome })).toBeVisible();
  await expect(page.getByText(recoveryTexts.unconfirmedNotice)).toHaveCount(0);
});
