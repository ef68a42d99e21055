import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

/**
 * Security headers and a strict Content-Security-Policy: scripts and styles only from our own
 * origin, never inline, except the web build's own stylesheet, which its pages carry inline and
 * which is allowed by its hash. The API docs page (Swagger UI) gets its own policy from its plugin.
 */
const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  mediaSrc: ["'self'", 'data:', 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

/** Where stored images are fetched from besides our own origin: the S3 public URL's origin, if any. */
const imageOrigins = (storage: Config['storage']): string[] =>
  storage.kind === 's3' ? [new URL(storage.publicUrl).origin] : [];

/**
 * What Stripe Elements needs when Stripe is the card processor: its script, its card-field and
 * 3-D Secure frames, and its API. Nothing changes for the built-in test-mode processor.
 */
const paymentDirectives = (payments: Config['payments']): Record<string, string[]> =>
  payments.processor === 'stripe'
    ? {
        scriptSrc: [...contentSecurityPolicy.scriptSrc, 'https://js.stripe.com'],
        frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
        connectSrc: [...contentSecurityPolicy.connectSrc, 'https://api.stripe.com'],
      }
    : {};

/**
 * The headers helmet sets for these options. They never depend on the request, so they are worked
 * out once here instead of on every request (helmet rebuilds the CSP text each time).
 */
const securityHeaders = (options: Parameters<typeof helmet>[0]): Record<string, string> => {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
};

export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { isProduction: boolean; styleHashes?: string[] }) => {
    const headers = securityHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          ...contentSecurityPolicy,
          styleSrc: [...contentSecurityPolicy.styleSrc, ...(opts.styleHashes ?? []).map((hash) => `'${hash}'`)],
          imgSrc: [...contentSecurityPolicy.imgSrc, ...imageOrigins(app.config.storage)],
          ...paymentDirectives(app.config.payments),
          // Only ask browsers to upgrade to https where we actually serve https (production).
          ...(opts.isProduction ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      // Images from /uploads may be embedded by our own pages only.
      crossOriginResourcePolicy: { policy: 'same-origin' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: opts.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    });
    app.addHook('onRequest', async (_request, reply) => {
      reply.headers(headers);
    });
  },
);
