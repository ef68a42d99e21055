import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import type { ImageStorage } from './adapters/storage/storage.ts';
import { createDiskStorage } from './adapters/storage/disk-storage.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { securityPlugin } from './plugins/security.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { webPlugin } from './plugins/web.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    db: Database;
    storage: ImageStorage;
    /** Set when shutdown begins, so readiness fails and the load balancer stops sending traffic. */
    isShuttingDown: boolean;
  }
}

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  storage?: ImageStorage;
  /** Log output; tests pass false. */
  logger?: boolean;
}

/** Builds the whole HTTP application from its plugins. server.ts starts it; tests inject into it. */
export const buildApp = async (deps: AppDeps): Promise<FastifyInstance> => {
  const { config } = deps;
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
          },
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('database', deps.database);
  app.decorate('db', deps.database.db);
  app.decorate('storage', deps.storage ?? createDiskStorage(config.uploadsDir));
  app.decorate('isShuttingDown', false);

  // Every response names its request, so a user's report can be matched to the log line.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { isProduction: config.isProduction });
  await app.register(openapiPlugin);

  await app.register(healthRoutes);
  await app.register(catalogueRoutes);

  await app.register(webPlugin, { webDistDir: config.webDistDir, uploadsDir: config.uploadsDir });
  return app;
};
