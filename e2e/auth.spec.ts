/**
 * Accounts as a person uses them: sign-up with a photo, login, logout, the session across reloads,
 * the role dashboards and guards, and Google sign-in through a real OpenID issuer on 127.0.0.1
 * (started by playwright.config.ts). Every spec text comes from the contract's `messages`.
 */
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import type Sharp from 'sharp';
import { accountTexts, checkEmailTexts, messages, webTexts, type AuthSession } from '@recell/contract';
import {
  dashboardMenu,
  dashboardSidebar,
  demoAccount,
  expectDashboardOf,
  expectSignedInNav,
  expectSignedOutNav,
  mainNav,
  roleMenus,
  signIn,
  toast,
} from './support/auth.ts';
import { googleAccount, googleIssuer, issuerPages } from './support/google.ts';

// sharp is the API's image library; the test makes its photo with it rather than ship a fixture.
const sharp = createRequire(new URL('../apps/api/package.json', import.meta.url))('sharp') as typeof Sharp;

/** A small, real PNG photo (a teal square with a darker disc), as a phone's file picker would hand it over. */
const makePhoto = async () => ({
  name: 'me.png',
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 96, height: 96, channels: 3, background: '#0f766e' } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><circle cx="48" cy="40" r="22" fill="#134e4a"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer(),
});

/** A fresh address for an account this run creates. */
const freshEmail = (who: string) => `${who}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@recell.test`;

const signupForm = (page: Page) => {
  const main = page.getByRole('main');
  return {
    name: main.getByLabel(accountTexts.fullName, { exact: true }),
    email: main.getByLabel(accountTexts.email, { exact: true }),
    password: main.getByLabel(accountTexts.password, { exact: true }),
    role: main.getByLabel(accountTexts.role, { exact: true }),
    photo: main.getByLabel(accountTexts.photo, { exact: true }),
    submit: main.getByRole('button', { name: accountTexts.signupButton, exact: true }),
  };
};

const loginForm = (page: Page) => {
  const main = page.getByRole('main');
  return {
    email: main.getByLabel(accountTexts.email, { exact: true }),
    password: main.getByLabel(accountTexts.password, { exact: true }),
    submit: main.getByRole('button', { name: accountTexts.loginButton, exact: true }),
  };
};

/** A field's message, announced with the field (its accessible description) and shown once on the page. */
const expectFieldMessage = async (field: ReturnType<Page['getByLabel']>, message: string) => {
  await expect(field).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await expect(field).toHaveAttribute('aria-invalid', 'true');
};

const loginHeading = (page: Page) =>
  page.getByRole('heading', { level: 1, name: accountTexts.loginHeading, exact: true });

test.describe('sign-up', () => {
  test('a seller signs up with a photo from a protected page and lands back there, signed in', async ({ page }) => {
    const name = 'Grace Hopper';
    const email = freshEmail('grace');
    const password = 'cobol-1959';
    const photo = await makePhoto();

    // A visitor opening the dashboard is sent to login, and from there to sign-up.
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/login');
    await expect(loginHeading(page)).toBeVisible();
    await expectSignedOutNav(page);
    await page.getByRole('main').getByRole('link', { name: accountTexts.signupLink, exact: true }).click();
    await expect(page).toHaveURL('/signup');
    await expect(page.getByRole('heading', { level: 1, name: accountTexts.signupHeading, exact: true })).toBeVisible();

    const form = signupForm(page);
    // The role is a choice between user and seller; admin is never offered.
    await expect(form.role.getByRole('option')).toHaveText([
      accountTexts.rolePlaceholder,
      messages.roleUserOption,
      messages.roleSellerOption,
    ]);

    // An empty form: every field's message, each shown once, under its field.
    await form.submit.click();
    const required = [
      [form.name, messages.nameRequired],
      [form.email, messages.emailRequired],
      [form.password, messages.passwordRequired],
      [form.role, messages.roleRequired],
      [form.photo, messages.imageRequired],
    ] as const;
    for (const [field, message] of required) {
      await expect(page.getByText(message, { exact: true }), message).toHaveCount(1);
      await expectFieldMessage(field, message);
    }

    // Everything filled in, but a 5-character password.
    await form.name.fill(name);
    await form.email.fill(email);
    await form.password.fill('12345');
    await form.role.selectOption({ label: messages.roleSellerOption });
    await form.photo.setInputFiles(photo);
    await form.submit.click();
    await expect(page.getByText(messages.passwordMin, { exact: true })).toHaveCount(1);
    await expectFieldMessage(form.password, messages.passwordMin);
    for (const [, message] of required) await expect(page.getByText(message, { exact: true })).toHaveCount(0);

    // An email that already has an account.
    await form.password.fill(password);
    await form.email.fill(demoAccount('seller').email);
    await form.submit.click();
    await expectFieldMessage(form.email, messages.accountExists);
    await expect(toast(page, messages.accountExists)).toBeVisible();
    await expect(page).toHaveURL('/signup');

    // A new email: the account is made; the seller is asked to check their email, then goes on to the
    // dashboard they asked for.
    await form.email.fill(email);
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/signup');
    await form.submit.click();
    const response = await answer;
    expect(response.status(), 'POST /api/auth/signup').toBe(201);
    const session = (await response.json()) as AuthSession;
    expect(session.user).toMatchObject({ name, email, role: 'seller', isVerified: false });
    expect(session.user.imageUrl, 'the account has the uploaded photo').toEqual(expect.any(String));

    await expect(toast(page, messages.signupSuccess)).toBeVisible();
    await expect(page).toHaveURL('/check-your-email');
    await expect(page.getByRole('heading', { level: 1, name: checkEmailTexts.heading, exact: true })).toBeFocused();
    await expect(page.getByRole('main').getByText(checkEmailTexts.sentTo(email), { exact: true })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: checkEmailTexts.continueLink, exact: true }).click();
    await expect(page).toHaveURL('/dashboard');
    await expectDashboardOf(page, { name, role: 'seller' });

    // The top navigation: Dashboard with their photo, and Log out. The photo is the one uploaded
    // (the sidebar shows it under their name), served and loaded.
    await expectSignedInNav(page);
    const sidebarPhoto = dashboardSidebar(page).getByRole('img', { name, exact: true });
    await expect(sidebarPhoto).toBeVisible();
    const navPhoto = mainNav(page).getByRole('link', { name: webTexts.navDashboard, exact: true }).locator('img');
    await expect(navPhoto).toBeVisible();
    const photoUrl = await sidebarPhoto.getAttribute('src');
    expect(photoUrl).toBeTruthy();
    await expect(navPhoto).toHaveAttribute('src', photoUrl!);
    await expect
      .poll(() => navPhoto.evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0)))
      .toBeGreaterThan(0);
    const served = await page.request.get(photoUrl!);
    expect(served.status(), `GET ${photoUrl}`).toBe(200);
    expect(served.headers()['content-type']).toMatch(/^image\//);

    // Log out: the visitor's navigation again, and the dashboard is behind login once more.
    await mainNav(page).getByRole('button', { name: webTexts.logout, exact: true }).click();
    await expectSignedOutNav(page);
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/login');

    // The new account logs in with its password.
    const user = await signIn(page, email, password);
    expect(user).toMatchObject({ name, role: 'seller' });
    await expect(page).toHaveURL('/dashboard');
    await expectDashboardOf(page, user);
  });
});

test.describe('login', () => {
  test('a buyer gets the spec messages for bad input, logs in, and logs out', async ({ page }) => {
    const buyer = demoAccount('buyer');
    await page.goto('/login');
    await expect(loginHeading(page)).toBeVisible();
    const form = loginForm(page);

    await form.submit.click();
    await expectFieldMessage(form.email, messages.emailRequired);
    await expectFieldMessage(form.password, messages.passwordRequired);
    await expect(page.getByText(messages.emailRequired, { exact: true })).toHaveCount(1);
    await expect(page.getByText(messages.passwordRequired, { exact: true })).toHaveCount(1);

    await form.email.fill(buyer.email);
    await form.password.fill('short');
    await form.submit.click();
    await expectFieldMessage(form.password, messages.passwordMin);
    await expect(page.getByText(messages.emailRequired, { exact: true })).toHaveCount(0);

    // A wrong password.
    await form.password.fill('not-the-password');
    await form.submit.click();
    await expect(page.getByText(messages.wrongPassword, { exact: true }).first()).toBeVisible();
    await expect(page).toHaveURL('/login');
    await expectSignedOutNav(page);

    // An email nobody signed up with.
    await form.email.fill(freshEmail('nobody'));
    await form.password.fill(buyer.password);
    await form.submit.click();
    await expect(page.getByText(messages.userNotFound, { exact: true }).first()).toBeVisible();
    await expect(page).toHaveURL('/login');
    await expectSignedOutNav(page);

    // The right ones: the toast, and home (they came from nowhere in particular), signed in.
    const user = await signIn(page, buyer.email, buyer.password);
    expect(user).toMatchObject({ email: buyer.email, role: 'user' });
    await expect(page).toHaveURL('/');
    await expectSignedInNav(page);

    // Log out, and a reload does not bring the session back (the refresh cookie is gone).
    await mainNav(page).getByRole('button', { name: webTexts.logout, exact: true }).click();
    await expectSignedOutNav(page);
    await page.reload();
    await expectSignedOutNav(page);
  });

  test('a reload keeps the session; the tokens are out of reach of page scripts', async ({ page, context }) => {
    const buyer = demoAccount('buyer');
    await page.goto('/login');
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/login');
    await signIn(page, buyer.email, buyer.password);
    const { accessToken } = (await (await answer).json()) as AuthSession;
    await expectSignedInNav(page);

    await page.reload();
    await expectSignedInNav(page);
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/dashboard');
    await expectDashboardOf(page, { name: buyer.name, role: 'user' });

    // Nothing token-like in web storage: not the access token, no JWT, not the refresh cookie's value.
    const cookies = await context.cookies();
    const secrets = [accessToken, ...cookies.map((cookie) => cookie.value)].filter((value) => value.length >= 16);
    const stored = await page.evaluate(() =>
      [localStorage, sessionStorage].flatMap((storage) =>
        Object.keys(storage).map((key) => `${key}=${storage.getItem(key) ?? ''}`),
      ),
    );
    for (const entry of stored) {
      expect(entry, 'a web storage entry').not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
      expect(entry.toLowerCase(), 'a web storage entry').not.toMatch(/token|refresh|session|jwt/);
      for (const secret of secrets) expect(entry, 'a web storage entry').not.toContain(secret);
    }

    // The refresh token is a cookie page scripts cannot read, sent to the auth endpoints only.
    const sessionCookies = cookies.filter((cookie) => cookie.path.startsWith('/api/auth'));
    expect(sessionCookies, 'the refresh cookie').toHaveLength(1);
    expect(sessionCookies[0]).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    const visibleToScripts = await page.evaluate(() => document.cookie);
    for (const cookie of sessionCookies) expect(visibleToScripts).not.toContain(cookie.value);
  });
});

test.describe('dashboard', () => {
  test("a buyer opening the seller's My Products does not see it", async ({ page }) => {
    const buyer = demoAccount('buyer');
    await page.goto('/dashboard/my-products');
    await expect(page).toHaveURL('/login');
    const user = await signIn(page, buyer.email);

    // Whatever the app shows instead, it is the buyer's dashboard (their menu) and not the page.
    await expect(dashboardMenu(page).getByRole('link')).toHaveText(roleMenus.user);
    const heading = page.getByRole('main').getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    await expect(heading).not.toHaveText(accountTexts.myProducts);
    await expect(page.getByRole('heading', { name: accountTexts.myProducts })).toHaveCount(0);
    // (ReCell's choice: back to the dashboard's welcome page.)
    await expect(page).toHaveURL('/dashboard');
    await expectDashboardOf(page, user);

    // View profile leads to their profile.
    await dashboardSidebar(page).getByRole('link', { name: messages.viewProfile, exact: true }).click();
    await expect(page).toHaveURL('/profile');
    await expect(page.getByRole('heading', { level: 1, name: accountTexts.profileHeading, exact: true })).toBeVisible();
    await expect(page.getByRole('main').getByText(user.name, { exact: true }).first()).toBeVisible();
  });

  for (const key of ['buyer', 'seller', 'admin'] as const) {
    test(`the ${key}'s dashboard shows the welcome page, their name and their menu`, async ({ page }) => {
      // Up to nine pages, each loaded on its first visit: past the default limit on a busy machine.
      test.setTimeout(60_000);
      const account = demoAccount(key);
      await page.goto('/dashboard');
      await expect(page).toHaveURL('/login');
      const user = await signIn(page, account.email);
      expect(user.role).toBe(account.role);
      await expect(page).toHaveURL('/dashboard');
      await expectDashboardOf(page, user);

      // Each menu entry opens its page.
      for (const label of roleMenus[user.role]) {
        await dashboardMenu(page).getByRole('link', { name: label, exact: true }).click();
        await expect(page.getByRole('heading', { level: 1, name: label, exact: true })).toBeVisible();
      }
    });
  }
});

test.describe('social sign-in', () => {
  /** Clicks Google on the login page and signs in on the issuer's own pages, in its popup. */
  const signInWithGoogle = async (page: Page) => {
    const google = page.getByRole('main').getByRole('button', { name: accountTexts.google, exact: true });
    await expect(google).toBeEnabled();
    const popupOpened = page.waitForEvent('popup');
    await google.click();
    const popup = await popupOpened;

    // The issuer's login page, then its consent page, in the real browser.
    const login = popup.getByPlaceholder(issuerPages.loginPlaceholder);
    await expect(login).toBeVisible();
    expect(new URL(popup.url()).origin, 'the popup shows the issuer').toBe(googleIssuer);
    await login.fill(googleAccount.login);
    await popup.getByPlaceholder(issuerPages.passwordPlaceholder).fill('any password at all');
    await popup.getByRole('button', { name: issuerPages.signIn, exact: true }).click();
    await popup.getByRole('button', { name: issuerPages.consent, exact: true }).click();
    return popup;
  };

  test('Google sign-in through a real OpenID issuer makes a user account, then logs it in', async ({
    page,
    browser,
  }) => {
    // Two complete OpenID flows (popup, issuer pages, consent) in two browsers: ~15 s on an idle
    // machine, more than the default 30 s when the suite's other worker is busy beside it.
    test.slow();
    await page.goto('/login');
    const popup = await signInWithGoogle(page);

    // The page that opened the popup is signed in: the new-account toast, then home.
    await expect(toast(page, messages.signupSuccess)).toBeVisible();
    await expectSignedInNav(page);
    await expect(page).toHaveURL('/');
    // The popup has done its job and goes away.
    if (!popup.isClosed()) await popup.waitForEvent('close', { timeout: 5_000 });

    // A social account is a buyer ("user"): the buyer's dashboard, with the issuer's name for them.
    await page.goto('/dashboard');
    await expectDashboardOf(page, { name: googleAccount.name, role: 'user' });

    // Another browser, the same Google account: it logs in to the same account.
    const other = await browser.newContext();
    try {
      const again = await other.newPage();
      await again.goto('/login');
      await signInWithGoogle(again);
      await expect(toast(again, messages.loginSuccess)).toBeVisible();
      await expectSignedInNav(again);
      await again.goto('/dashboard');
      await expectDashboardOf(again, { name: googleAccount.name, role: 'user' });
    } finally {
      await other.close();
    }
  });

  test('GitHub, not configured on this server, says so and cannot be pressed', async ({ page }) => {
    await page.goto('/login');
    const main = page.getByRole('main');
    const github = main.getByRole('button', { name: accountTexts.github, exact: true });
    await expect(github).toBeVisible();
    await expect(github).toBeDisabled();
    await expect(github).toHaveAccessibleDescription(accountTexts.socialNotConfigured('GitHub'));
    await expect(main.getByText(accountTexts.socialNotConfigured('GitHub'), { exact: true })).toBeVisible();
    // Google is configured (the local issuer) and can be pressed.
    await expect(main.getByRole('button', { name: accountTexts.google, exact: true })).toBeEnabled();

    // Sign-up offers Google only.
    await main.getByRole('link', { name: accountTexts.signupLink, exact: true }).click();
    await expect(page).toHaveURL('/signup');
    await expect(main.getByRole('button', { name: accountTexts.google, exact: true })).toBeEnabled();
    await expect(main.getByRole('button', { name: accountTexts.github, exact: true })).toHaveCount(0);
  });
});
