/**
 * The two servers the HTTP benchmark loads, each in a child process of its own (so the load
 * generator in this process does not share their event loop): the real ReCell API (apps/api
 * src/server.ts, production settings) and a bare Fastify server with one static route.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sleep } from './util.ts';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
/**
 * Where the API that is measured lives: this checkout, or BENCH_API_ROOT (another checkout of the
 * repository, e.g. the code before a change, to measure both in turns with the same bench).
 */
const apiRoot = process.env.BENCH_API_ROOT ? path.resolve(process.env.BENCH_API_ROOT) : repoRoot;
const host = '127.0.0.1';

export interface RunningServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

const children = new Set<ChildProcess>();
let exitHooked = false;
/** Children die with us, whatever ends this process. */
const hookExit = () => {
  if (exitHooked) return;
  exitHooked = true;
  const killAll = () => {
    for (const child of children) child.kill('SIGKILL');
  };
  process.on('exit', killAll);
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      killAll();
      process.exit(130);
    });
};

const startChild = async (
  name: string,
  script: string,
  env: Record<string, string>,
  readyPath: string,
  cleanup?: () => Promise<void>,
  isReady: (status: number) => boolean = (status) => status >= 200 && status < 300,
): Promise<RunningServer> => {
  hookExit();
  const port = await freePort();
  // BENCH_NODE_ARGS: extra Node flags for the servers, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
  // to see where a request's CPU goes.
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  // TypeScript sources run through tsx; a built .js file (the compiled API) as production runs it.
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...nodeArgs, ...loader, script], {
    cwd: script.startsWith(apiRoot) ? apiRoot : repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: host },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', () => children.delete(child));
  const url = `http://${host}:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    await cleanup?.();
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      await cleanup?.();
      throw new Error(`${name} exited with code ${child.exitCode} before it was ready`);
    }
    try {
      const response = await fetch(url + readyPath);
      await response.arrayBuffer();
      if (isReady(response.status)) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${name} did not become ready within 60 s`);
    }
    await sleep(200);
  }
  return { url, pid: child.pid!, stop };
};

/**
 * The real API, as production runs it (NODE_ENV=production, LOG_LEVEL=warn, no seeding): the API
 * alone, or with `webDistDir` the built web app too (its pages rendered on the server); `env` adds
 * settings. `compiled`: the build's apps/api/dist/server.js, as `npm run start:prod` runs it (no
 * TypeScript loader hooked into every module import), instead of the sources.
 */
export const startApi = async (opts: {
  databaseUrl: string;
  jwtSecret: string;
  poolMax?: number;
  webDistDir?: string;
  env?: Record<string, string>;
  compiled?: boolean;
}) => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'recell-bench-'));
  await mkdir(path.join(dataDir, 'uploads'));
  return startChild(
    'the ReCell API',
    path.join(apiRoot, opts.compiled ? 'apps/api/dist/server.js' : 'apps/api/src/server.ts'),
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SEED: 'none',
      JWT_SECRET: opts.jwtSecret,
      ACCESS_TOKEN_TTL_SECONDS: '86400',
      DATABASE_URL: opts.databaseUrl,
      DATABASE_POOL_MAX: String(opts.poolMax ?? 10),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: opts.webDistDir ?? path.join(dataDir, 'no-web'),
      SHUTDOWN_GRACE_MS: '2000',
      // No load balancer to tell: stop at once.
      SHUTDOWN_DRAIN_MS: '0',
      // Browsing needs neither shared image storage nor a card processor.
      ALLOW_DEMO_SERVICES: 'true',
      // No scheduled jobs: the search vocabulary's refresh (every ten minutes on the clock, a pass
      // over every listing for sale: ~10 s of a core at 1 M) would land in whichever scenario runs
      // then. BENCH_JOBS=on keeps them.
      JOBS: process.env.BENCH_JOBS === 'on' ? 'on' : 'off',
      ...opts.env,
    },
    '/readyz',
    () => rm(dataDir, { recursive: true, force: true }),
  );
};

/**
 * bench/floor-server.ts answering the captured plan (`FloorPlan`) from `databaseUrl`, with a pool
 * of `poolMax` connections as the API's.
 */
export const startFloor = async (opts: { plan: unknown; databaseUrl: string; poolMax?: number }) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'recell-floor-'));
  const file = path.join(dir, 'plan.json');
  await writeFile(file, JSON.stringify(opts.plan));
  return startChild(
    'the floor server',
    path.join(repoRoot, 'bench/floor-server.ts'),
    { FLOOR_PLAN_FILE: file, DATABASE_URL: opts.databaseUrl, DATABASE_POOL_MAX: String(opts.poolMax ?? 10) },
    '/',
    () => rm(dir, { recursive: true, force: true }),
    (status) => status === 404,
  );
};

/** bench/bare-server.ts serving `payload` (bytes) as JSON on GET /bare. */
export const startBare = async (payload: string) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'recell-bare-'));
  const file = path.join(dir, 'payload.json');
  await writeFile(file, payload);
  return startChild(
    'the bare Fastify server',
    path.join(repoRoot, 'bench/bare-server.ts'),
    { BARE_PAYLOAD_FILE: file },
    '/bare',
    () => rm(dir, { recursive: true, force: true }),
  );
};

/**
 * The whole site as one box serves it (the built web app, the embedded database seeded with the
 * demo catalogue), run as production does. Needs `npm run build` first.
 */
export const startDemoSite = async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'recell-site-'));
  return startChild(
    'the ReCell site',
    path.join(repoRoot, 'apps/api/src/server.ts'),
    {
      NODE_ENV: 'production',
      ALLOW_DEMO_SERVICES: 'true',
      LOG_LEVEL: 'warn',
      SEED: 'demo',
      JWT_SECRET: randomBytes(32).toString('hex'),
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      // Every run comes from one address and signs in afresh: the per-IP bounds would turn the
      // later runs into sign-in refusals and unrendered frames, measuring the limits, not the page.
      LOGIN_ATTEMPTS_PER_IP: '10000',
      PAGE_RENDERS_PER_IP: '10000',
      WEB_DIST_DIR: path.join(repoRoot, 'apps/web/dist'),
    },
    '/readyz',
    () => rm(dataDir, { recursive: true, force: true }),
  );
};
