/**
 * Prometheus metrics: request latency by route pattern, method and status, the database pool's
 * use, and what modules record (payments, jobs; lib/metrics.ts). Never public:
 *
 * - on a listener of their own (METRICS_PORT, on METRICS_HOST) that the balancer does not expose;
 * - and/or on the main port at GET /metrics with `Authorization: Bearer $METRICS_TOKEN`.
 *
 * Without the token the main port answers /metrics 404, as for any unknown route.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '@recell/contract';
import { httpRequestDuration, metricsRegistry, watchDatabasePool } from '../lib/metrics.ts';
import { sendError } from './errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics listener's address once it listens (METRICS_PORT set), else undefined. */
    metricsAddress(): AddressInfo | undefined;
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares a presented token with the configured one in constant time. */
const isMetricsToken = (header: string | undefined, token: string) => {
  const presented = header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : undefined;
  return presented !== undefined && timingSafeEqual(digest(presented), digest(token));
};

export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const { port, host, token } = app.config.metrics;

    // The route's pattern, never the URL itself: ids in paths would make a series per listing.
    app.addHook('onResponse', async (request, reply) => {
      httpRequestDuration.observe(
        { route: request.routeOptions.url ?? 'unmatched', method: request.method, status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });

    if (app.database.pool) {
      const unwatch = watchDatabasePool(app.database.pool);
      app.addHook('onClose', async () => {
        unwatch();
      });
    }

    app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
      if (!token || !isMetricsToken(request.headers.authorization, token))
        return sendError(reply, 404, 'not_found', messages.notFound);
      return reply.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
    });

    // A plain HTTP server: one route, nothing else (no cookies, no body parsing, no app hooks).
    const listener =
      port === undefined
        ? undefined
        : http.createServer((request, response) => {
            if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
              response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
              return;
            }
            metricsRegistry.metrics().then(
              (text) => response.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(text),
              (err: unknown) => {
                app.log.error({ err }, 'metrics could not be collected');
                response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics unavailable\n');
              },
            );
          });
    app.decorate('metricsAddress', () => (listener?.listening ? (listener.address() as AddressInfo) : undefined));
    if (!listener) return;

    app.addHook('onReady', async () => {
      await new Promise<void>((resolve, reject) => {
        listener.once('error', reject);
        listener.listen(port, host, () => {
          listener.off('error', reject);
          resolve();
        });
      });
      const address = listener.address() as AddressInfo;
      app.log.info(`metrics: http://${address.address}:${address.port}/metrics`);
    });
    // Closed with the app, after the drain: scrapes keep working while the server drains.
    app.addHook('onClose', async () => {
      if (!listener?.listening) return;
      listener.closeAllConnections();
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    });
  },
  { name: 'recell-metrics' },
);
