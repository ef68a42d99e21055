/**
 * Writes from other sites: every route that may change something refuses a call another site's
 * page started (login CSRF through sign-up or login, or acting for a signed-in visitor) before it
 * reads the request; our own pages, PUBLIC_URL and callers that are no browser (no Origin, no
 * Sec-Fetch-Site) pass. Stripe's webhook stays open to other sites (payments-stripe.test.ts).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authMessages, AuthSessionSchema } from '@recell/contract';
import { products, users, wishlist } from '../src/db/schema.ts';
import { insertProduct } from './fixtures.ts';
import {
  insertPasswordUser,
  logIn,
  password,
  refreshCookie,
  signUp,
  uniqueEmail,
  useCast,
} from './support/accounts.ts';
import { expectError, unknownId, useTestApp } from './support/api.ts';

const crossSiteRefused = { code: 'forbidden', message: authMessages.crossSiteRefused };

/** How a browser marks a call another site's page started, with and without fetch metadata. */
const crossSiteCalls: Array<[string, Record<string, string>]> = [
  ['a form on another site', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
  ['a browser without fetch metadata', { origin: 'https://evil.example' }],
  ['a browser that hides the origin', { 'sec-fetch-site': 'cross-site' }],
  ['a sibling subdomain', { origin: 'http://blog.localhost:3000', 'sec-fetch-site': 'same-site' }],
];

describe('writes from other sites', () => {
  const t = useTestApp();
  const cast = useCast(t);

  const signUpForm = (email: string) => ({ name: 'Mallory', email, password, role: 'user' });
  const accountsWithEmail = async (email: string) =>
    (await t.app.db.select().from(users).where(eq(users.email, email))).length;

  describe('sign-up', () => {
    it.each(crossSiteCalls)('refuses %s: no account, no cookie', async (_name, headers) => {
      const email = uniqueEmail('csrf');
      const response = await signUp(t, signUpForm(email), { headers });
      expectError(response, 403, crossSiteRefused);
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(await accountsWithEmail(email)).toBe(0);
    });

    it('accepts our own pages, PUBLIC_URL and callers that are no browser', async () => {
      const ownCalls: Array<Record<string, string>> = [
        { origin: t.config.publicUrl, 'sec-fetch-site': 'same-origin' },
        // The Vite dev server proxies /api with another Host; the browser still says same-origin.
        { origin: 'http://localhost:5173', host: 'localhost:3000', 'sec-fetch-site': 'same-origin' },
        { origin: t.config.publicUrl },
        { origin: 'http://shop.example:8443', host: 'shop.example:8443' },
        {},
      ];
      for (const headers of ownCalls) {
        const email = uniqueEmail('own');
        const response = await signUp(t, signUpForm(email), { headers });
        expect(response.statusCode, JSON.stringify(headers)).toBe(201);
        expect(refreshCookie(response)?.value).toBeTruthy();
        expect(await accountsWithEmail(email)).toBe(1);
      }
    });
  });

  describe('login', () => {
    it.each(crossSiteCalls)('refuses %s even with the right password: no session', async (_name, headers) => {
      const user = await insertPasswordUser(t.app.db);
      const response = await logIn(t, { email: user.email, password }, undefined, headers);
      expectError(response, 403, crossSiteRefused);
      expect(response.headers['set-cookie']).toBeUndefined();
    });

    it('accepts our own pages', async () => {
      const user = await insertPasswordUser(t.app.db);
      const response = await logIn(t, { email: user.email, password }, undefined, {
        origin: t.config.publicUrl,
        'sec-fetch-site': 'same-origin',
      });
      expect(response.statusCode).toBe(200);
      expect(AuthSessionSchema.parse(response.json()).user.email).toBe(user.email);
      expect(refreshCookie(response)?.value).toBeTruthy();
    });
  });

  it('refuses every write of the route table from another site, before anything else is checked', async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const writes = Object.entries(doc.paths).flatMap(([route, operations]) =>
      Object.keys(operations)
        .filter((method) => !['get', 'head', 'options'].includes(method))
        .map((method) => ({ method: method.toUpperCase(), route })),
    );
    // Posted by others on purpose: Stripe's and the carrier's webhooks (signed) and the one-click
    // unsubscribe mail providers send (RFC 8058; the emailed token is the proof, and it can only
    // switch an email off).
    const postedByOthers = new Set(['/api/webhooks/stripe', '/api/webhooks/shipping', '/api/email-unsubscribe']);
    const opened = writes.filter(({ route }) => !postedByOthers.has(route));
    // The sample the review named is all there (test mode: the card confirmation is ours too).
    expect(opened.map(({ method, route }) => `${method} ${route}`)).toEqual(
      expect.arrayContaining([
        'POST /api/auth/signup',
        'POST /api/auth/login',
        'POST /api/uploads',
        'POST /api/products',
        'POST /api/orders',
        'PUT /api/me/wishlist/{productId}',
        'POST /api/products/{id}/reports',
        'POST /api/orders/{id}/pay',
        'POST /api/admin/sellers/{id}/verify',
        'POST /api/test-processor/payment-intents/{id}/confirm',
      ]),
    );
    for (const { method, route } of opened) {
      const url = route.replace(/\{[^}]+\}/g, unknownId);
      for (const [name, headers] of crossSiteCalls) {
        const response = await t.app.inject({
          method: method as 'POST',
          url,
          headers: { ...cast.admin.headers, ...headers },
          ...(method === 'DELETE' ? {} : { payload: {} }),
        });
        expect(response.statusCode, `${method} ${route} from ${name}`).toBe(403);
        expect(response.json(), `${method} ${route} from ${name}`).toEqual({ error: crossSiteRefused });
      }
    }
  });

  it('changes nothing for a signed-in visitor another site acts for', async () => {
    const phone = await insertProduct(t.app.db, cast.seller.id);
    const fromEvil = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    const heart = await t.app.inject({
      method: 'PUT',
      url: `/api/me/wishlist/${phone.id}`,
      headers: { ...cast.buyer.headers, ...fromEvil },
    });
    expectError(heart, 403, crossSiteRefused);
    expect(await t.app.db.select().from(wishlist).where(eq(wishlist.userId, cast.buyer.id))).toEqual([]);

    const removal = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${phone.id}`,
      headers: { ...cast.seller.headers, ...fromEvil },
    });
    expectError(removal, 403, crossSiteRefused);
    expect(await t.app.db.select().from(products).where(eq(products.id, phone.id))).toHaveLength(1);

    // The same calls from our own page go through.
    const ownPage = { origin: t.config.publicUrl, 'sec-fetch-site': 'same-origin' };
    const ownHeart = await t.app.inject({
      method: 'PUT',
      url: `/api/me/wishlist/${phone.id}`,
      headers: { ...cast.buyer.headers, ...ownPage },
    });
    expect(ownHeart.statusCode, ownHeart.body).toBeLessThan(300);
    expect(await t.app.db.select().from(wishlist).where(eq(wishlist.userId, cast.buyer.id))).toHaveLength(1);
  });

  it('leaves reading alone: GET from another site answers as usual', async () => {
    const response = await t.app.inject({
      url: '/api/categories',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('documents the refusal on every write', async () => {
    const doc = t.app.swagger() as {
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    };
    expect(doc.paths['/api/auth/signup']!.post!.responses).toHaveProperty('403');
    expect(doc.paths['/api/orders']!.post!.responses).toHaveProperty('403');
    expect(doc.paths['/api/categories']!.get!.responses).not.toHaveProperty('403');
  });
});
