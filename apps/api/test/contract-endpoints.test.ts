/**
 * The contract's endpoints (packages/contract/src/endpoints) are what the web calls: each must be a
 * route of the app with that method and path, declaring the very schemas the endpoint names (body,
 * query, the success answer), the same path parameters and the same guard. And every route under
 * /api is either such an endpoint or one the web never calls with fetch (listed below, with why).
 */
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiEndpoints, pathParamNames, type EndpointWithSchemas } from '@recell/contract';
import { createTestApp, type TestApp } from './helpers.ts';
import { apiPrefix } from '../src/lib/routes.ts';

/** Routes under /api that are not contract endpoints. */
const notCalledByTheWeb: Record<string, string> = {
  'GET /api/auth/google': 'a page the browser opens; it redirects to Google',
  'GET /api/auth/google/callback': 'Google sends the browser back here',
  'GET /api/auth/github': 'a page the browser opens; it redirects to GitHub',
  'GET /api/auth/github/callback': 'GitHub sends the browser back here',
  'POST /api/webhooks/stripe': 'called by Stripe, signed',
};

type RouteSchema = {
  body?: unknown;
  querystring?: unknown;
  params?: { shape?: Record<string, unknown> };
  response?: Record<string, unknown>;
  consumes?: string[];
};

const endpoints = Object.entries(apiEndpoints).flatMap(([area, byName]) =>
  Object.entries(byName).map(([name, endpoint]) => ({ label: `${area}.${name}`, endpoint })),
);

const methodsOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]);
const keyOf = (method: string, url: string) => `${method} ${url}`;

describe('the contract endpoints and the API routes', () => {
  let t: TestApp;
  let stripeApp: TestApp;
  const routes = new Map<string, RouteOptions>();

  beforeAll(async () => {
    const collect = (route: RouteOptions) => {
      for (const method of methodsOf(route)) if (method !== 'HEAD') routes.set(keyOf(method, route.url), route);
    };
    const google = { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret', GOOGLE_ISSUER: 'http://127.0.0.1:9' };
    const github = { GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 'secret' };
    t = await createTestApp({ ...google, ...github }, undefined, { onRoute: collect });
    // The Stripe webhook exists only with Stripe configured.
    stripeApp = await createTestApp(
      { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' },
      undefined,
      { onRoute: collect },
    );
  });

  afterAll(async () => {
    await t.close();
    await stripeApp.close();
  });

  it.each(endpoints)(
    '$label is a route with its schemas and guard',
    ({ endpoint }: { endpoint: EndpointWithSchemas }) => {
      const route = routes.get(keyOf(endpoint.method, apiPrefix + endpoint.path));
      expect(route, `${endpoint.method} ${endpoint.path} is not a route`).toBeDefined();
      const schema = (route!.schema ?? {}) as RouteSchema;
      const successes = Object.keys(schema.response ?? {}).filter((status) => status.startsWith('2'));

      if (endpoint.response) expect(schema.response?.[endpoint.status]).toBe(endpoint.response);
      // A 204 has no body; an answer without a schema here is read by hand (the session's refresh).
      if (endpoint.status === 204) expect(successes.filter((status) => status !== '204')).toEqual([]);
      else expect(successes).toContain(String(endpoint.status));

      if (endpoint.multipart) {
        expect(schema.consumes).toContain('multipart/form-data');
        if (endpoint.body && schema.body) expect(schema.body).toBe(endpoint.body);
      } else {
        expect(schema.body).toBe(endpoint.body);
      }
      expect(schema.querystring).toBe(endpoint.query);
      expect(Object.keys(schema.params?.shape ?? {}).sort()).toEqual(pathParamNames(endpoint.path).sort());

      const config = route!.config as { auth?: unknown; identifiesCaller?: boolean; idempotent?: boolean } | undefined;
      expect(config?.auth).toEqual(endpoint.auth);
      // The web sends an Idempotency-Key exactly where the route keeps answers by key.
      expect(config?.idempotent ?? false).toBe(endpoint.idempotent ?? false);
      if (endpoint.withoutSession) expect(config?.auth).toBeUndefined();
      // The web sends its token along exactly where the route reads who calls (and says more to them).
      expect(config?.identifiesCaller ?? false).toBe(endpoint.optionalSession ?? false);
      if (endpoint.optionalSession) expect(config?.auth).toBeUndefined();
    },
  );

  it('every route under /api is a contract endpoint or one the web never fetches', () => {
    const inContract = new Set(endpoints.map(({ endpoint }) => keyOf(endpoint.method, apiPrefix + endpoint.path)));
    const isDocumentation = (url: string) => url.startsWith(`${apiPrefix}/docs`) || url === `${apiPrefix}/openapi.json`;
    const apiRoutes = [...routes.keys()].filter((key) => {
      const url = key.split(' ')[1]!;
      return url.startsWith(`${apiPrefix}/`) && !isDocumentation(url);
    });

    expect(apiRoutes.filter((key) => !inContract.has(key) && !(key in notCalledByTheWeb))).toEqual([]);
    expect(Object.keys(notCalledByTheWeb).filter((key) => !routes.has(key))).toEqual([]);
  });
});
