/**
 * Nothing a visitor can fetch names a person's email address or phone number: every public GET
 * endpoint of the contract, with real ids in its path, and the pages a visitor loads (home, each
 * brand's page, a phone's page, a seller's page, the search), plain and with a hand-set signed-in
 * hint. A public GET endpoint added later is either walked here or listed as holding no person's
 * data, or this fails. Someone signed in still gets the seller's email on the listing answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiEndpoints, categoryIds, fillPath, signedInHintCookie, type EndpointWithSchemas } from '@recell/contract';
import { ratings } from '../src/db/schema.ts';
import { advertise, insertCategories, insertCompletedOrder, insertProduct, insertUser } from './fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { callerWithRole, headersOf, uniqueEmail } from './support/accounts.ts';
import {
  frameHtml as frame,
  renderedPageTemplate,
  writeMiniatureWebBuild,
  type MiniatureWebBuild,
} from './support/web-build.ts';

/** Any email address; the site's own (none today) would be listed here. */
const emailPattern = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;
/** Record ids, left out before looking for phone numbers. */
const uuidPattern = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** Phone numbers as people type them: 7 or more digits with optional spaces, dots, dashes, brackets, +. */
const phonePattern = /\+?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}\b|\b\d{10,15}\b/;

/** Public GET endpoints that are not walked, and why they hold no person's data for a visitor. */
const notWalked: Record<string, string> = {
  'GET /email-unsubscribe': 'answers only the holder of an unsubscribe link, with no address (notifications tests)',
};

const publicGets = () =>
  Object.values(apiEndpoints)
    .flatMap((area) => Object.values(area) as EndpointWithSchemas[])
    .filter((endpoint) => endpoint.method === 'GET' && endpoint.auth === undefined);

/** No cookie, and the signed-in hint set by hand (no session behind it). */
const withAndWithoutHint: Record<string, string>[] = [{}, { [signedInHintCookie]: '1' }];

describe('what a visitor can fetch names no person’s email or phone number', () => {
  let web: MiniatureWebBuild;
  let t: TestApp;
  const sellerEmail = uniqueEmail('seller.person');
  const sellerPhone = '(512) 555-0187';
  let ids: Record<string, string>;

  beforeAll(async () => {
    // A web build in miniature whose server build renders a brand's page, as the real one does,
    // from the API's own answers as a visitor, with the data as JSON in the page.
    const ownPages = Object.fromEntries(
      ['home', 'product', 'seller', 'search'].map((page) => [
        `pages/${page}.html`,
        frame.replace('the frame', `the ${page} page`),
      ]),
    );
    web = await writeMiniatureWebBuild({
      files: { ...ownPages, 'pages/category.rendered.html': renderedPageTemplate() },
      render: `export async function renderSignedInPage(url, fetchApi) {
        const [, page, id] = new URL(url, 'http://x').pathname.split('/');
        const calls = {
          categories: ['/api/categories', '/api/categories/' + id + '/products'],
          products: ['/api/products/' + id],
          sellers: ['/api/sellers/' + id, '/api/sellers/' + id + '/products'],
        }[page];
        const answers = await Promise.all(calls.map(async (call) => (await fetchApi(call)).json()));
        return { title: null, body: 'rendered ' + url, data: JSON.stringify(answers) };
      }`,
      manifest: {
        pages: { '/': 'pages/home.html' },
        framePatterns: ['/categories/:id', '/search', '/login'],
        routeFrames: { '/products/:id': 'pages/product.html', '/sellers/:id': 'pages/seller.html' },
        unfilteredPages: { '/search': 'pages/search.html' },
        renderedPages: {
          '/categories/:id': 'pages/category.rendered.html',
          '/products/:id': 'pages/category.rendered.html',
          '/sellers/:id': 'pages/category.rendered.html',
        },
        // A phone's and a seller's page are rendered for visitors too, from the API's visitor answers.
        renderedForEveryone: ['/products/:id', '/sellers/:id'],
      },
    });
    t = await createTestApp({ WEB_DIST_DIR: web.dir });
    await insertCategories(t.app.db);

    // Sellers with emails and phone numbers, their listings in every brand, advertised, rated.
    const seller = await insertUser(t.app.db, {
      role: 'seller',
      name: 'Rana Phones',
      verified: true,
      email: sellerEmail,
    });
    const buyer = await insertUser(t.app.db, { name: 'Bo Buyer', email: uniqueEmail('buyer.person') });
    let productId = '';
    for (const categoryId of categoryIds) {
      for (let i = 0; i < 3; i += 1) {
        const product = await insertProduct(t.app.db, seller.id, {
          categoryId,
          name: `Pixel phone ${categoryId}-${i}`,
          model: 'Pixel 8',
          storageGb: 128,
          sellerPhone,
          description: 'Works perfectly.',
        });
        await advertise(t.app.db, product.id);
        productId = product.id;
      }
    }
    const { order } = await insertCompletedOrder(t.app.db, seller.id, buyer.id, { sellerPhone });
    await t.app.db.insert(ratings).values({
      orderId: order.id,
      sellerId: seller.id,
      buyerId: buyer.id,
      stars: 5,
      comment: 'Great',
      reply: 'Thanks',
    });
    ids = { product: productId, seller: seller.id, category: '1' };
  });
  afterAll(async () => {
    await t?.close();
    await web?.remove();
  });

  /** Each public endpoint's address with real ids and the query it needs. */
  const addressOf = (endpoint: EndpointWithSchemas): string => {
    const filled = fillPath(endpoint.path, {
      id: endpoint.path.startsWith('/sellers')
        ? ids.seller!
        : endpoint.path.startsWith('/products')
          ? ids.product!
          : ids.category!,
    } as never);
    const query: Record<string, string> = {
      '/search': 'q=pixel',
      '/fair-price': 'model=Pixel%208&storageGb=128',
    };
    return `/api${filled}${query[endpoint.path] ? `?${query[endpoint.path]}` : ''}`;
  };

  const expectNoPersonData = (label: string, body: string) => {
    expect(body, label).not.toContain(sellerEmail);
    expect(body, label).not.toMatch(emailPattern);
    // Ids are random: a uuid's last group of twelve digits would read as a phone number.
    expect(body.replaceAll(uuidPattern, '<id>'), label).not.toMatch(phonePattern);
  };

  it('walks every public GET endpoint but those listed with a reason, and lists only real ones', () => {
    const unlisted = publicGets()
      .map((endpoint) => `GET ${endpoint.path}`)
      .filter((name) => !(name in notWalked));
    // The walk below covers every endpoint left; each is called and checked.
    expect(unlisted.length).toBeGreaterThan(10);
    for (const name of Object.keys(notWalked))
      expect(
        publicGets().map((endpoint) => `GET ${endpoint.path}`),
        name,
      ).toContain(name);
  });

  it('answers a visitor every public GET without an email or phone number, with or without a hand-set hint', async () => {
    const walked: string[] = [];
    for (const endpoint of publicGets()) {
      if (`GET ${endpoint.path}` in notWalked) continue;
      const url = addressOf(endpoint);
      for (const cookies of withAndWithoutHint) {
        const response = await t.app.inject({ url, cookies });
        expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
        expectNoPersonData(url, response.body);
      }
      walked.push(url);
    }
    // The listing answers did hold listings of the seller (a walk of empty lists proves nothing).
    for (const listing of [
      '/api/advertised',
      '/api/categories/1/products',
      '/api/search?q=pixel',
      `/api/products/${ids.product}`,
    ])
      expect(walked).toContain(listing);
    expect((await t.app.inject(`/api/sellers/${ids.seller}/products`)).json().items.length).toBeGreaterThan(0);
    expect((await t.app.inject('/api/categories/1/products')).json().items.length).toBeGreaterThan(0);
  });

  it('sends the pages a visitor loads, plain and with a hand-set hint, without an email or phone number', async () => {
    const pages = [
      '/',
      ...categoryIds.map((id) => `/categories/${id}`),
      `/products/${ids.product}`,
      `/sellers/${ids.seller}`,
      '/search?q=pixel',
      '/categories/1?q=pixel&sort=price_asc',
    ];
    for (const url of pages)
      for (const cookies of withAndWithoutHint) {
        const response = await t.app.inject({ url, cookies });
        expect(response.statusCode, url).toBe(200);
        expectNoPersonData(url, response.body);
      }
  });

  it('renders a phone’s and a seller’s page for a visitor with the listing, without its seller’s email', async () => {
    for (const url of [`/products/${ids.product}`, `/sellers/${ids.seller}`]) {
      const response = await t.app.inject({ url });
      expect(response.body, url).toContain(`rendered ${url}`);
      expect(response.body, url).toContain('Pixel phone 3-2');
      expectNoPersonData(`${url} rendered`, response.body);
    }
  });

  it('renders a brand’s page for someone signed in with its phones, yet without a seller’s email', async () => {
    const hint = t.app.signCookie(String(Math.floor(Date.now() / 1000) + 3600));
    const response = await t.app.inject({ url: '/categories/1', cookies: { [signedInHintCookie]: hint } });
    expect(response.body).toContain('rendered /categories/1');
    expect(response.body).toContain('Pixel phone 1-');
    expectNoPersonData('/categories/1 rendered', response.body);
  });

  it('gives someone signed in the seller’s email on the listing answers (as the cards show it)', async () => {
    const buyer = await callerWithRole(t, 'user');
    for (const url of [
      '/api/advertised',
      '/api/categories/1/products',
      '/api/search?q=pixel',
      `/api/products/${ids.product}`,
      `/api/sellers/${ids.seller}/products`,
    ]) {
      const response = await t.app.inject({ url, headers: headersOf(buyer) });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain(sellerEmail);
      expect(response.body.replaceAll(uuidPattern, '<id>'), url).not.toMatch(phonePattern);
    }
  });
});
