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
  /** The address people use to reach the site; OAuth redirect URIs are built from it. */
  PUBLIC_URL: z.url().optional(),

  // Identity
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
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
  /** Login attempts per account per 15 minutes; a successful login clears the count. */
  LOGIN_ATTEMPTS_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  /** Sign-ups per client IP per hour. */
  SIGNUPS_PER_IP: z.coerce.number().int().min(1).default(10),

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
});

export type Env = z.input<typeof EnvSchema>;

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  logLevel: string;
  dataDir: string;
  uploadsDir: string;
  pgliteDir: string;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  /** What to seed into an empty database on start: the demo catalogue outside production. */
  seed: 'demo' | 'categories' | 'none';
  webDistDir: string;
  trustProxy: boolean;
  shutdownGraceMs: number;
  publicUrl: string;
  auth: {
    /** Undefined outside production when JWT_SECRET is unset: a secret is generated and kept in DATA_DIR. */
    jwtSecret: string | undefined;
    accessTokenTtlSeconds: number;
    refreshTokenTtlDays: number;
    google: { clientId: string; clientSecret: string; issuer: string } | undefined;
    github: { clientId: string; clientSecret: string; oauthUrl: string; apiUrl: string } | undefined;
  };
  redisUrl: string | undefined;
  /** Attempt limits of login (per 15 minutes) and sign-up (per hour). */
  rateLimits: { loginPerIp: number; loginPerAccount: number; signupPerIp: number };
  storage:
    | { kind: 'disk' }
    | {
        kind: 's3';
        bucket: string;
        region: string;
        endpoint: string | undefined;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
        publicUrl: string;
      };
  /** The card processor: built-in test mode (no keys), or Stripe. */
  payments:
    | { processor: 'test' }
    | {
        processor: 'stripe';
        secretKey: string;
        publishableKey: string;
        webhookSecret: string;
        /** Set only to point the SDK somewhere other than Stripe (tests). */
        apiUrl: string | undefined;
      };
}

export class ConfigError extends Error {}

/** Loads `.env` from the repo root if present (real environment variables win), then validates. */
export const loadConfig = (env: Record<string, string | undefined> = readEnv()): Config => {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const isProduction = e.NODE_ENV === 'production';
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
  if (problems.length > 0) throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
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
    seed: e.SEED ?? (isProduction ? 'categories' : 'demo'),
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    trustProxy: e.TRUST_PROXY,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    auth: {
      jwtSecret: e.JWT_SECRET,
      accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
      google: google && { ...google, issuer: e.GOOGLE_ISSUER },
      github: github && { ...github, oauthUrl: e.GITHUB_OAUTH_URL, apiUrl: e.GITHUB_API_URL },
    },
    redisUrl: e.REDIS_URL,
    rateLimits: {
      loginPerIp: e.LOGIN_ATTEMPTS_PER_IP,
      loginPerAccount: e.LOGIN_ATTEMPTS_PER_ACCOUNT,
      signupPerIp: e.SIGNUPS_PER_IP,
    },
    storage:
      e.STORAGE === 's3'
        ? {
            kind: 's3',
            bucket: e.S3_BUCKET!,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
            publicUrl: e.S3_PUBLIC_URL!.replace(/\/$/, ''),
          }
        : { kind: 'disk' },
    payments: isStripe
      ? {
          processor: 'stripe',
          secretKey: e.STRIPE_SECRET_KEY!,
          publishableKey: e.STRIPE_PUBLISHABLE_KEY!,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
          apiUrl: e.STRIPE_API_URL,
        }
      : { processor: 'test' },
  };
};

const readEnv = () => {
  const envFile = path.join(repoRoot, '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  return process.env;
};
