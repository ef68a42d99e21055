/**
 * A replica stopped with SIGTERM under keep-alive load (a real server process, on PGlite): readiness
 * turns 503 at once while requests are still served for the drain time, with `Connection: close` so
 * clients reconnect elsewhere; then the server closes idle connections, finishes what is in flight
 * and exits 0 on its own, long before its grace timer would force exit 1. No request that was sent
 * is dropped.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseUrl } from './helpers.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const bin = path.join(repoRoot, 'node_modules/.bin');

interface Started {
  child: ChildProcess;
  port: number;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  output: () => string;
}

/** Starts `apps/api/src/server.ts` and resolves once it says it is ready. */
const startServer = (env: Record<string, string>): Promise<Started> =>
  new Promise((resolve, reject) => {
    // Node itself, with tsx as a loader: signals reach the server, not a wrapper process.
    const child = spawn(path.join(bin, 'node'), ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`,
        DATABASE_URL: '',
        REDIS_URL: '',
        PORT: '0',
        HOST: '127.0.0.1',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((done) =>
      child.once('exit', (code, signal) => done({ code, signal, at: performance.now() })),
    );
    let isReady = false;
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = isReady ? null : /ReCell is ready: http:\/\/localhost:(\d+)/.exec(output);
      if (ready) {
        isReady = true;
        resolve({ child, port: Number(ready[1]), exited, output: () => output });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(({ code }) => reject(new Error(`server exited (${code}) before it was ready:\n${output}`)));
  });

interface Answer {
  /** When the request was sent, and when its answer (or error) came. */
  sent: number;
  at: number;
  status?: number;
  connectionClose?: boolean;
  error?: string;
}

const get = (agent: http.Agent, port: number, url: string): Promise<Answer> =>
  new Promise((resolve) => {
    const sent = performance.now();
    const request = http.get({ host: '127.0.0.1', port, path: url, agent }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({
          sent,
          at: performance.now(),
          status: response.statusCode,
          connectionClose: response.headers.connection === 'close',
        }),
      );
      response.on('error', (error: NodeJS.ErrnoException) =>
        resolve({ sent, at: performance.now(), error: error.code ?? error.message }),
      );
    });
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ sent, at: performance.now(), error: error.code ?? error.message }),
    );
  });

describe('shutdown', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  const drainsOnSigterm = async (database: Record<string, string>) => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'recell-shutdown-'));
    dirs.push(dataDir);
    const graceMs = 20_000;
    const drainMs = 1500;
    const server = await startServer({
      ...database,
      NODE_ENV: 'development',
      // The demo mailbox on free ports: a developer's own server may hold MailDev's usual ones.
      SMTP_URL: '',
      DEMO_MAILBOX_SMTP_PORT: '0',
      DEMO_MAILBOX_WEB_PORT: '0',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      SEED: 'categories',
      LOG_LEVEL: 'info',
      SHUTDOWN_GRACE_MS: String(graceMs),
      SHUTDOWN_DRAIN_MS: String(drainMs),
    });
    const { port } = server;

    // Browsers and balancers keep connections open: every client here reuses its sockets.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const readinessAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const browse: Answer[] = [];
    const readiness: Answer[] = [];
    let stopped = false;
    // Like a balancer: it sends traffic until it has seen readiness fail for a while (its check
    // interval), then sends no more. Readiness itself is asked until the process is gone.
    const balancerNoticeMs = 500;
    let unreadySince: number | undefined;
    const isRoutedHere = () => unreadySince === undefined || performance.now() - unreadySince < balancerNoticeMs;
    const firstAnswers: Promise<void>[] = [];
    const loop = async (url: string, answers: Answer[], through: http.Agent) => {
      let answered = () => {};
      firstAnswers.push(
        new Promise<void>((resolve) => {
          answered = resolve;
        }),
      );
      while (!stopped && (url === '/readyz' || isRoutedHere())) {
        const answer = await get(through, port, url);
        answers.push(answer);
        if (answer.status === 200) answered();
        if (url === '/readyz' && answer.status === 503) unreadySince ??= answer.at;
        // Once the listener is gone, new connections are refused: the balancer's business.
        if (answer.error === 'ECONNREFUSED') return;
      }
    };
    const loops = [
      ...Array.from({ length: 6 }, (_, i) =>
        loop(i % 2 ? '/api/categories' : '/api/categories/1/products', browse, agent),
      ),
      loop('/readyz', readiness, readinessAgent),
    ];
    // Every client has its kept-alive connection and has been answered: now the traffic is steady.
    await Promise.all(firstAnswers);

    const sentAt = performance.now();
    server.child.kill('SIGTERM');
    const exit = await server.exited;
    stopped = true;
    await Promise.all(loops);
    agent.destroy();
    readinessAgent.destroy();

    const after = (answers: Answer[]) => answers.filter((a) => a.at > sentAt);
    const firstUnready = after(readiness).find((a) => a.status === 503);
    const servedDuringDrain = after(browse).filter((a) => a.status === 200 && firstUnready && a.sent > firstUnready.at);
    const lastServed = servedDuringDrain.at(-1);
    const errors = browse.filter((a) => a.error).map((a) => a.error);
    const statuses = after(browse).reduce<Record<string, number>>((counts, a) => {
      const key = a.error ?? String(a.status);
      counts[key] = (counts[key] ?? 0) + 1;
      return counts;
    }, {});
    console.log(
      `SIGTERM → first readiness 503 after ${Math.round((firstUnready?.at ?? NaN) - sentAt)} ms; ` +
        `${servedDuringDrain.length} requests served after it, the last at ${Math.round((lastServed?.at ?? NaN) - sentAt)} ms; ` +
        `balancer stopped sending ${balancerNoticeMs} ms after; exit ${exit.code} after ${Math.round(exit.at - sentAt)} ms (drain ${drainMs} ms, grace ${graceMs} ms); ` +
        `answers after SIGTERM: ${JSON.stringify(statuses)}`,
    );

    expect(exit.code, server.output()).toBe(0);
    // Readiness goes first, while the listener still serves: the balancer has time to move traffic away.
    expect(firstUnready).toBeDefined();
    expect(servedDuringDrain.length).toBeGreaterThan(0);
    // Answers during the drain tell keep-alive clients to reconnect.
    expect(servedDuringDrain.every((a) => a.connectionClose)).toBe(true);
    expect(lastServed!.at).toBeLessThan(exit.at);
    // Nothing sent was dropped: a client meets at most a refused new connection once the listener closed.
    expect(errors.filter((error) => error !== 'ECONNREFUSED')).toEqual([]);
    // Health checks see the listener go only once the drain is over.
    const firstUnanswered = readiness.find((a) => a.error);
    if (firstUnanswered) expect(firstUnanswered.at).toBeGreaterThan(lastServed!.at);
    // Every request was answered normally: no 5xx besides readiness.
    expect(after(browse).filter((a) => a.status !== undefined && a.status !== 200)).toEqual([]);
  };

  it('drains on SIGTERM: readiness 503 while requests are still served, no request dropped, exit 0 before the grace timer', async () => {
    await drainsOnSigterm({});
  }, 90_000);

  it.skipIf(!databaseUrl)(
    'drains on SIGTERM on PostgreSQL too',
    async () => {
      const name = `recell_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      try {
        const url = new URL(databaseUrl!);
        url.pathname = `/${name}`;
        await drainsOnSigterm({ DATABASE_URL: url.toString() });
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
    90_000,
  );
});
