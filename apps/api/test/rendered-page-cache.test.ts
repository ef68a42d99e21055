/**
 * The pages rendered on the server cannot be made to render afresh at will: each is kept by the
 * page it shows (its path and the parameters it reads, in a fixed order; any other parameter
 * ignored), a hand-set or forged signed-in hint gets the visitor's page (for the brand page and the
 * search, never a render), and the renders one IP makes that no kept page answers are limited
 * (PAGE_RENDERS_PER_IP a minute), whether it asks for new searches or for phone after phone: past
 * that it gets the page's frame, never an error. A phone's page and a seller's page are rendered
 * for visitors too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInHintCookie } from '@recell/contract';
import { canonicalPage } from '../src/plugins/web.ts';
import { insertCategories, insertProduct, insertUser } from './fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { signedInHint } from './support/accounts.ts';
import { renderedPageTemplate, writeMiniatureWebBuild, type MiniatureWebBuild } from './support/web-build.ts';

/** The renders the miniature server build made, each with the address it rendered. */
const renders = () => ((globalThis as { recellRenderedUrls?: string[] }).recellRenderedUrls ??= []);

describe('the rendered pages and their cache', () => {
  let web: MiniatureWebBuild;
  let t: TestApp;
  let phoneId: string;
  let sellerId: string;

  beforeAll(async () => {
    web = await writeMiniatureWebBuild({
      files: { 'pages/category.rendered.html': renderedPageTemplate() },
      render: `export async function renderSignedInPage(url, fetchApi) {
        (globalThis.recellRenderedUrls ??= []).push(url);
        const [, page, id] = new URL(url, 'http://x').pathname.split('/');
        // A phone's page asks for the phone (an unknown one: no page, the frame goes out).
        const answer = await fetchApi(page === 'products' ? '/api/products/' + id : '/api/categories');
        if (answer.status !== 200) return null;
        const body = await answer.json();
        const what = page === 'products' ? body.name : body.items.length + ' brands';
        return { title: null, body: 'rendered ' + url + ': ' + what, data: '[]' };
      }`,
      manifest: {
        framePatterns: ['/categories/:id', '/products/:id', '/sellers/:id', '/search'],
        renderedPages: {
          '/categories/:id': 'pages/category.rendered.html',
          '/products/:id': 'pages/category.rendered.html',
          '/sellers/:id': 'pages/category.rendered.html',
          '/search': 'pages/category.rendered.html',
        },
        renderedForEveryone: ['/products/:id', '/sellers/:id'],
      },
    });
    // Kept pages as development and production run (the cache is off under NODE_ENV=test).
    t = await createTestApp({ WEB_DIST_DIR: web.dir, NODE_ENV: 'development', PAGE_RENDERS_PER_IP: '3' });
    await insertCategories(t.app.db);
    const seller = await insertUser(t.app.db, { role: 'seller', name: 'Rana Phones', verified: true });
    sellerId = seller.id;
    phoneId = (await insertProduct(t.app.db, seller.id, { name: 'Pixel 8 for the cache test' })).id;
  });
  afterAll(async () => {
    await t?.close();
    await web?.remove();
  });

  let ipCount = 0;
  /** A fresh client address, so each test counts its own renders. */
  const newIp = () => `10.77.0.${(ipCount += 1)}`;
  const load = (url: string, hint: string | null, remoteAddress: string) =>
    t.app.inject({ url, remoteAddress, cookies: hint === null ? {} : { [signedInHintCookie]: hint } });

  it('names a page by its path and the parameters it reads, in their order; others, repeats and empties ignored', () => {
    const known = ['q', 'sort'];
    expect(canonicalPage('/categories/1', '?utm_source=x&sort=price_asc&q=pixel', known)).toBe(
      '/categories/1?q=pixel&sort=price_asc',
    );
    expect(canonicalPage('/categories/1', '?q=&sort=price_asc&sort=newest&zz=1', known)).toBe(
      '/categories/1?sort=price_asc',
    );
    expect(canonicalPage('/categories/1', '?nonsense=1', known)).toBe('/categories/1');
  });

  it('renders a page once however its address is dressed up with unknown parameters or another order', async () => {
    const ip = newIp();
    const hint = signedInHint(t);
    const before = renders().length;
    const addresses = [
      '/categories/3?sort=price_asc&q=galaxy',
      '/categories/3?q=galaxy&sort=price_asc',
      '/categories/3?q=galaxy&sort=price_asc&cachebuster=1',
      '/categories/3?cachebuster=2&q=galaxy&utm=x&sort=price_asc&sort=newest',
      '/categories/3/?q=galaxy&sort=price_asc',
    ];
    for (const url of addresses) {
      const response = await load(url, hint, ip);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('rendered /categories/3?q=galaxy&sort=price_asc');
    }
    expect(renders().slice(before)).toEqual(['/categories/3?q=galaxy&sort=price_asc']);
  });

  it('answers a hand-set, forged or outlived hint with the visitor’s page, and renders nothing', async () => {
    const ip = newIp();
    const before = renders().length;
    const forged = `${Math.floor(Date.now() / 1000) + 3600}.bm90LWEtc2lnbmF0dXJl`;
    for (const hint of ['1', forged, signedInHint(t, -60), 'garbage']) {
      for (let i = 0; i < 3; i += 1) {
        const response = await load(`/categories/1?sort=newest&x=${i}${hint}`, hint, ip);
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain('the frame');
      }
    }
    expect(renders().length).toBe(before);
  });

  it('limits the renders one IP makes that no kept page answers; past it the frame, and kept pages still rendered', async () => {
    const ip = newIp();
    const hint = signedInHint(t);
    const before = renders().length;
    // Three new searches: each rendered.
    for (const q of ['one', 'two', 'three'])
      expect((await load(`/categories/2?q=${q}`, hint, ip)).body).toContain(`rendered /categories/2?q=${q}`);
    // A fourth new one: the frame (200), not a render and not an error.
    const over = await load('/categories/2?q=four', hint, ip);
    expect(over.statusCode).toBe(200);
    expect(over.body).toContain('the frame');
    expect(renders().length - before).toBe(3);
    // A page already kept still comes rendered; another IP still gets its renders.
    expect((await load('/categories/2?q=one&ignored=1', hint, ip)).body).toContain('rendered /categories/2?q=one');
    expect((await load('/categories/2?q=four', hint, newIp())).body).toContain('rendered /categories/2?q=four');
    expect(renders().length - before).toBe(4);
  });

  it('renders a phone’s page for a visitor, without any hint, once however its address is dressed up', async () => {
    const ip = newIp();
    const before = renders().length;
    for (const query of ['', '?utm_source=mail', '?ref=1&ref=2', '?q=pixel&sort=price_asc', '/']) {
      const response = await load(`/products/${phoneId}${query}`, null, ip);
      expect(response.statusCode, query).toBe(200);
      expect(response.body, query).toContain(`rendered /products/${phoneId}: Pixel 8 for the cache test`);
    }
    expect(renders().slice(before)).toEqual([`/products/${phoneId}`]);
  });

  it('renders the search only for the hint a sign-in set: a hand-set one gets the frame', async () => {
    const ip = newIp();
    const before = renders().length;
    expect((await load('/search?q=pixel&x=1', '1', ip)).body).toContain('the frame');
    expect((await load('/search?q=pixel', null, ip)).body).toContain('the frame');
    expect(renders().length).toBe(before);
    const rendered = await load('/search?q=pixel&x=1&q=other', signedInHint(t), ip);
    expect(rendered.body).toContain('rendered /search?q=pixel');
    expect(renders().slice(before)).toEqual(['/search?q=pixel']);
  });

  it('limits the phone’s and seller’s pages one IP has rendered, known phones or not: past it the frame, never an error', async () => {
    const ip = newIp();
    const before = renders().length;
    // Three pages nobody asked for yet, from one address: two phones that do not exist (their
    // frames go out) and a seller's page...
    expect((await load('/products/0d5b3c0a-1111-4a4a-8b8b-000000000001', null, ip)).body).toContain('the frame');
    expect((await load('/products/0d5b3c0a-1111-4a4a-8b8b-000000000002', '1', ip)).body).toContain('the frame');
    expect((await load(`/sellers/${sellerId}`, null, ip)).body).toContain(`rendered /sellers/${sellerId}`);
    expect(renders().length - before).toBe(3);
    // ...then a fourth new one is its frame, not a render; another address still gets its renders.
    const over = await load('/products/0d5b3c0a-1111-4a4a-8b8b-000000000003', null, ip);
    expect(over.statusCode).toBe(200);
    expect(over.body).toContain('the frame');
    expect(renders().length - before).toBe(3);
    await load('/products/0d5b3c0a-1111-4a4a-8b8b-000000000003', null, newIp());
    expect(renders().length - before).toBe(4);
  });
});
