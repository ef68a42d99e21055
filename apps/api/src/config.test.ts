import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, repoRoot } from './config.ts';

describe('config', () => {
  it('works with no variables at all: port 3000, PGlite under ./data, demo seed', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(path.join(repoRoot, 'data'));
    expect(config.pgliteDir).toBe(path.join(repoRoot, 'data', 'db'));
    expect(config.seed).toBe('demo');
  });

  it('seeds only the categories in production unless told otherwise', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), ALLOW_DEMO_SERVICES: 'true' };
    expect(loadConfig(production).seed).toBe('categories');
    expect(loadConfig({ ...production, SEED: 'none' }).seed).toBe('none');
  });

  it('stops with a message naming a bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });

  it('takes a 5% seller fee by default; a fee out of range stops the start naming its variable', () => {
    expect(loadConfig({}).sellerFee).toEqual({ percent: 5, fixedCents: 0 });
    expect(loadConfig({ SELLER_FEE_PERCENT: '3.25', SELLER_FEE_FIXED_CENTS: '30' }).sellerFee).toEqual({
      percent: 3.25,
      fixedCents: 30,
    });
    expect(() => loadConfig({ SELLER_FEE_PERCENT: '51' })).toThrow(/SELLER_FEE_PERCENT: must be between 0 and 50/);
    expect(() => loadConfig({ SELLER_FEE_PERCENT: '-1' })).toThrow(/SELLER_FEE_PERCENT/);
    expect(() => loadConfig({ SELLER_FEE_PERCENT: '2.555' })).toThrow(/SELLER_FEE_PERCENT: must have at most two/);
    expect(() => loadConfig({ SELLER_FEE_FIXED_CENTS: '0.5' })).toThrow(/SELLER_FEE_FIXED_CENTS: must be whole cents/);
    expect(() => loadConfig({ SELLER_FEE_FIXED_CENTS: '20000' })).toThrow(/SELLER_FEE_FIXED_CENTS/);
  });

  it('charges buyers no service fee by default; one out of range stops the start naming its variable', () => {
    expect(loadConfig({}).buyerFeePercent).toBe(0);
    expect(loadConfig({ BUYER_FEE_PERCENT: '2.5' }).buyerFeePercent).toBe(2.5);
    expect(() => loadConfig({ BUYER_FEE_PERCENT: '21' })).toThrow(/BUYER_FEE_PERCENT: must be between 0 and 20/);
    expect(() => loadConfig({ BUYER_FEE_PERCENT: '1.005' })).toThrow(/BUYER_FEE_PERCENT: must have at most two/);
  });

  it('gives sellers 2 business days to ship by default; a count out of 1–10 stops the start naming its variable', () => {
    expect(loadConfig({}).shipByBusinessDays).toBe(2);
    expect(loadConfig({ SHIP_BY_BUSINESS_DAYS: '5' }).shipByBusinessDays).toBe(5);
    expect(() => loadConfig({ SHIP_BY_BUSINESS_DAYS: '0' })).toThrow(/SHIP_BY_BUSINESS_DAYS: must be between 1 and 10/);
    expect(() => loadConfig({ SHIP_BY_BUSINESS_DAYS: '11' })).toThrow(
      /SHIP_BY_BUSINESS_DAYS: must be between 1 and 10/,
    );
    expect(() => loadConfig({ SHIP_BY_BUSINESS_DAYS: '1.5' })).toThrow(/SHIP_BY_BUSINESS_DAYS: must be a whole number/);
  });

  it('has the buyer pay for shipping by default; any other payer than buyer or seller stops the start', () => {
    expect(loadConfig({}).shippingPaidBy).toBe('buyer');
    expect(loadConfig({ SHIPPING_PAID_BY: 'seller' }).shippingPaidBy).toBe('seller');
    expect(() => loadConfig({ SHIPPING_PAID_BY: 'marketplace' })).toThrow(/SHIPPING_PAID_BY: must be buyer or seller/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });
});

describe('config for identity and storage', () => {
  it('requires JWT_SECRET in production only', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    expect(loadConfig({}).auth.jwtSecret).toBeUndefined();
  });

  it('enables a social provider only when both its id and secret are set', () => {
    expect(loadConfig({}).auth.google).toBeUndefined();
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/);
    expect(loadConfig({ GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 's' }).auth.github).toEqual({
      clientId: 'id',
      clientSecret: 's',
      oauthUrl: 'https://github.com',
      apiUrl: 'https://api.github.com',
    });
  });

  it('needs a bucket and public URL for S3 storage', () => {
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET/);
    expect(
      loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_PUBLIC_URL: 'https://cdn.example.com/' }).storage,
    ).toMatchObject({
      kind: 's3',
      bucket: 'b',
      publicUrl: 'https://cdn.example.com',
    });
  });
});

describe('config for card payments', () => {
  const stripe = {
    STRIPE_SECRET_KEY: 'sk_test_123',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
    STRIPE_WEBHOOK_SECRET: 'whsec_123',
  };

  it('uses the built-in test-mode processor when no Stripe key is set', () => {
    expect(loadConfig({}).payments).toEqual({ processor: 'test' });
  });

  it('uses Stripe when all three keys are set, with its own API unless told otherwise', () => {
    expect(loadConfig(stripe).payments).toEqual({
      processor: 'stripe',
      secretKey: 'sk_test_123',
      publishableKey: 'pk_test_123',
      webhookSecret: 'whsec_123',
      apiUrl: undefined,
    });
    expect(loadConfig({ ...stripe, STRIPE_API_URL: 'http://127.0.0.1:12111' }).payments).toMatchObject({
      apiUrl: 'http://127.0.0.1:12111',
    });
  });

  it('refuses some Stripe keys without the others, naming all three', () => {
    for (const missing of Object.keys(stripe)) {
      const env = { ...stripe, [missing]: '' };
      expect(() => loadConfig(env)).toThrow(
        /STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET: set all three or none/,
      );
    }
  });

  it('names a key that is not the kind of Stripe key its variable holds', () => {
    expect(() => loadConfig({ ...stripe, STRIPE_SECRET_KEY: 'pk_test_123' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ ...stripe, STRIPE_PUBLISHABLE_KEY: 'sk_test_123' })).toThrow(/STRIPE_PUBLISHABLE_KEY/);
    expect(() => loadConfig({ ...stripe, STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ ...stripe, STRIPE_API_URL: 'not a url' })).toThrow(/STRIPE_API_URL/);
  });
});

describe('config for a production deployment', () => {
  const real = {
    NODE_ENV: 'production',
    JWT_SECRET: 'x'.repeat(32),
    DATABASE_URL: 'postgres://db/recell',
    STORAGE: 's3',
    S3_BUCKET: 'b',
    S3_PUBLIC_URL: 'https://cdn.example.com',
    STRIPE_SECRET_KEY: 'sk_live_123',
    STRIPE_PUBLISHABLE_KEY: 'pk_live_123',
    STRIPE_WEBHOOK_SECRET: 'whsec_123',
    SMTP_URL: 'smtp://mailer:secret@smtp.example.com:587',
    DEVICE_CHECK_API_URL: 'https://imei.example.com',
    DEVICE_CHECK_API_KEY: 'key_123',
    SHIPPING_API_KEY: 'EZAK123',
    SHIPPING_WEBHOOK_SECRET: 'hook-secret',
  };
  const without = (name: keyof typeof real) => ({ ...real, [name]: undefined });

  it('starts on PostgreSQL, S3, Stripe and SMTP', () => {
    expect(loadConfig(real).isProduction).toBe(true);
    expect(loadConfig(real).mail).toEqual({
      kind: 'smtp',
      smtpUrl: 'smtp://mailer:secret@smtp.example.com:587',
      from: 'ReCell <no-reply@recell.test>',
    });
  });

  it('refuses to run without a device-check service (every phone would pass its IMEI check) unless it is a demo', () => {
    expect(() => loadConfig(without('DEVICE_CHECK_API_URL'))).toThrow(/DEVICE_CHECK_API_URL: required in production/);
    expect(
      loadConfig({ ...without('DEVICE_CHECK_API_URL'), DEVICE_CHECK_API_KEY: undefined, ALLOW_DEMO_SERVICES: 'true' })
        .deviceCheck,
    ).toEqual({
      kind: 'test',
    });
    expect(loadConfig(real).deviceCheck).toEqual({
      kind: 'http',
      apiUrl: 'https://imei.example.com',
      apiKey: 'key_123',
      timeoutMs: 5000,
    });
    expect(() => loadConfig({ NODE_ENV: 'development', DEVICE_CHECK_API_KEY: 'k' })).toThrow(/DEVICE_CHECK_API_KEY/);
    expect(() => loadConfig({ ...real, DEVICE_CHECK_API_URL: 'not a url' })).toThrow(/DEVICE_CHECK_API_URL/);
  });

  it('ships through the test carrier unless EasyPost has its key and webhook secret', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).shipping).toEqual({
      kind: 'test',
      webhookSecret: undefined,
      stepSeconds: 120,
    });
    expect(loadConfig({ NODE_ENV: 'development', TEST_CARRIER_STEP_SECONDS: '5' }).shipping).toMatchObject({
      kind: 'test',
      stepSeconds: 5,
    });
    expect(loadConfig(real).shipping).toEqual({
      kind: 'easypost',
      apiUrl: 'https://api.easypost.com/v2',
      apiKey: 'EZAK123',
      webhookSecret: 'hook-secret',
      timeoutMs: 10_000,
    });
    expect(() => loadConfig({ ...without('SHIPPING_API_KEY'), SHIPPING_API_URL: 'https://ship.example.com' })).toThrow(
      /SHIPPING_API_KEY: required with SHIPPING_API_URL/,
    );
    expect(() => loadConfig(without('SHIPPING_WEBHOOK_SECRET'))).toThrow(/SHIPPING_WEBHOOK_SECRET: required/);
  });

  it('refuses the built-in test carrier (its labels no carrier would carry) unless it is a demo', () => {
    const noCarrier = { ...without('SHIPPING_API_KEY'), SHIPPING_WEBHOOK_SECRET: undefined };
    expect(() => loadConfig(noCarrier)).toThrow(
      /SHIPPING_API_KEY: required in production with SHIPPING_WEBHOOK_SECRET .*test carrier.*ALLOW_DEMO_SERVICES=true/,
    );
    // The one problem is named once: no second line about the webhook secret.
    expect(() => loadConfig(noCarrier)).not.toThrow(/SHIPPING_WEBHOOK_SECRET: required with/);
    expect(loadConfig({ ...noCarrier, ALLOW_DEMO_SERVICES: 'true' }).shipping).toMatchObject({ kind: 'test' });
    expect(
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), ALLOW_DEMO_SERVICES: 'true' }).shipping,
    ).toMatchObject({ kind: 'test' });
  });

  it('refuses to run without SMTP (no email would leave the server) and a URL that is not SMTP', () => {
    expect(() => loadConfig(without('SMTP_URL'))).toThrow(/SMTP_URL: required in production/);
    expect(() => loadConfig({ ...real, SMTP_URL: 'https://smtp.example.com' })).toThrow(/SMTP_URL: must be an smtp/);
    expect(loadConfig({ NODE_ENV: 'development' }).mail.kind).toBe('demoMailbox');
  });

  it('never runs the demo mailbox in production, even as a single-box demo: emails wait in the outbox', () => {
    const demoBox = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), ALLOW_DEMO_SERVICES: 'true' };
    expect(loadConfig(demoBox).mail).toEqual({ kind: 'outbox', from: 'ReCell <no-reply@recell.test>' });
    for (const name of ['DEMO_MAILBOX_HOST', 'DEMO_MAILBOX_SMTP_PORT', 'DEMO_MAILBOX_WEB_PORT']) {
      const value = name === 'DEMO_MAILBOX_HOST' ? '127.0.0.1' : '1025';
      expect(() => loadConfig({ ...demoBox, [name]: value })).toThrow(
        new RegExp(`${name}: the demo mailbox never runs in production`),
      );
      expect(() => loadConfig({ ...real, [name]: value })).toThrow(/never runs in production/);
    }
  });

  it('refuses the embedded database, disk storage and the test-mode card processor, naming the variable', () => {
    expect(() => loadConfig(without('DATABASE_URL'))).toThrow(/DATABASE_URL: required in production/);
    expect(() => loadConfig({ ...real, STORAGE: 'disk' })).toThrow(/STORAGE: must be s3 in production/);
    expect(() =>
      loadConfig({ ...real, STRIPE_SECRET_KEY: '', STRIPE_PUBLISHABLE_KEY: '', STRIPE_WEBHOOK_SECRET: '' }),
    ).toThrow(/STRIPE_SECRET_KEY: required in production.*test-mode card processor/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) })).toThrow(
      /ALLOW_DEMO_SERVICES=true/,
    );
  });

  it('runs a single-box demo on the embedded parts when ALLOW_DEMO_SERVICES=true', () => {
    const demo = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), ALLOW_DEMO_SERVICES: 'true' });
    expect(demo.databaseUrl).toBeUndefined();
    expect(demo.storage).toEqual({ kind: 'disk' });
    expect(demo.payments).toEqual({ processor: 'test' });
  });

  it('allows the embedded parts outside production', () => {
    expect(() => loadConfig({ NODE_ENV: 'test' })).not.toThrow();
  });

  it('migrates on start unless MIGRATE_ON_START=false', () => {
    expect(loadConfig({}).migrateOnStart).toBe(true);
    expect(loadConfig({ MIGRATE_ON_START: 'false' }).migrateOnStart).toBe(false);
  });
});

describe('config for the demo mailbox', () => {
  it("sends through the demo mailbox outside production without SMTP_URL, on MailDev's ports, loopback only", () => {
    expect(loadConfig({}).mail).toEqual({
      kind: 'demoMailbox',
      from: 'ReCell <no-reply@recell.test>',
      host: '127.0.0.1',
      smtpPort: 1025,
      webPort: 1080,
    });
    expect(
      loadConfig({ DEMO_MAILBOX_SMTP_PORT: '2525', DEMO_MAILBOX_WEB_PORT: '8025', DEMO_MAILBOX_HOST: '0.0.0.0' }).mail,
    ).toMatchObject({ kind: 'demoMailbox', host: '0.0.0.0', smtpPort: 2525, webPort: 8025 });
    expect(() => loadConfig({ DEMO_MAILBOX_WEB_PORT: 'web' })).toThrow(/DEMO_MAILBOX_WEB_PORT/);
  });

  it('takes free ports under NODE_ENV=test, so test servers never collide', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).mail).toMatchObject({ kind: 'demoMailbox', smtpPort: 0, webPort: 0 });
  });

  it('gives way to SMTP_URL, and refuses its settings beside it', () => {
    expect(loadConfig({ SMTP_URL: 'smtp://localhost:2525' }).mail.kind).toBe('smtp');
    expect(() => loadConfig({ SMTP_URL: 'smtp://localhost:2525', DEMO_MAILBOX_SMTP_PORT: '1025' })).toThrow(
      /DEMO_MAILBOX_SMTP_PORT: the demo mailbox runs only without SMTP_URL/,
    );
  });
});

describe('config for background jobs', () => {
  it('runs them unless JOBS=off, and names a bad value', () => {
    expect(loadConfig({}).jobs).toBe('on');
    expect(loadConfig({ JOBS: 'off' }).jobs).toBe('off');
    expect(() => loadConfig({ JOBS: 'sometimes' })).toThrow(/JOBS/);
  });
});

describe('config for operations', () => {
  const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), ALLOW_DEMO_SERVICES: 'true' };

  it('drains for 5 s after SIGTERM in production and not at all elsewhere, unless told', () => {
    expect(loadConfig(production).shutdownDrainMs).toBe(5000);
    expect(loadConfig({}).shutdownDrainMs).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '2000' }).shutdownDrainMs).toBe(2000);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: '10000', SHUTDOWN_GRACE_MS: '10000' })).toThrow(/SHUTDOWN_DRAIN_MS/);
  });

  it('limits every database session: 15 s per statement, 5 s per lock wait, 60 s idle in a transaction', () => {
    expect(loadConfig({}).databaseTimeouts).toEqual({
      statementMs: 15_000,
      lockMs: 5000,
      idleInTransactionMs: 60_000,
      queryMs: 17_000,
    });
    expect(loadConfig({ DATABASE_LOCK_TIMEOUT_MS: '0' }).databaseTimeouts.lockMs).toBe(0);
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '-1' })).toThrow(/DATABASE_STATEMENT_TIMEOUT_MS/);
  });

  it('keeps metrics off unless a port or a token is given; a token must be long enough', () => {
    expect(loadConfig({}).metrics).toEqual({ port: undefined, host: '127.0.0.1', token: undefined });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics).toMatchObject({
      port: 9464,
      host: '0.0.0.0',
    });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });

  it('sheds load on a lagging event loop in production only by default', () => {
    expect(loadConfig(production).loadShedding.maxEventLoopDelayMs).toBe(1000);
    expect(loadConfig({}).loadShedding.maxEventLoopDelayMs).toBe(0);
    expect(loadConfig({ LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: '200' }).loadShedding.maxEventLoopDelayMs).toBe(200);
  });
});
