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
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }).seed).toBe('categories');
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), SEED: 'none' }).seed).toBe('none');
  });

  it('stops with a message naming a bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
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
