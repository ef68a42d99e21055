import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import type { ImageStorage } from './adapters/storage/storage.ts';
import { createStorage } from './adapters/storage/index.ts';
import { createMailSender, type MailSender } from './adapters/mail/index.ts';
import { deliverDueEmails, demoMailboxRoutes, outboxRoutes } from './modules/mail/index.ts';
import {
  accountRoutes,
  authPlugin,
  callbackPath,
  pageViewer,
  recoveryRoutes,
  socialRoutes,
} from './modules/auth/index.ts';
import { createIdentityProviders, type IdentityProviders } from './adapters/identity/index.ts';
import type { CardProcessor } from './adapters/payments/card-processor.ts';
import { createCardProcessor, type AnyCardProcessor } from './adapters/payments/index.ts';
import { createPayoutProcessor } from './adapters/payouts/index.ts';
import { createDeviceCheck, type DeviceCheck } from './adapters/device-check/index.ts';
import { createShipping, type ShippingPort } from './adapters/shipping/index.ts';
import type { PayoutProcessor } from './adapters/payouts/payout-processor.ts';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import { loggerOptions } from './lib/logging.ts';
import { apiPrefix } from './lib/routes.ts';
import { answerFrameworkError, errorsPlugin } from './plugins/errors.ts';
import { loadSheddingPlugin } from './plugins/load-shedding.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { securityPlugin } from './plugins/security.ts';
import { sameOriginPlugin } from './plugins/same-origin.ts';
import { privateAnswersPlugin } from './plugins/private-answers.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { readPagesManifest, webPlugin } from './plugins/web.ts';
import { multipartPlugin } from './plugins/multipart.ts';
import { uploadCapacityPlugin, uploadsRoutes } from './modules/uploads/index.ts';
import { idempotencyPlugin } from './plugins/idempotency.ts';
import { limitStorePlugin } from './plugins/limit-store.ts';
import { writeLimitsPlugin } from './plugins/write-limits.ts';
import { healthRoutes } from './modules/health/index.ts';
import { catalogueRoutes, pageCacheTtlMs } from './modules/catalogue/index.ts';
import { listingReviewRoutes, productsRoutes } from './modules/products/index.ts';
import { listingChangesPlugin } from './plugins/listing-changes.ts';
import { deferredWorkPlugin } from './plugins/deferred-work.ts';
import { orderParcelsRoutes, orderProgressRoutes, orderShippingRoutes, ordersRoutes } from './modules/orders/index.ts';
import { messagesRoutes } from './modules/messages/index.ts';
import { wishlistRoutes } from './modules/wishlist/index.ts';
import { addressesRoutes } from './modules/addresses/index.ts';
import { reportsRoutes } from './modules/reports/index.ts';
import {
  markPaymentPartlyRefunded,
  markPaymentRefunded,
  chargeLabel,
  refundLabelCharge,
  orderCardRelease,
  paymentDepsOf,
  paymentsRoutes,
} from './modules/payments/index.ts';
import { financeRoutes, payoutDepsOf, payoutsRoutes, takeBackSellerPayout } from './modules/payouts/index.ts';
import { adminRoutes } from './modules/admin/index.ts';
import { contactRoutes } from './modules/contact/index.ts';
import { fairPriceRoutes } from './modules/fair-price/index.ts';
import { sellersRoutes } from './modules/sellers/index.ts';
import { notificationsRoutes } from './modules/notifications/index.ts';
import { questionsRoutes } from './modules/questions/index.ts';
import { ratingsRoutes } from './modules/ratings/index.ts';
import { vitalsRoutes } from './modules/vitals/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    db: Database;
    storage: ImageStorage;
    /** The card processor the configuration chose: built-in test mode, or Stripe. */
    cardProcessor: CardProcessor;
    /** Where sellers are paid: the built-in test mode, or Stripe Connect (with Stripe's keys). */
    payoutProcessor: PayoutProcessor;
    /** Where listings' IMEIs are checked: the built-in test mode (magic IMEIs), or the HTTP service. */
    deviceCheck: DeviceCheck;
    /** Where parcels' addresses, labels and tracking come from: the built-in test carrier, or EasyPost. */
    shipping: ShippingPort;
    /** Where emails go: SMTP (a mail server, or the demo mailbox), or nowhere (they wait in the outbox). */
    mailSender: MailSender;
    /** The demo mailbox's web inbox while the server runs as a demo (server.ts starts it); else null. */
    demoMailboxUrl: string | null;
    /**
     * Says that a request's transaction has committed emails to the outbox: a delivery starts in the
     * background, never delaying the answer (the deliver-emails job retries what it could not send).
     */
    emailsQueued: () => void;
    /** Set when shutdown begins, so readiness fails and the load balancer stops sending traffic. */
    isShuttingDown: boolean;
    /** Set while a starting server settles (server.ts): readiness fails until its event loop is calm. */
    isWarmingUp: boolean;
  }
}

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  /** The outside services; built from the configuration unless given (tests pass their own). */
  storage?: ImageStorage;
  cardProcessor?: AnyCardProcessor;
  payoutProcessor?: PayoutProcessor;
  deviceCheck?: DeviceCheck;
  shipping?: ShippingPort;
  identityProviders?: IdentityProviders;
  mailSender?: MailSender;
  /** The web inbox of the demo mailbox server.ts started (none in production). */
  demoMailboxUrl?: string;
  /** Log output; tests pass false. */
  logger?: boolean;
  /** Told of every route as it is added (the authorization matrix test lists them this way). */
  onRoute?: (route: RouteOptions) => void;
  /** Where log lines go (stdout unless given; tests read them). */
  logStream?: NodeJS.WritableStream;
}

/** Builds the whole HTTP application from its plugins. server.ts starts it; tests inject into it. */
export const buildApp = async (deps: AppDeps): Promise<FastifyInstance> => {
  const { config } = deps;
  const app = Fastify({
    logger: deps.logger === false ? false : loggerOptions(config.logLevel, deps.logStream),
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: answerFrameworkError,
    // On close, idle keep-alive connections go at once; those with a request in flight finish it.
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('database', deps.database);
  // Pool problems (a lost connection) are logged with the app's other lines.
  deps.database.useLogger(app.log);
  app.decorate('db', deps.database.db);
  app.decorate('storage', deps.storage ?? createStorage(config));
  const cardProcessor = deps.cardProcessor ?? createCardProcessor(config.payments, deps.database.db);
  const identityProviders =
    deps.identityProviders ??
    createIdentityProviders(config.auth, (provider) => config.publicUrl + apiPrefix + callbackPath(provider));
  app.decorate<CardProcessor>('cardProcessor', cardProcessor);
  app.decorate<PayoutProcessor>(
    'payoutProcessor',
    deps.payoutProcessor ?? createPayoutProcessor(config.payments, deps.database.db),
  );
  app.decorate<DeviceCheck>('deviceCheck', deps.deviceCheck ?? createDeviceCheck(config.deviceCheck));
  app.decorate<ShippingPort>('shipping', deps.shipping ?? createShipping(config.shipping, deps.database.db));
  app.decorate('isShuttingDown', false);
  app.decorate('isWarmingUp', false);
  const mailSender = deps.mailSender ?? createMailSender(config.mail);
  app.decorate('mailSender', mailSender);
  app.decorate('demoMailboxUrl', deps.demoMailboxUrl ?? null);
  app.addHook('onClose', () => mailSender.close());

  // Every response names its request, so a user's report can be matched to the log line.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // Draining before shutdown: answer, then close the connection, so keep-alive clients (and
    // balancers) reconnect to a replica that stays.
    if (app.isShuttingDown) reply.header('connection', 'close');
  });

  await app.register(errorsPlugin);
  await app.register(metricsPlugin);
  await app.register(loadSheddingPlugin);
  await app.register(securityPlugin, {
    isProduction: config.isProduction,
    styleHashes: readPagesManifest(config.webDistDir)?.styleHashes,
  });
  // Before any route, so its onRoute hook documents the 403 of every write.
  await app.register(sameOriginPlugin);
  // JSON answers are compressed on the fly; static files come pre-compressed from the build.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Brotli's default quality (11) costs far more CPU than it saves on small JSON bodies.
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    // Bodies up to 64 kB (a catalogue page is ~20 kB) are compressed in one call: a zlib stream
    // per answer (the default above 8 kB on two cores) costs about twice the CPU of the
    // compression itself, and the API shares its cores with PostgreSQL (bench/README.md).
    syncThreshold: 64 * 1024,
  });
  await app.register(openapiPlugin, { servesDocs: config.apiDocs });
  // Request plugins (multipart, auth) are registered here.
  await app.register(multipartPlugin);
  await app.register(authPlugin);
  // Before any route, so its onRoute hook reaches every route that accepts an Idempotency-Key.
  await app.register(idempotencyPlugin);
  await app.register(limitStorePlugin);
  await app.register(writeLimitsPlugin);
  await app.register(uploadCapacityPlugin);
  await app.register(privateAnswersPlugin);
  await app.register(listingChangesPlugin);
  await app.register(deferredWorkPlugin);
  // One delivery at a time in this process; emails queued meanwhile are taken by a second round.
  let delivering: 'no' | 'yes' | 'again' = 'no';
  const deliver = async () => {
    do {
      delivering = 'yes';
      await deliverDueEmails({ db: app.db, mail: mailSender, log: app.log, now: () => new Date() });
    } while ((delivering as string) === 'again');
  };
  app.decorate('emailsQueued', () => {
    if (mailSender.kind === 'outbox') return;
    if (delivering !== 'no') {
      delivering = 'again';
      return;
    }
    app.deferWork(() => deliver().finally(() => (delivering = 'no')));
  });

  await app.register(healthRoutes);
  // The marketplace's API: every module's routes, one line each, under one prefix.
  await app.register(
    async (api) => {
      await api.register(catalogueRoutes);
      await api.register(productsRoutes);
      await api.register(listingReviewRoutes);
      await api.register(uploadsRoutes);
      await api.register(accountRoutes);
      await api.register(socialRoutes, { providers: identityProviders });
      // Payments use orders; cancelling an order reaches the card through this port.
      await api.register(ordersRoutes, { cardReleaseOf: (log) => orderCardRelease(paymentDepsOf(api, log)) });
      await api.register(messagesRoutes);
      await api.register(orderProgressRoutes, {
        markPaymentRefunded,
        markPaymentPartlyRefunded,
        takeBackSellerPayoutOf: (log) => (orderId, part) => takeBackSellerPayout(payoutDepsOf(api, log), orderId, part),
        refundLabelCharge,
        chargeLabel,
      });
      await api.register(orderShippingRoutes, { chargeLabel });
      // The carrier's webhook moves shipped orders' parcels on.
      await api.register(orderParcelsRoutes);
      await api.register(payoutsRoutes);
      await api.register(financeRoutes);
      await api.register(wishlistRoutes);
      await api.register(addressesRoutes);
      await api.register(reportsRoutes);
      await api.register(paymentsRoutes, { processor: cardProcessor });
      await api.register(adminRoutes);
      await api.register(contactRoutes);
      await api.register(sellersRoutes);
      await api.register(ratingsRoutes);
      await api.register(questionsRoutes);
      await api.register(fairPriceRoutes);
      await api.register(recoveryRoutes);
      await api.register(outboxRoutes);
      await api.register(demoMailboxRoutes);
      await api.register(notificationsRoutes);
      await api.register(vitalsRoutes);
    },
    { prefix: apiPrefix },
  );

  await app.register(webPlugin, {
    webDistDir: config.webDistDir,
    uploadsDir: config.uploadsDir,
    renderedPageTtlMs: pageCacheTtlMs,
    pageRendersPerIp: config.pageRendersPerIp,
    pageViewer: (familyId) => pageViewer(app.db, familyId),
  });
  return app;
};
