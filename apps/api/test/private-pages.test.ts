/**
 * My Orders, My Products and the payment page come rendered with the signed-in person's own data,
 * for the live sign-in the signed-in hint names (decision 0078): rendered as that person (the API
 * applies its rules as usual), never kept nor shared with another request, and answered
 * `private, no-store`. A hand-set, forged or old hint (without the family), a hint after logout,
 * an ended session or a disabled account get the page's frame, never someone's data; so does an IP
 * past its fresh renders.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInHintCookie } from '@recell/contract';
import { sessions } from '../src/db/schema.ts';
import { disableUser, insertCategories, insertOrder, insertProduct } from './fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { insertPasswordUser, logIn, password, randomIp, refreshCookie, signedInHint } from './support/accounts.ts';
import {
  frameHtml as frame,
  renderedPageTemplate,
  writeMiniatureWebBuild,
  type MiniatureWebBuild,
} from './support/web-build.ts';

/** The renders the miniature server build made: the address and the viewer it was told of. */
const renders = () => ((globalThis as { recellPrivateRenders?: string[] }).recellPrivateRenders ??= []);

describe('private pages rendered for their viewer', () => {
  let web: MiniatureWebBuild;
  let t: TestApp;
  let seller: { id: string; email: string };
  let buyer: { id: string; email: string };
  let otherBuyer: { id: string; email: string };
  let buyersOrder: string;
  let otherBuyersOrder: string;

  beforeAll(async () => {
    // A web build in miniature whose server build renders a page from the API's own answers,
    // asked with the `fetch` it is given (as the real one does), and says whom it rendered for.
    web = await writeMiniatureWebBuild({
      files: { 'pages/dashboard.rendered.html': renderedPageTemplate(' data-session="signed-in"') },
      render: `const apiOf = (pathname) =>
        pathname === '/dashboard/my-orders' ? '/api/me/orders'
        : pathname === '/dashboard/my-products' ? '/api/me/products'
        : '/api/orders/' + pathname.split('/').at(-1);
      export async function renderSignedInPage(url, fetchApi, viewer) {
        (globalThis.recellPrivateRenders ??= []).push(url + ' for ' + (viewer?.role ?? 'nobody'));
        // Another render's calls go on meanwhile: each must keep its own viewer.
        await new Promise((resolve) => setTimeout(resolve, 5));
        const answer = await fetchApi(apiOf(new URL(url, 'http://x').pathname));
        if (answer.status !== 200) return null;
        return { title: null, body: 'rendered ' + url + ': ' + (await answer.text()), data: '[]' };
      }`,
      manifest: {
        framePatterns: ['/dashboard', '/dashboard/*'],
        renderedPages: {
          '/dashboard/my-orders': 'pages/dashboard.rendered.html',
          '/dashboard/my-products': 'pages/dashboard.rendered.html',
          '/dashboard/orders/payment/:id': 'pages/dashboard.rendered.html',
        },
        renderedForEveryone: [],
        renderedForViewer: ['/dashboard/my-orders', '/dashboard/my-products', '/dashboard/orders/payment/:id'],
      },
    });
    // As development and production run (the public pages' cache is off under NODE_ENV=test).
    t = await createTestApp({ WEB_DIST_DIR: web.dir, NODE_ENV: 'development', PAGE_RENDERS_PER_IP: '5' });
    await insertCategories(t.app.db);
    seller = await insertPasswordUser(t.app.db, { role: 'seller', name: 'Rana Phones', verified: true });
    buyer = await insertPasswordUser(t.app.db, { role: 'user', name: 'Daniel Kim' });
    otherBuyer = await insertPasswordUser(t.app.db, { role: 'user', name: 'Ana Ortiz' });
    const buyersPhone = await insertProduct(t.app.db, seller.id, { name: 'Pixel 8 booked by Daniel' });
    const otherBuyersPhone = await insertProduct(t.app.db, seller.id, { name: 'Galaxy S23 booked by Ana' });
    buyersOrder = (await insertOrder(t.app.db, { productId: buyersPhone.id, buyerId: buyer.id })).id;
    otherBuyersOrder = (await insertOrder(t.app.db, { productId: otherBuyersPhone.id, buyerId: otherBuyer.id })).id;
  });
  afterAll(async () => {
    await t?.close();
    await web?.remove();
  });

  /** Logs in through the API: the hint (as the browser sends it back) and the refresh token. */
  const signIn = async (email: string) => {
    const response = await logIn(t, { email, password });
    expect(response.statusCode).toBe(200);
    const hint = response.cookies.find((cookie) => cookie.name === signedInHintCookie)!.value;
    return { hint, refreshToken: refreshCookie(response)!.value };
  };
  const familyOf = (hint: string) => t.app.unsignCookie(hint).value!.split('.')[1]!;
  const load = (url: string, hint: string | null, remoteAddress = randomIp()) =>
    t.app.inject({ url, remoteAddress, cookies: hint === null ? {} : { [signedInHintCookie]: hint } });

  const expectFrame = (response: Awaited<ReturnType<typeof load>>) => {
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(frame);
  };

  it('renders a buyer’s My Orders with their order, for them alone: private, no-store, varying by cookie', async () => {
    const { hint } = await signIn(buyer.email);
    const response = await load('/dashboard/my-orders', hint);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('rendered /dashboard/my-orders');
    expect(response.body).toContain('Pixel 8 booked by Daniel');
    expect(response.body).not.toContain('Galaxy S23 booked by Ana');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(String(response.headers.vary)).toMatch(/Cookie/);
    expect(renders().at(-1)).toBe('/dashboard/my-orders for user');
  });

  it('renders each buyer their own orders, one after the other and at once: nothing is kept or shared', async () => {
    const first = await signIn(buyer.email);
    const second = await signIn(otherBuyer.email);
    const mine = await load('/dashboard/my-orders', first.hint);
    const theirs = await load('/dashboard/my-orders', second.hint);
    expect(mine.body).toContain('Pixel 8 booked by Daniel');
    expect(theirs.body).toContain('Galaxy S23 booked by Ana');
    expect(theirs.body).not.toContain('Pixel 8 booked by Daniel');
    // At the same moment, from the same address.
    const ip = randomIp();
    const [a, b] = await Promise.all([
      load('/dashboard/my-orders', first.hint, ip),
      load('/dashboard/my-orders', second.hint, ip),
    ]);
    expect(a.body).toContain('Pixel 8 booked by Daniel');
    expect(a.body).not.toContain('Galaxy S23 booked by Ana');
    expect(b.body).toContain('Galaxy S23 booked by Ana');
    expect(b.body).not.toContain('Pixel 8 booked by Daniel');
  });

  it('renders a seller’s My Products; a buyer asking for it gets the frame (the API refuses them)', async () => {
    const { hint } = await signIn(seller.email);
    const response = await load('/dashboard/my-products', hint);
    expect(response.body).toContain('rendered /dashboard/my-products');
    expect(response.body).toContain('Pixel 8 booked by Daniel');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expectFrame(await load('/dashboard/my-products', (await signIn(buyer.email)).hint));
  });

  it('renders the payment page of the buyer’s own order; another buyer’s order is the frame, with none of it', async () => {
    const { hint } = await signIn(buyer.email);
    const own = await load(`/dashboard/orders/payment/${buyersOrder}`, hint);
    expect(own.body).toContain(`rendered /dashboard/orders/payment/${buyersOrder}`);
    expect(own.body).toContain('Pixel 8 booked by Daniel');
    expect(own.headers['cache-control']).toBe('private, no-store');
    const other = await load(`/dashboard/orders/payment/${otherBuyersOrder}`, hint);
    expectFrame(other);
    expect(other.body).not.toContain('Galaxy S23');
    expectFrame(await load('/dashboard/orders/payment/not-an-order', hint));
  });

  it('answers a hand-set, forged or old hint (without its family) with the frame, rendering nothing', async () => {
    const { hint } = await signIn(buyer.email);
    const family = familyOf(hint);
    const end = Math.floor(Date.now() / 1000) + 3600;
    const before = renders().length;
    for (const given of [
      '1',
      `${end}.${family}`, // the right family, unsigned
      `${end}.${family}.bm90LWEtc2lnbmF0dXJl`, // with a made-up signature
      signedInHint(t), // signed, but set before hints named the family
      t.app.signCookie(`${end}.00000000-0000-4000-8000-000000000000`), // a family nobody has
      t.app.signCookie(`${end}.not-a-family`),
      t.app.signCookie(`${Math.floor(Date.now() / 1000) - 60}.${family}`), // outlived
    ]) {
      const response = await load('/dashboard/my-orders', given);
      expectFrame(response);
      expect(response.body).not.toContain('Pixel 8');
    }
    expect(renders().length).toBe(before);
  });

  it('answers the frame once the sign-in ended: logout, an expired session, a disabled account', async () => {
    const loggedOut = await signIn(buyer.email);
    expect((await load('/dashboard/my-orders', loggedOut.hint)).body).toContain('Pixel 8 booked by Daniel');
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { recell_refresh: loggedOut.refreshToken },
    });
    expect(logout.statusCode).toBe(204);
    // The browser dropped the hint; a copy kept by hand is refused all the same.
    expectFrame(await load('/dashboard/my-orders', loggedOut.hint));

    const expired = await signIn(buyer.email);
    await t.app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.familyId, familyOf(expired.hint)));
    expectFrame(await load('/dashboard/my-orders', expired.hint));

    const soonDisabled = await insertPasswordUser(t.app.db, { role: 'user' });
    const disabled = await signIn(soonDisabled.email);
    expect((await load('/dashboard/my-orders', disabled.hint)).body).toContain('rendered /dashboard/my-orders');
    await disableUser(t.app.db, soonDisabled.id);
    expectFrame(await load('/dashboard/my-orders', disabled.hint));
  });

  it('renders private pages within the IP’s fresh renders; past them the frame, never an error', async () => {
    const { hint } = await signIn(buyer.email);
    const ip = randomIp();
    for (let i = 0; i < 5; i += 1)
      expect((await load('/dashboard/my-orders', hint, ip)).body).toContain('Pixel 8 booked by Daniel');
    expectFrame(await load('/dashboard/my-orders', hint, ip));
    // Another address is not held back.
    expect((await load('/dashboard/my-orders', hint)).body).toContain('Pixel 8 booked by Daniel');
  });

  it('keeps the hint a brand’s page and the search read: a sign-in’s hint names its end and its family', async () => {
    const { hint } = await signIn(buyer.email);
    const value = t.app.unsignCookie(hint).value!;
    expect(value).toMatch(/^\d+\.[0-9a-f-]{36}$/);
    expect(Number(value.split('.')[0]) * 1000).toBeGreaterThan(Date.now());
  });
});
