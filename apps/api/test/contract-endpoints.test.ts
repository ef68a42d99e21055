/**
 * The contract's endpoints (packages/contract/src/endpoints) are what the web calls. A route built
 * with `endpointRoute` takes its method, path, schemas and guard from its endpoint (what it builds is
 * checked in src/lib/routes.test.ts), so what can still go wrong is which routes exist: an endpoint
 * no route is built from, a route written by hand with an endpoint's method and path (it would
 * declare its own schemas and guard), a route under /api the web never fetches and nobody listed,
 * and an endpoint whose success answer the route does not declare (one without a schema, like the
 * session's refresh, is declared by its route).
 */
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiEndpoints, type EndpointWithSchemas } from '@recell/contract';
import { createTestApp, type TestApp } from './helpers.ts';
import { apiPrefix, endpointRoute } from '../src/lib/routes.ts';

/** Routes under /api that are not contract endpoints. */
const notCalledByTheWeb: Record<string, string> = {
  'GET /api/auth/google': 'a page the browser opens; it redirects to Google',
  'GET /api/auth/google/callback': 'Google sends the browser back here',
  'GET /api/auth/github': 'a page the browser opens; it redirects to GitHub',
  'GET /api/auth/github/callback': 'GitHub sends the browser back here',
  'POST /api/webhooks/stripe': 'called by Stripe, signed',
  'POST /api/webhooks/shipping': 'called by the carrier, signed',
};

const endpoints = Object.entries(apiEndpoints).flatMap(([area, byName]) =>
  Object.entries(byName).map(([name, value]) => {
    const endpoint: EndpointWithSchemas = value;
    return { label: `${area}.${name}`, endpoint };
  }),
);

const methodsOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]);
const keyOf = (method: string, url: string) => `${method} ${url}`;

/** The app's routes by `METHOD /url` (HEAD twins of GET routes left out), as its `onRoute` hook sees them. */
type Routes = Map<string, RouteOptions>;

const collectInto = (routes: Routes) => (route: RouteOptions) => {
  for (const method of methodsOf(route)) if (method !== 'HEAD') routes.set(keyOf(method, route.url), route);
};

/** What is wrong with the route of `endpoint` among `routes`, if anything. */
const problemOf = (routes: Routes, { label, endpoint }: (typeof endpoints)[number]): string | undefined => {
  const key = keyOf(endpoint.method, apiPrefix + endpoint.path);
  const route = routes.get(key);
  if (!route) return `${label}: ${key} is not a route`;
  if (route.config?.endpoint !== endpoint) return `${label}: ${key} is not built from the endpoint (endpointRoute)`;
  const successes = Object.keys((route.schema?.response as Record<string, unknown> | undefined) ?? {}).filter(
    (status) => status.startsWith('2'),
  );
  // A 204 has no body; an answer without a schema in the contract is read by hand (the session's refresh).
  if (endpoint.status === 204 && successes.some((status) => status !== '204'))
    return `${label}: a 204 endpoint whose route answers ${successes.join(', ')}`;
  if (endpoint.status !== 204 && !successes.includes(String(endpoint.status)))
    return `${label}: the route does not declare its ${endpoint.status} answer`;
  return undefined;
};

/** The routes under /api that are neither an endpoint's nor listed as never fetched by the web. */
const unlistedRoutes = (routes: Routes) => {
  const inContract = new Set(endpoints.map(({ endpoint }) => keyOf(endpoint.method, apiPrefix + endpoint.path)));
  const isDocumentation = (url: string) => url.startsWith(`${apiPrefix}/docs`) || url === `${apiPrefix}/openapi.json`;
  return [...routes.keys()].filter((key) => {
    const url = key.split(' ')[1]!;
    return (
      url.startsWith(`${apiPrefix}/`) && !isDocumentation(url) && !inContract.has(key) && !(key in notCalledByTheWeb)
    );
  });
};

describe('the contract endpoints and the API routes', () => {
  let t: TestApp;
  let stripeApp: TestApp;
  const routes: Routes = new Map();

  beforeAll(async () => {
    const google = { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret', GOOGLE_ISSUER: 'http://127.0.0.1:9' };
    const github = { GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 'secret' };
    t = await createTestApp({ ...google, ...github }, undefined, { onRoute: collectInto(routes) });
    // The Stripe webhook exists only with Stripe configured.
    stripeApp = await createTestApp(
      { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' },
      undefined,
      { onRoute: collectInto(routes) },
    );
  });

  afterAll(async () => {
    await t.close();
    await stripeApp.close();
  });

  it.each(endpoints)('$label is a route built from it', (entry) => {
    expect(problemOf(routes, entry)).toBeUndefined();
  });

  it('every route under /api is a contract endpoint or one the web never fetches', () => {
    expect(unlistedRoutes(routes)).toEqual([]);
    expect(Object.keys(notCalledByTheWeb).filter((key) => !routes.has(key))).toEqual([]);
  });

  it('the contract does not contradict itself about the session', () => {
    for (const { label, endpoint } of endpoints) {
      // A call that never carries the session cannot be one only signed-in callers may make.
      if (endpoint.withoutSession) expect(endpoint.auth, label).toBeUndefined();
      // The token goes along only to read who calls a public route.
      if (endpoint.optionalSession) expect(endpoint.auth, label).toBeUndefined();
      if (endpoint.status === 204) expect(endpoint.response, label).toBeUndefined();
    }
  });
});

describe('the checks above catch', () => {
  const entry = endpoints.find(({ label }) => label === 'buying.wishlistIds')!;
  const { endpoint } = entry;
  const handler = async () => ({ productIds: [] });
  const key = keyOf(endpoint.method, apiPrefix + endpoint.path);
  const asRoute = (route: object) => ({ ...route, url: apiPrefix + endpoint.path }) as RouteOptions;

  it('an endpoint without a route', () => {
    expect(problemOf(new Map(), entry)).toMatch(/is not a route/);
  });

  it('a route written by hand with an endpoint’s method and path', () => {
    const byHand = asRoute({ method: endpoint.method, handler, config: { auth: endpoint.auth } });
    expect(problemOf(new Map([[key, byHand]]), entry)).toMatch(/not built from the endpoint/);
    // The same route built from the endpoint passes.
    const built = asRoute(endpointRoute(apiEndpoints.buying.wishlistIds, { tags: [], summary: '', handler }));
    expect(problemOf(new Map([[key, built]]), entry)).toBeUndefined();
  });

  it('a route built from an endpoint that leaves its success answer out', () => {
    const refresh = endpoints.find(({ label }) => label === 'session.refresh')!;
    const built = endpointRoute(apiEndpoints.session.refresh, {
      tags: [],
      summary: '',
      handler: async () => undefined,
    });
    const withAnswer = endpointRoute(apiEndpoints.session.refresh, {
      tags: [],
      summary: '',
      responses: { 200: z.object({}) },
      handler: async () => ({}),
    });
    const refreshKey = keyOf('POST', apiPrefix + refresh.endpoint.path);
    const at = (route: object) =>
      new Map([[refreshKey, { ...route, url: apiPrefix + refresh.endpoint.path } as RouteOptions]]);
    expect(problemOf(at(built), refresh)).toMatch(/does not declare its 200 answer/);
    expect(problemOf(at(withAnswer), refresh)).toBeUndefined();
  });

  it('a route under /api nobody listed', () => {
    const unlisted = asRoute({ method: 'GET', handler });
    expect(unlistedRoutes(new Map([['GET /api/somewhere-new', unlisted]]))).toEqual(['GET /api/somewhere-new']);
  });
});
