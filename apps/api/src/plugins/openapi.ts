import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** The OpenAPI document is generated from the contract's zod schemas on the routes. */
export const openapiPlugin = fp(async (app: FastifyInstance) => {
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
        { name: 'operations', description: 'Health and readiness for operators' },
      ],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Swagger UI styles itself with inline styles; scripts stay same-origin only.
    transformStaticCSP: (header) => header.replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'"),
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});
