import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiEndpoints, messages } from '@recell/contract';
import { AppError } from '../../errors.ts';
import { createSoftLimit } from '../../lib/rate-limit.ts';
import { endpointRoute, noContent } from '../../lib/routes.ts';
import * as service from './vitals.service.ts';

/** A report is a few hundred bytes: five figures and a kind of page. */
const reportBodyLimit = 1024;
const windowSeconds = 60;

/**
 * Real-user Core Web Vitals (decision 0081): a sampled visit's page sends its figures as a beacon
 * when hidden; they go into the Prometheus histograms, by kind of page. Nothing is stored.
 */
export const vitalsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Counted in the app's limit store; one it cannot reach drops the figures, never the page's work.
  const reportsPerIp = createSoftLimit(app.limitStore, 'web-vitals-ip', {
    points: app.config.webVitalsReportsPerIp,
    durationSeconds: windowSeconds,
  });

  // sendBeacon sends a string as text/plain: read as JSON on this route only. A type any page may
  // send without asking, so the same-origin rule (decision 0021) is what keeps other sites out.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new AppError('validation', messages.validationFailed), undefined);
    }
  });

  app.route(
    endpointRoute(apiEndpoints.vitals.report, {
      tags: ['operations'],
      summary: "Count a sampled visit's Core Web Vitals (anyone, from the site's own pages)",
      description:
        'The kind of page and up to one value of each metric (LCP, INP, FCP, TTFB in milliseconds; CLS unitless), ' +
        'as JSON or as the `text/plain` body a beacon sends. Recorded in the `recell_web_vitals_*` histograms; ' +
        'an unknown page or metric, a repeated metric or a value out of range is a 400 that counts nothing. ' +
        'Limited per IP per minute (429 with Retry-After).',
      errors: [400, 413, 415, 429],
      consumes: ['application/json', 'text/plain'],
      bodyLimit: reportBodyLimit,
      // Beacons come with every sampled visit: their answers need no line in the log.
      logLevel: 'warn',
      onRequest: async (request) => {
        if (!(await reportsPerIp.tryConsume(request.ip)))
          throw new AppError('rate_limited', messages.tooManyRequests, undefined, windowSeconds);
      },
      handler: async (request, reply) => {
        service.recordVitals(request.body);
        return noContent(reply);
      },
    }),
  );
};
