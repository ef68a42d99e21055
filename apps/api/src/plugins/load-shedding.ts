/**
 * Load shedding (@fastify/under-pressure): while the event loop lags behind or the heap is nearly
 * full, new requests are refused at once with 503, Retry-After and the contract's error shape,
 * instead of queueing until every caller times out. Liveness, readiness and metrics still answer,
 * so the orchestrator sees a live process and the balancer sees the real state.
 */
import { getHeapStatistics } from 'node:v8';
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '@recell/contract';
import { AppError } from '../errors.ts';

/** Routes that answer whatever the pressure. */
const alwaysServed = new Set(['/healthz', '/readyz', '/metrics']);

/** The default heap limit: 90% of what V8 may use. */
const defaultMaxHeapUsedBytes = () => Math.floor(getHeapStatistics().heap_size_limit * 0.9);

export const loadSheddingPlugin = fp(
  async (app: FastifyInstance) => {
    const { maxEventLoopDelayMs, maxHeapUsedBytes } = app.config.loadShedding;
    await app.register(underPressure, {
      // 0 turns a check off.
      maxEventLoopDelay: maxEventLoopDelayMs,
      maxHeapUsedBytes: maxHeapUsedBytes ?? defaultMaxHeapUsedBytes(),
      sampleInterval: 1000,
      // A rejection goes to the one error handler: 503, Retry-After, the contract's shape.
      pressureHandler: (request, _reply, type, value) => {
        if (alwaysServed.has(request.routeOptions.url ?? '')) return undefined;
        request.log.warn({ pressure: type, value }, 'under pressure: request refused');
        return Promise.reject(new AppError('unavailable', messages.serviceUnavailable));
      },
    });
  },
  { name: 'recell-load-shedding' },
);
