import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  apiEndpoints,
  ErrorBodySchema,
  OrderIdParamsSchema,
  ProductIdParamsSchema,
  WishlistParamsSchema,
} from '@recell/contract';
import { endpointRoute } from './routes.ts';

const handler = async () => undefined;
/** The schema as Fastify and the OpenAPI document read it (with its documentation keys). */
const schemaOf = (route: { schema?: unknown }) => (route.schema ?? {}) as { consumes?: string[] };
const docs = { tags: ['test'], summary: 'A route' };

describe('endpointRoute builds a route from its contract endpoint', () => {
  it('takes the method, path, schemas and guard from the endpoint', () => {
    const endpoint = apiEndpoints.orderMessages.send;
    const route = endpointRoute(endpoint, {
      ...docs,
      description: 'More',
      params: OrderIdParamsSchema,
      errors: [400, 404],
      config: { emailConfirmed: true },
      handler,
    });
    expect(route.method).toBe('POST');
    expect(route.url).toBe('/orders/:id/messages');
    expect(route.schema).toEqual({
      tags: ['test'],
      summary: 'A route',
      description: 'More',
      params: OrderIdParamsSchema,
      body: endpoint.body,
      response: { 201: endpoint.response, 400: ErrorBodySchema, 404: ErrorBodySchema },
    });
    expect(route.schema?.body).toBe(endpoint.body);
    expect(route.config).toEqual({ emailConfirmed: true, auth: ['user', 'seller'], idempotent: true, endpoint });
  });

  it('declares the query, and a public route that reads its caller', () => {
    const endpoint = apiEndpoints.sellers.sellerProducts;
    const route = endpointRoute(endpoint, { ...docs, params: z.object({ id: z.string() }), handler });
    expect(route.schema?.querystring).toBe(endpoint.query);
    expect(route.schema?.body).toBeUndefined();
    expect(route.config).toEqual({ identifiesCaller: true, endpoint });
  });

  it('answers a 204 endpoint with its errors only', () => {
    const route = endpointRoute(apiEndpoints.buying.removeFromWishlist, {
      ...docs,
      params: WishlistParamsSchema,
      errors: [401],
      handler,
    });
    expect(route.schema?.response).toEqual({ 401: ErrorBodySchema });
  });

  it('adds the answers the endpoint leaves out', () => {
    const session = z.object({ accessToken: z.string() });
    const route = endpointRoute(apiEndpoints.session.refresh, {
      ...docs,
      responses: { 200: session, 204: z.null() },
      errors: [401],
      handler: async () => null,
    });
    expect(Object.keys(route.schema?.response ?? {})).toEqual(['200', '204', '401']);
    expect(route.schema?.response[200]).toBe(session);
    expect(route.config).toEqual({ endpoint: apiEndpoints.session.refresh });
  });

  it('refuses a params schema that does not name the path’s parameters', () => {
    const build = (params: z.ZodObject) =>
      endpointRoute(apiEndpoints.listings.myProduct, {
        ...docs,
        params: params as typeof ProductIdParamsSchema,
        handler,
      });
    expect(() => build(z.object({ productId: z.string() }))).toThrow(/\/me\/products\/:id/);
    expect(() => build(z.object({ id: z.string(), other: z.string() }))).toThrow();
    expect(() => build(ProductIdParamsSchema)).not.toThrow();
  });

  it('takes a multipart endpoint as form data, its body read by the handler', () => {
    const signup = endpointRoute(apiEndpoints.account.signup, { ...docs, handler });
    expect(schemaOf(signup).consumes).toEqual(['multipart/form-data']);
    expect(signup.schema?.body).toBeUndefined();
    expect(signup.validatorCompiler).toBeUndefined();

    const form = z.object({ image: z.string() });
    const upload = endpointRoute(apiEndpoints.account.uploadImage, { ...docs, form, handler });
    expect(upload.schema?.body).toBe(form);
    const validate = upload.validatorCompiler!({
      schema: form as never,
      method: 'POST',
      url: '/uploads',
      httpPart: 'body',
    });
    expect(validate({ not: 'a form' })).toBe(true);
  });

  it('lets the route say which bodies it takes', () => {
    const route = endpointRoute(apiEndpoints.listings.createProduct, {
      ...docs,
      consumes: ['multipart/form-data', 'application/json'],
      handler,
    });
    expect(schemaOf(route).consumes).toEqual(['multipart/form-data', 'application/json']);
    expect(route.schema?.body).toBe(apiEndpoints.listings.createProduct.body);
  });
});
