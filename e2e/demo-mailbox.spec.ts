/**
 * The demo mailbox, as a newcomer meets it: sign up, land on "Check your email", open the demo
 * mailbox from the link the site shows, open the email, click its link, and with the address
 * confirmed book a phone. The e2e server runs as a demo (no SMTP_URL), so its emails arrive in the
 * MailDev inbox it starts, exactly as on `npm start`.
 */
import { expect, test } from '@playwright/test';
import { accountTexts, checkEmailTexts, emailTexts, messages, recoveryMessages, webTexts } from '@recell/contract';
import { demoAccount, toast } from './support/auth.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { bookingDialog, createTestPhone, openPhoneCard, removeTestPhone } from './support/buying.ts';
import { makePhonePhoto, uniqueToken } from './support/listings.ts';

const seller = demoAccount('seller');

test('sign up, read the email in the demo mailbox, confirm by its link, then book a phone', async ({
  page,
  request,
}) => {
  test.slow();
  const phone = await createTestPhone(request, seller.email);
  const name = `Mia Mailbox ${uniqueToken()}`;
  const email = `mia.${Date.now()}.${uniqueToken()}@recell.test`;
  try {
    // ---- Sign up as a buyer.
    await page.goto('/signup');
    const main = page.getByRole('main');
    await expect(page.getByRole('heading', { level: 1, name: accountTexts.signupHeading, exact: true })).toBeVisible();
    await main.getByLabel(accountTexts.fullName, { exact: true }).fill(name);
    await main.getByLabel(accountTexts.email, { exact: true }).fill(email);
    await main.getByLabel(accountTexts.password, { exact: true }).fill(`pw-${uniqueToken()}`);
    await main.getByLabel(accountTexts.role, { exact: true }).selectOption({ label: messages.roleUserOption });
    await main.getByLabel(accountTexts.photo, { exact: true }).setInputFiles(await makePhonePhoto('me.jpg'));
    await main.getByRole('button', { name: accountTexts.signupButton, exact: true }).click();
    await expect(toast(page, messages.signupSuccess)).toBeVisible();

    // ---- "Check your email": the heading has the focus, the address is named, and in a demo the
    // mailbox is one click away (the footer links it too).
    await expect(page).toHaveURL('/check-your-email');
    await expect(page.getByRole('heading', { level: 1, name: checkEmailTexts.heading, exact: true })).toBeFocused();
    await expect(main.getByText(checkEmailTexts.sentTo(email), { exact: true })).toBeVisible();
    await expect(main.getByText(checkEmailTexts.why, { exact: true })).toBeVisible();
    await expect(main.getByRole('button', { name: checkEmailTexts.resend, exact: true })).toBeEnabled();
    await expect(
      page.getByRole('contentinfo').getByRole('link', { name: new RegExp(`^${checkEmailTexts.demoMailbox}`) }),
    ).toBeVisible();

    // ---- The demo mailbox, in a new tab: the email, then its link, which opens the site again.
    const inboxOpened = page.context().waitForEvent('page');
    await main.getByRole('link', { name: new RegExp(`^${checkEmailTexts.openDemoMailbox}`) }).click();
    const inbox = await inboxOpened;
    await inbox
      .getByRole('button')
      .filter({ hasText: email })
      .filter({ hasText: emailTexts.confirmSubject })
      .first()
      .click();
    await expect(inbox.getByRole('heading', { level: 1, name: emailTexts.confirmSubject })).toBeVisible();
    const body = inbox.getByTitle('Email HTML content').contentFrame();
    await expect(body.getByText(`Hello ${name},`)).toBeVisible();
    const siteOpened = page.context().waitForEvent('page');
    await body.getByRole('link', { name: /\/confirm-email\?token=/ }).click();
    const site = await siteOpened;

    // ---- The link confirms the address, and the person books a phone.
    await expect(site.getByRole('main').getByText(recoveryMessages.emailConfirmed, { exact: true })).toBeVisible();
    const card = await openPhoneCard(site, phone);
    await card.getByRole('button', { name: webTexts.bookNow, exact: true }).click();
    const booking = bookingDialog(site, phone.product.name);
    await expect(booking.email).toHaveValue(email);
    await booking.phone.fill('01712345678');
    await booking.location.fill(`Mailbox corner ${phone.word}`);
    const booked = site.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/orders' && response.request().method() === 'POST',
    );
    await booking.submit.click();
    expect((await booked).status(), 'POST /api/orders').toBe(201);
    await expect(booking.dialog).toHaveCount(0);
    await expect(card.getByRole('link', { name: webTexts.booked, exact: true })).toBeVisible();
  } finally {
    await removeTestPhone(request, phone.sellerToken, phone.product.id);
  }
});

test.describe('the "check your email" page', () => {
  // axe-core is injected as a script, which the site's CSP forbids.
  test.use({ bypassCSP: true });

  test('has no WCAG A/AA violations, with its demo mailbox hint', async ({ page }) => {
    const email = `axe.mailbox.${Date.now()}.${uniqueToken()}@recell.test`;
    const signup = await page.request.post('/api/auth/signup', {
      multipart: {
        name: 'Axel Mailbox',
        email,
        password: `pw-${uniqueToken()}`,
        role: 'user',
        image: await makePhonePhoto('me.jpg'),
      },
    });
    expect(signup.status()).toBe(201);
    await page.goto('/check-your-email');
    await expect(page.getByRole('main').getByText(checkEmailTexts.sentTo(email), { exact: true })).toBeVisible();
    await expect(
      page.getByRole('main').getByRole('link', { name: new RegExp(`^${checkEmailTexts.openDemoMailbox}`) }),
    ).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page);
  });
});
