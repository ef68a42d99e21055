import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document of every route, generated from the contract's zod schemas once. `servesDocs` (API_DOCS; off in production unless set):
 * whether /api/openapi.json and the docs page are served. The document is made either way, so a
 * route's schema that cannot be described fails at start in every environment.
 */
export const openapiPlugin = fp(async (app: FastifyInstance, opts: { servesDocs: boolean }) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'ReCell API',
        description: 'The marketplace API for buying and selling used mobile phones.',
        version: '1.0.0',
      },
      servers: [],
      tags: [
        { name: 'catalogue', description: 'Categories and listings everyone can browse' },
        { name: 'operations', description: 'Health and readiness for operators; real visits’ Core Web Vitals' },
        { name: 'uploads', description: 'Pictures for profiles and listings' },
        { name: 'auth', description: 'Sign-up, login, sessions and social sign-in' },
        { name: 'account', description: 'The signed-in user' },
        { name: 'listings', description: 'Sellers put phones on sale, advertise and remove them' },
        { name: 'orders', description: 'Buyers book phones; sellers see who booked theirs' },
        { name: 'messages', description: 'Messages between an order’s buyer and its phone’s seller' },
        { name: 'ratings', description: 'Buyers rate sellers after a completed order; sellers reply' },
        { name: 'questions', description: 'Questions on a listing before booking, answered by its seller' },
        { name: 'wishlist', description: 'The buyer’s wishlist' },
        { name: 'addresses', description: 'Delivery addresses, verified by the carrier; a seller’s ship-from address' },
        { name: 'reports', description: 'Buyers report listings to the admins' },
        { name: 'contact', description: 'Visitors write to the admins with the Contact us form' },
        { name: 'payments', description: 'Card payments: intents, the sale, the processor’s webhooks' },
        { name: 'admin', description: 'Moderation: accounts, reported phones, messages, audit log (admins)' },
      ],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The access token from login, sign-up or refresh',
          },
        },
      },
    },
    // Routes that say who may call them (`config.auth`) are documented as needing the bearer token.
    transform: (input) => {
      const result = jsonSchemaTransform(input);
      return input.route.config?.auth
        ? { ...result, schema: { ...result.schema, security: [{ bearerAuth: [] }] } }
        : result;
    },
    transformObject: jsonSchemaTransformObject,
  });
  if (opts.servesDocs) {
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      // Swagger UI styles itself with inline styles; scripts stay same-origin only.
      transformStaticCSP: (header) => header.replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'"),
    });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  }
  // Made (and kept) before the first request: a page rendered on the server later loads web code
  // whose copy of zod registers the contract's schemas again in zod's one global registry, and a
  // document made after that would find each schema id twice.
  app.addHook('onReady', async () => {
    app.swagger();
  });
});
