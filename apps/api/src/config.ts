/**
 * The one module that reads process.env. Every variable is validated here; a bad one stops
 * start-up with a message naming it. `.env.example` at the repo root lists them all.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, 'data')),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  SEED: z.enum(['demo', 'categories', 'none']).optional(),
  WEB_DIST_DIR: z.string().min(1).default(path.join(repoRoot, 'apps/web/dist')),
  TRUST_PROXY: booleanString.default(false),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  /** Apply pending migrations when the server starts; false when a separate step migrates (npm run db:migrate). */
  MIGRATE_ON_START: booleanString.default(true),
  /** Lets production run on the embedded parts (PGlite, disk storage, the test-mode services): a single-box demo. */
  ALLOW_DEMO_SERVICES: booleanString.default(false),
  /** The API's OpenAPI document and docs page (/api/openapi.json, /api/docs): on outside production, off in it. */
  API_DOCS: booleanString.optional(),
  /** Background jobs (session pruning, orphan uploads, webhook trimming, payment reconciling) in this process. */
  JOBS: z.enum(['on', 'off']).default('on'),
  /** How long after SIGTERM the server keeps serving with readiness off: 5 s in production, else 0. */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).optional(),
  /** Limits on every PostgreSQL session (0 turns one off). */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(15_000),
  DATABASE_LOCK_TIMEOUT_MS: z.coerce.number().int().min(0).default(5000),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).default(60_000),
  /**
   * How long the server waits for any answer on a connection before it gives up on that connection
   * (a silent one, as after a failover): a little over the statement limit, so PostgreSQL's own
   * answer normally comes first. 0: off.
   */
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(0).default(17_000),
  /** Prometheus metrics on a listener of their own (off unless set), and/or on the main port with a token. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /**
   * Load shedding: 503 while the event loop lags this much (1 s in production; off elsewhere, where a
   * debugger's pause or PGlite's work on the main thread would trip it) or the heap is this full (0: off).
   */
  LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).optional(),
  LOAD_SHED_MAX_HEAP_USED_BYTES: z.coerce.number().int().min(0).optional(),
  /** The address people use to reach the site; OAuth redirect URIs are built from it. */
  PUBLIC_URL: z.url().optional(),

  // Identity
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** How long a just-rotated refresh token still answers with its successor (two tabs, a retry). */
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  GITHUB_CLIENT_ID: z.string().min(1).optional(),
  GITHUB_CLIENT_SECRET: z.string().min(1).optional(),
  GITHUB_OAUTH_URL: z.url().default('https://github.com'),
  GITHUB_API_URL: z.url().default('https://api.github.com'),

  // Rate limits (login and sign-up): in memory, or shared through Redis by every replica.
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  /** Login attempts per client IP per 15 minutes. */
  LOGIN_ATTEMPTS_PER_IP: z.coerce.number().int().min(1).default(20),
  /** Failed logins per account from one IP per 15 minutes; a successful login from that IP clears them. */
  LOGIN_FAILURES_PER_ACCOUNT_IP: z.coerce.number().int().min(1).optional(),
  /** The former name of LOGIN_FAILURES_PER_ACCOUNT_IP, still read when the new one is unset. */
  LOGIN_ATTEMPTS_PER_ACCOUNT: z.coerce.number().int().min(1).optional(),
  /** Failed logins per account from all IPs per hour, then IPs that failed for it wait (a spread-out guesser). */
  LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(100),
  /** Sign-ups per client IP per hour. */
  SIGNUPS_PER_IP: z.coerce.number().int().min(1).default(10),
  /** Password reset and email confirmation requests (and link uses) per client IP per hour. */
  RECOVERY_REQUESTS_PER_IP: z.coerce.number().int().min(1).default(20),
  /**
   * Reset or confirmation emails per address per hour from one IP, and from all IPs together
   * (counted whether or not the address has an account).
   */
  RECOVERY_EMAILS_PER_ADDRESS_AND_IP: z.coerce.number().int().min(1).default(3),
  RECOVERY_EMAILS_PER_ADDRESS: z.coerce.number().int().min(1).default(10),

  // Write limits (uploads, bookings, reports, wishlist, payment attempts, order messages) per account per window,
  // and contact messages per IP, in memory or shared through REDIS_URL. Unset under NODE_ENV=test: 100 times the default.
  WRITE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
  UPLOADS_PER_ACCOUNT: z.coerce.number().int().min(1).optional(),
  UPLOADS_PER_IP: z.coerce.number().int().min(1).optional(),
  BOOKINGS_PER_ACCOUNT: z.coerce.number().int().min(1).optional(),
  REPORTS_PER_ACCOUNT: z.coerce.number().int().min(1).optional(),
  WISHLIST_WRITES_PER_ACCOUNT: z.coerce.number().int().min(1).optional(),
  PAYMENT_ATTEMPTS_PER_ACCOUNT: z.coerce.number().int().min(1).optional(),
  CONTACT_MESSAGES_PER_IP: z.coerce.number().int().min(1).optional(),
  /** Messages one account writes to the other parties of its orders. */
  MESSAGES_PER_ACCOUNT: z.coerce.number().int().min(1).optional(),
  /** Edits of listings (their fields or photos) one seller makes. */
  LISTING_EDITS_PER_ACCOUNT: z.coerce.number().int().min(1).optional(),
  // A seller's IMEIs per 24 hours (an IMEI guessed from a listing's last four digits): unset under
  // NODE_ENV=test, 100 times the default too.
  /** Attempts to use a new IMEI (a new listing, or an edit that changes it); then 429. */
  IMEI_CHANGES_PER_ACCOUNT: z.coerce.number().int().min(1).optional(),
  /** Refused IMEIs (another seller's listing for sale, or blocked) answered with the reason; later ones get one neutral answer. */
  IMEI_REFUSALS_TOLD_PER_ACCOUNT: z.coerce.number().int().min(1).optional(),
  /** The refused IMEI whose refusal puts the seller on the admins' Audit Log (once a day). */
  IMEI_REFUSALS_FLAGGED_AT: z.coerce.number().int().min(1).optional(),
  /** Questions one account asks on listings. */
  QUESTIONS_PER_ACCOUNT: z.coerce.number().int().min(1).optional(),
  /** Delivery addresses one account adds or removes, and ship-from choices. */
  ADDRESS_WRITES_PER_ACCOUNT: z.coerce.number().int().min(1).optional(),
  /** Pages rendered on the server for one IP per minute that no kept page answered; past it, the page's frame. */
  PAGE_RENDERS_PER_IP: z.coerce.number().int().min(1).default(30),
  /** Web vitals reports (beacons of sampled visits) one IP sends per minute; past it, 429 and nothing counted. Unset under NODE_ENV=test: 100 times the default. */
  WEB_VITALS_REPORTS_PER_IP: z.coerce.number().int().min(1).optional(),
  /** Bytes of uploads this process reads at once (declared sizes); past it an upload is refused (503) before its body is read. */
  UPLOAD_MEMORY_BUDGET_MB: z.coerce.number().int().min(11).default(64),

  // Image storage: local disk under DATA_DIR/uploads, or an S3-compatible bucket.
  STORAGE: z.enum(['disk', 's3']).default('disk'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanString.default(false),
  /** Where browsers fetch stored images from (a CDN or the bucket's public address). */
  S3_PUBLIC_URL: z.url().optional(),

  // Card payments: the built-in test-mode processor, or Stripe when all three keys are set.
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_… or rk_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, 'must be a Stripe publishable key (pk_…)').optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_…)')
    .optional(),
  /** Where the Stripe SDK sends its calls (a local server in tests); Stripe's own API when unset. */
  STRIPE_API_URL: z.url().optional(),
  /**
   * Listing review (docs/decisions/0068): a seller with fewer completed sales than this (and not
   * verified by an admin) lists into the admins' review queue; 0 turns review off. Unset under
   * NODE_ENV=test: 0, so test servers list at once as before; a test of review sets it.
   */
  TRUSTED_SELLER_SALES: z.coerce.number().int().min(0).max(1000).optional(),
  /** The marketplace's commission on each sale: a percentage of the price (to the hundredth) plus fixed cents. */
  SELLER_FEE_PERCENT: z.coerce
    .number()
    .min(0, 'must be between 0 and 50')
    .max(50, 'must be between 0 and 50')
    // Hundredths of a percent (basis points) are whole, up to a float's own rounding.
    .refine((percent) => Math.abs(percent * 100 - Math.round(percent * 100)) < 1e-6, 'must have at most two decimals')
    .default(5),
  SELLER_FEE_FIXED_CENTS: z.coerce
    .number()
    .int('must be whole cents')
    .min(0, 'must be between 0 and 10000')
    .max(10_000, 'must be between 0 and 10000')
    .default(0),
  /** The buyer's service fee: a percentage of the price (to the hundredth), added to what the card is charged. */
  BUYER_FEE_PERCENT: z.coerce
    .number()
    .min(0, 'must be between 0 and 20')
    .max(20, 'must be between 0 and 20')
    .refine((percent) => Math.abs(percent * 100 - Math.round(percent * 100)) < 1e-6, 'must have at most two decimals')
    .default(0),
  /** Business days (Mon–Fri, UTC) a seller has after payment to hand a shipped order's parcel to the carrier. */
  SHIP_BY_BUSINESS_DAYS: z.coerce
    .number()
    .int('must be a whole number of days')
    .min(1, 'must be between 1 and 10')
    .max(10, 'must be between 1 and 10')
    .default(2),
  /** Who pays for shipping: the buyer at checkout (a quote added to the card's amount), or the seller, from their payout. */
  SHIPPING_PAID_BY: z.enum(['buyer', 'seller'], 'must be buyer or seller').default('buyer'),

  // The IMEI check of listings: the built-in test mode (magic IMEIs), or a device-check service over HTTP.
  /** The device-check service's address (its API: adapters/device-check/http-device-check.ts). */
  DEVICE_CHECK_API_URL: z.url().optional(),
  DEVICE_CHECK_API_KEY: z.string().min(1).optional(),
  /** How long a check may take before it counts as an outage. */
  DEVICE_CHECK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),

  // Shipping labels and tracking: the built-in test carrier, or EasyPost (its API v2) when the key is set.
  /** Where EasyPost's API is (a local server in tests); EasyPost's own when unset. */
  SHIPPING_API_URL: z.url().optional(),
  SHIPPING_API_KEY: z.string().min(1).optional(),
  /** The secret the carrier signs its webhook events with; the test carrier has a built-in one. */
  SHIPPING_WEBHOOK_SECRET: z.string().min(8).optional(),
  /** How long a shipping call may take before it counts as an outage. */
  SHIPPING_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** The test carrier's parcels move one step (pre_transit → in_transit → …) every this many seconds. */
  TEST_CARRIER_STEP_SECONDS: z.coerce.number().int().min(1).max(86_400).default(120),

  // Email: through this SMTP server (smtp://user:pass@host:587 or smtps://…:465); without it, outside
  // production, through the demo mailbox (MailDev) the server starts itself.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/]+/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** The From of every email. */
  MAIL_FROM: z.string().min(3).max(200).default('ReCell <no-reply@recell.test>'),
  /** The demo mailbox's SMTP server and web inbox: where they listen (0: a free port). Never in production. */
  DEMO_MAILBOX_HOST: z.string().min(1).optional(),
  DEMO_MAILBOX_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  DEMO_MAILBOX_WEB_PORT: z.coerce.number().int().min(0).max(65535).optional(),
});

/** The demo mailbox's ports when none are set (MailDev's own); under NODE_ENV=test, free ports. */
export const demoMailboxPorts = { smtp: 1025, web: 1080 } as const;

export class ConfigError extends Error {}

/** Writes per account (uploads also per IP, contact messages only per IP) per WRITE_LIMIT_WINDOW_SECONDS (10 minutes). */
export const defaultWriteLimits = {
  uploadsPerAccount: 30,
  uploadsPerIp: 60,
  bookingsPerAccount: 20,
  reportsPerAccount: 10,
  wishlistWritesPerAccount: 120,
  paymentAttemptsPerAccount: 20,
  contactMessagesPerIp: 5,
  messagesPerAccount: 60,
  listingEditsPerAccount: 30,
  questionsPerAccount: 10,
  addressWritesPerAccount: 20,
} as const;

/** Web vitals reports per IP per minute: a visit sends one each time its page is hidden, and many visitors may share an IP. */
export const defaultWebVitalsReportsPerIp = 30;

/** A seller's IMEIs per `windowSeconds` (24 hours): see IMEI_CHANGES_PER_ACCOUNT and the two after it. */
export const defaultImeiLimits = {
  windowSeconds: 24 * 60 * 60,
  changesPerAccount: 10,
  refusalsTold: 1,
  refusalsFlaggedAt: 3,
} as const;

/**
 * The configuration the server runs with, read from the environment: variables checked one by one,
 * then together (a pair set by halves, what production refuses), then shaped for the app.
 */
const ConfigSchema = EnvSchema.transform((e, ctx) => {
  const dataDir = path.resolve(e.DATA_DIR);
  const isProduction = e.NODE_ENV === 'production';
  // Suites make many writes from one account; tests of the limits set them explicitly.
  const writeLimit = (points: number) => (e.NODE_ENV === 'test' ? points * 100 : points);
  const problems: string[] = [];
  if (isProduction && !e.JWT_SECRET) problems.push('JWT_SECRET: required in production (at least 32 characters)');
  const pair = (name: string, id: string | undefined, secret: string | undefined) => {
    if (Boolean(id) !== Boolean(secret))
      problems.push(`${name}_CLIENT_ID and ${name}_CLIENT_SECRET: set both or neither`);
    return id && secret ? { clientId: id, clientSecret: secret } : undefined;
  };
  const google = pair('GOOGLE', e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET);
  const github = pair('GITHUB', e.GITHUB_CLIENT_ID, e.GITHUB_CLIENT_SECRET);
  if (e.STORAGE === 's3' && !e.S3_BUCKET) problems.push('S3_BUCKET: required when STORAGE=s3');
  if (e.STORAGE === 's3' && !e.S3_PUBLIC_URL) problems.push('S3_PUBLIC_URL: required when STORAGE=s3');
  const stripeKeys = [e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY, e.STRIPE_WEBHOOK_SECRET];
  const isStripe = stripeKeys.every(Boolean);
  if (!isStripe && stripeKeys.some(Boolean))
    problems.push('STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET: set all three or none');
  // EasyPost needs its key to answer and its webhook secret to be believed; the URL alone means nothing.
  const isEasyPost = Boolean(e.SHIPPING_API_KEY || e.SHIPPING_API_URL);
  // Each embedded part works for a demo and fails real users: refuse it unless the operator says so.
  if (isProduction && !e.ALLOW_DEMO_SERVICES) {
    const optIn = 'or set ALLOW_DEMO_SERVICES=true for a single-box demo';
    if (!e.DATABASE_URL)
      problems.push(`DATABASE_URL: required in production (the embedded PGlite serves one process), ${optIn}`);
    if (e.STORAGE === 'disk')
      problems.push(`STORAGE: must be s3 in production (disk storage is not shared by replicas), ${optIn}`);
    if (!isStripe)
      problems.push(
        `STRIPE_SECRET_KEY: required in production with STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET ` +
          `(without them the test-mode card processor takes fake payments), ${optIn}`,
      );
    if (!e.SMTP_URL)
      problems.push(`SMTP_URL: required in production (without it no email leaves the server), ${optIn}`);
    if (!e.DEVICE_CHECK_API_URL)
      problems.push(
        `DEVICE_CHECK_API_URL: required in production (without it the test-mode device check finds every phone clean), ${optIn}`,
      );
    if (!isEasyPost)
      problems.push(
        `SHIPPING_API_KEY: required in production with SHIPPING_WEBHOOK_SECRET (without them the built-in test carrier sells labels no carrier will carry), ${optIn}`,
      );
  }
  if (e.DEVICE_CHECK_API_KEY && !e.DEVICE_CHECK_API_URL)
    problems.push('DEVICE_CHECK_API_KEY: set only with DEVICE_CHECK_API_URL');
  if (isEasyPost && !e.SHIPPING_API_KEY) problems.push('SHIPPING_API_KEY: required with SHIPPING_API_URL');
  if (isEasyPost && !e.SHIPPING_WEBHOOK_SECRET)
    problems.push(
      'SHIPPING_WEBHOOK_SECRET: required with SHIPPING_API_KEY (tracking events are believed only when signed)',
    );
  // The demo mailbox shows every email, links and all, to whoever opens it: never in production.
  const demoMailboxVariables = ['DEMO_MAILBOX_HOST', 'DEMO_MAILBOX_SMTP_PORT', 'DEMO_MAILBOX_WEB_PORT'] as const;
  for (const name of demoMailboxVariables.filter((variable) => e[variable] !== undefined)) {
    if (isProduction)
      problems.push(`${name}: the demo mailbox never runs in production (ALLOW_DEMO_SERVICES or not); set SMTP_URL`);
    else if (e.SMTP_URL) problems.push(`${name}: the demo mailbox runs only without SMTP_URL; set one or the other`);
  }
  const isTest = e.NODE_ENV === 'test';
  const shutdownDrainMs = e.SHUTDOWN_DRAIN_MS ?? (isProduction ? 5000 : 0);
  // The grace timer forces exit 1 when it runs out: the drain must end well before it.
  if (shutdownDrainMs > 0 && shutdownDrainMs >= e.SHUTDOWN_GRACE_MS)
    problems.push('SHUTDOWN_DRAIN_MS: must be shorter than SHUTDOWN_GRACE_MS');
  if (problems.length > 0) {
    for (const problem of problems) ctx.addIssue({ code: 'custom', message: problem });
    return z.NEVER;
  }
  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    pgliteDir: path.join(dataDir, 'db'),
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    /** What to seed into an empty database on start: the demo catalogue outside production. */
    seed: e.SEED ?? (isProduction ? ('categories' as const) : ('demo' as const)),
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    trustProxy: e.TRUST_PROXY,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    migrateOnStart: e.MIGRATE_ON_START,
    /** Whether the server runs the background jobs (a replica may leave them to the others). */
    jobs: e.JOBS,
    /** Readiness off, still serving (with Connection: close) this long after SIGTERM, then close. */
    shutdownDrainMs,
    /** Whether /api/openapi.json and /api/docs are served (an operator opts in for production). */
    apiDocs: e.API_DOCS ?? !isProduction,
    /** Limits on every PostgreSQL session, in ms; 0 is no limit. */
    databaseTimeouts: {
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      lockMs: e.DATABASE_LOCK_TIMEOUT_MS,
      idleInTransactionMs: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      queryMs: e.DATABASE_QUERY_TIMEOUT_MS,
    },
    /** Where Prometheus reads metrics: a listener of their own, and/or the main port with the token. */
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST, token: e.METRICS_TOKEN },
    /** Load shedding thresholds (0 is off; heap undefined is 90% of the heap limit). */
    loadShedding: {
      maxEventLoopDelayMs: e.LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS ?? (isProduction ? 1000 : 0),
      maxHeapUsedBytes: e.LOAD_SHED_MAX_HEAP_USED_BYTES,
    },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    auth: {
      /** Undefined outside production when JWT_SECRET is unset: a secret is generated and kept in DATA_DIR. */
      jwtSecret: e.JWT_SECRET,
      accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
      /** A rotated token presented again within this window gets its successor instead of ending the family. */
      refreshReuseGraceSeconds: e.REFRESH_REUSE_GRACE_SECONDS,
      google: google && { ...google, issuer: e.GOOGLE_ISSUER },
      github: github && { ...github, oauthUrl: e.GITHUB_OAUTH_URL, apiUrl: e.GITHUB_API_URL },
    },
    redisUrl: e.REDIS_URL,
    /** Attempt limits of login (per 15 minutes) and sign-up (per hour). */
    rateLimits: {
      loginPerIp: e.LOGIN_ATTEMPTS_PER_IP,
      loginFailuresPerAccountIp: e.LOGIN_FAILURES_PER_ACCOUNT_IP ?? e.LOGIN_ATTEMPTS_PER_ACCOUNT ?? 10,
      loginFailuresPerAccount: e.LOGIN_FAILURES_PER_ACCOUNT,
      signupPerIp: e.SIGNUPS_PER_IP,
      recoveryPerIp: e.RECOVERY_REQUESTS_PER_IP,
      recoveryPerEmailIp: e.RECOVERY_EMAILS_PER_ADDRESS_AND_IP,
      recoveryPerEmail: e.RECOVERY_EMAILS_PER_ADDRESS,
    },
    /** Writes per account (per IP for anonymous callers, and for uploads also per IP) per window. */
    writeLimits: {
      windowSeconds: e.WRITE_LIMIT_WINDOW_SECONDS,
      uploadsPerAccount: e.UPLOADS_PER_ACCOUNT ?? writeLimit(defaultWriteLimits.uploadsPerAccount),
      uploadsPerIp: e.UPLOADS_PER_IP ?? writeLimit(defaultWriteLimits.uploadsPerIp),
      bookingsPerAccount: e.BOOKINGS_PER_ACCOUNT ?? writeLimit(defaultWriteLimits.bookingsPerAccount),
      reportsPerAccount: e.REPORTS_PER_ACCOUNT ?? writeLimit(defaultWriteLimits.reportsPerAccount),
      wishlistWritesPerAccount:
        e.WISHLIST_WRITES_PER_ACCOUNT ?? writeLimit(defaultWriteLimits.wishlistWritesPerAccount),
      paymentAttemptsPerAccount:
        e.PAYMENT_ATTEMPTS_PER_ACCOUNT ?? writeLimit(defaultWriteLimits.paymentAttemptsPerAccount),
      contactMessagesPerIp: e.CONTACT_MESSAGES_PER_IP ?? writeLimit(defaultWriteLimits.contactMessagesPerIp),
      messagesPerAccount: e.MESSAGES_PER_ACCOUNT ?? writeLimit(defaultWriteLimits.messagesPerAccount),
      listingEditsPerAccount: e.LISTING_EDITS_PER_ACCOUNT ?? writeLimit(defaultWriteLimits.listingEditsPerAccount),
      questionsPerAccount: e.QUESTIONS_PER_ACCOUNT ?? writeLimit(defaultWriteLimits.questionsPerAccount),
      addressWritesPerAccount: e.ADDRESS_WRITES_PER_ACCOUNT ?? writeLimit(defaultWriteLimits.addressWritesPerAccount),
    },
    /** What one seller may do with IMEIs per day (decision 0064). */
    imeiLimits: {
      windowSeconds: defaultImeiLimits.windowSeconds,
      changesPerAccount: e.IMEI_CHANGES_PER_ACCOUNT ?? writeLimit(defaultImeiLimits.changesPerAccount),
      refusalsTold: e.IMEI_REFUSALS_TOLD_PER_ACCOUNT ?? writeLimit(defaultImeiLimits.refusalsTold),
      refusalsFlaggedAt: e.IMEI_REFUSALS_FLAGGED_AT ?? writeLimit(defaultImeiLimits.refusalsFlaggedAt),
    },
    /** Signed-in pages rendered afresh (not from the kept pages) per IP per minute. */
    pageRendersPerIp: e.PAGE_RENDERS_PER_IP,
    /** Web vitals reports per IP per minute. */
    webVitalsReportsPerIp: e.WEB_VITALS_REPORTS_PER_IP ?? writeLimit(defaultWebVitalsReportsPerIp),
    /** Bytes of upload bodies held at once by this process. */
    uploadMemoryBudgetBytes: e.UPLOAD_MEMORY_BUDGET_MB * 1024 * 1024,
    storage:
      e.STORAGE === 's3'
        ? {
            kind: 's3' as const,
            bucket: e.S3_BUCKET!,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
            publicUrl: e.S3_PUBLIC_URL!.replace(/\/$/, ''),
          }
        : { kind: 'disk' as const },
    /**
     * Where emails go: out through SMTP; outside production without SMTP_URL, to the demo mailbox the
     * server starts (MailDev: its SMTP server and web inbox); or nowhere ('outbox': a production demo
     * box without SMTP_URL, where they wait in the outbox, undelivered).
     */
    mail: e.SMTP_URL
      ? { kind: 'smtp' as const, smtpUrl: e.SMTP_URL, from: e.MAIL_FROM }
      : isProduction
        ? { kind: 'outbox' as const, from: e.MAIL_FROM }
        : {
            kind: 'demoMailbox' as const,
            from: e.MAIL_FROM,
            host: e.DEMO_MAILBOX_HOST ?? '127.0.0.1',
            smtpPort: e.DEMO_MAILBOX_SMTP_PORT ?? (isTest ? 0 : demoMailboxPorts.smtp),
            webPort: e.DEMO_MAILBOX_WEB_PORT ?? (isTest ? 0 : demoMailboxPorts.web),
          },
    /** The card processor: built-in test mode (no keys), or Stripe. */
    payments: isStripe
      ? {
          processor: 'stripe' as const,
          secretKey: e.STRIPE_SECRET_KEY!,
          publishableKey: e.STRIPE_PUBLISHABLE_KEY!,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
          /** Set only to point the SDK somewhere other than Stripe (tests). */
          apiUrl: e.STRIPE_API_URL,
        }
      : { processor: 'test' as const },
    /** The IMEI check of listings: built-in test mode (magic IMEIs), or the HTTP service. */
    deviceCheck: e.DEVICE_CHECK_API_URL
      ? {
          kind: 'http' as const,
          apiUrl: e.DEVICE_CHECK_API_URL,
          apiKey: e.DEVICE_CHECK_API_KEY,
          timeoutMs: e.DEVICE_CHECK_TIMEOUT_MS,
        }
      : { kind: 'test' as const },
    /** Labels and tracking: EasyPost when its key is set, else the built-in test carrier (state in the database). */
    shipping: isEasyPost
      ? {
          kind: 'easypost' as const,
          apiUrl: (e.SHIPPING_API_URL ?? 'https://api.easypost.com/v2').replace(/\/$/, ''),
          apiKey: e.SHIPPING_API_KEY!,
          webhookSecret: e.SHIPPING_WEBHOOK_SECRET!,
          timeoutMs: e.SHIPPING_TIMEOUT_MS,
        }
      : {
          kind: 'test' as const,
          /** Unset: the built-in dev secret (adapters/shipping/test-carrier.ts), known to anyone reading the code. */
          webhookSecret: e.SHIPPING_WEBHOOK_SECRET,
          stepSeconds: e.TEST_CARRIER_STEP_SECONDS,
        },
    /** What the marketplace keeps of each sale, frozen on the order when the sale is recorded. */
    sellerFee: { percent: e.SELLER_FEE_PERCENT, fixedCents: e.SELLER_FEE_FIXED_CENTS },
    /** Completed sales that make a seller's listings go live at once; 0: no listing is reviewed. */
    trustedSellerSales: e.TRUSTED_SELLER_SALES ?? (isTest ? 0 : 3),
    /** The buyer's service fee in percent, frozen on the order when its payment is prepared. */
    buyerFeePercent: e.BUYER_FEE_PERCENT,
    /** A shipped order's deadline for the carrier's first scan, set when it is paid (decision 0075). */
    shipByBusinessDays: e.SHIP_BY_BUSINESS_DAYS,
    /** Who pays a shipped order's label (decision 0076): the buyer's quote frozen at booking, or the seller's payout. */
    shippingPaidBy: e.SHIPPING_PAID_BY,
  };
});

export type Config = z.output<typeof ConfigSchema>;

/** Loads `.env` from the repo root if present (real environment variables win), then validates. */
export const loadConfig = (env: Record<string, string | undefined> = readEnv()): Config => {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = ConfigSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
      .join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  return parsed.data;
};

const readEnv = () => {
  const envFile = path.join(repoRoot, '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  return process.env;
};
