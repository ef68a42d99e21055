/**
 * The API replicas: each a `node` process on a port of its own, all with one configuration
 * (production mode, PostgreSQL, Redis, S3, the Stripe adapter against the card-processor peer, the
 * EasyPost client against the carrier's).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { send } from '../lib/http.ts';
import { describeExit, signalGroup, startProcess, stopProcess, type Exit, type Managed } from '../lib/processes.ts';
import { waitUntil } from '../lib/report.ts';
import { apiCommand, nodeBinary, repoRoot } from './paths.ts';

/** How long a replica has to finish its requests after SIGTERM (the app's SHUTDOWN_GRACE_MS). */
export const shutdownGraceMs = 10_000;
/** How long it keeps serving with readiness 503 before closing (the app's SHUTDOWN_DRAIN_MS). */
export const shutdownDrainMs = 1500;
/** Wrong passwords an account may try (per 15 minutes) before 429: small, so the check is quick. */
export const loginAttemptsPerAccount = 5;

export class Replica {
  process: Managed | undefined;
  /** How each earlier process of this replica ended. */
  readonly exits: Exit[] = [];
  private starts = 0;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly baseEnv: Record<string, string>,
    private readonly workDir: string,
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  get isRunning() {
    return this.process !== undefined && this.process.exit === undefined;
  }

  /** Starts a new process (the previous one must have exited); `env` overrides this start only. */
  async start(env: Record<string, string> = {}) {
    if (this.isRunning) throw new Error(`${this.name} is already running (pid ${this.process!.pid})`);
    this.starts += 1;
    const dataDir = path.join(this.workDir, this.name, 'data');
    await mkdir(dataDir, { recursive: true });
    const { args } = apiCommand('server');
    const child = startProcess(this.name, nodeBinary, args, {
      env: { ...this.baseEnv, PORT: String(this.port), DATA_DIR: dataDir, ...env },
      cwd: repoRoot,
      logFile: path.join(this.workDir, `${this.name}.log`),
    });
    this.process = child;
    void child.exited.then((exit) => this.exits.push(exit));
    return child;
  }

  /** Waits until /readyz answers 200; throws with the log's tail if it exits or takes too long. */
  async waitReady(timeoutMs = 60_000) {
    const child = this.process;
    if (!child) throw new Error(`${this.name} was never started`);
    const ready = await waitUntil(async () => {
      if (child.exit) return true;
      return (await send(`${this.url}/readyz`, { timeoutMs: 2000 })).status === 200;
    }, timeoutMs);
    if (child.exit)
      throw new Error(`${this.name} exited during start-up (${describeExit(child.exit)}):\n${child.tail()}`);
    if (!ready) throw new Error(`${this.name} not ready within ${timeoutMs / 1000} s:\n${child.tail()}`);
  }

  /** The line of its log that says why it stopped (the first error), for a failure message. */
  crashReason() {
    const log = this.process?.tail(60) ?? '';
    const lines = log.split('\n');
    const line = [/duplicate key|already exists/, /^\s*(\w*Error|error):/, /error/i]
      .map((pattern) => lines.find((text) => pattern.test(text)))
      .find(Boolean);
    return line?.trim().slice(0, 300) ?? 'nothing in its log';
  }

  /** kill -9. */
  async kill() {
    if (!this.process || this.process.exit) return;
    signalGroup(this.process, 'SIGKILL');
    await this.process.exited;
  }

  /** SIGTERM and wait for the exit (SIGKILL after `timeoutMs`). */
  async terminate(timeoutMs = shutdownGraceMs + 5000) {
    if (!this.process) return undefined;
    return stopProcess(this.process, 'SIGTERM', timeoutMs);
  }
}

export interface ReplicaSettings {
  databaseUrl: string;
  redisUrl: string;
  s3: { endpoint: string; bucket: string; publicUrl: string };
  stripeEnv: Record<string, string>;
  /** SMTP_URL and MAIL_FROM: production sends its emails through SMTP. */
  mailEnv: Record<string, string>;
  /** DEVICE_CHECK_API_URL and its key: production checks listings' IMEIs at a service. */
  deviceCheckEnv: Record<string, string>;
  /** SHIPPING_API_URL, its key and the webhook secret: production ships through EasyPost. */
  shippingEnv: Record<string, string>;
  publicUrl: string;
}

/** The environment every replica shares: only what is listed here (nothing leaks from the shell). */
export const replicaEnv = (settings: ReplicaSettings): Record<string, string> => ({
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '/tmp',
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  PUBLIC_URL: settings.publicUrl,
  JWT_SECRET: 'scale-out-suite-secret-0123456789abcdef0123456789',
  TRUST_PROXY: 'true',
  DATABASE_URL: settings.databaseUrl,
  DATABASE_POOL_MAX: '8',
  MIGRATE_ON_START: 'true',
  SEED: 'categories',
  REDIS_URL: settings.redisUrl,
  STORAGE: 's3',
  S3_BUCKET: settings.s3.bucket,
  S3_ENDPOINT: settings.s3.endpoint,
  S3_FORCE_PATH_STYLE: 'true',
  S3_PUBLIC_URL: settings.s3.publicUrl,
  // s3rver's fixed credentials.
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  ...settings.stripeEnv,
  ...settings.mailEnv,
  ...settings.deviceCheckEnv,
  ...settings.shippingEnv,
  SHUTDOWN_GRACE_MS: String(shutdownGraceMs),
  SHUTDOWN_DRAIN_MS: String(shutdownDrainMs),
  // Hundreds of sign-ups and logins come from the suite's one address; the per-account login
  // limit stays small and is what the sessions scenario proves shared.
  SIGNUPS_PER_IP: '100000',
  // Each of those accounts confirms its email from the same address too.
  RECOVERY_REQUESTS_PER_IP: '100000',
  LOGIN_ATTEMPTS_PER_IP: '100000',
  LOGIN_ATTEMPTS_PER_ACCOUNT: String(loginAttemptsPerAccount),
  // Every upload comes from the suite's one address too, and one seller lists the 101 phones; the
  // other per-account write limits (bookings, payment attempts) stay at their defaults.
  UPLOADS_PER_IP: '100000',
  UPLOADS_PER_ACCOUNT: '100000',
  // Each of those phones is a new IMEI of that seller's.
  IMEI_CHANGES_PER_ACCOUNT: '100000',
  // The suite's new sellers list at once: listing review (one replica's queue, an admin's approval)
  // is proven in the API suite, and here it would hold every phone the scenarios buy.
  TRUSTED_SELLER_SALES: '0',
  WEB_DIST_DIR: path.join(repoRoot, 'apps/web/dist'),
  // The suite's accounts sign in once, at the start, and act until its end.
  ACCESS_TOKEN_TTL_SECONDS: '3600',
  // GET /metrics on the main port with this token: the suite reads which replica runs a job.
  METRICS_TOKEN: metricsToken,
});

export const metricsToken = 'scale-out-metrics-token-0123456789';

/** Whether the replica is running `job` right now (its /metrics says so). */
export const runsJob = async (replica: Replica, job: string) => {
  if (!replica.isRunning) return false;
  const reply = await send(`${replica.url}/metrics`, {
    headers: { authorization: `Bearer ${metricsToken}` },
    timeoutMs: 2000,
  }).catch(() => undefined);
  return reply?.status === 200 && new RegExp(`recell_jobs_running\\{job="${job}"\\} 1\\b`).test(reply.text);
};
