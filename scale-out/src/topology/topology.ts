/**
 * The whole topology the suite runs: PostgreSQL (a database of its own), Redis (a db index of its
 * own), s3rver, the card-processor peer, three replicas (not started: the cold-start scenario
 * starts them) and HAProxy in front. Everything is undone by `teardown`, also after a failure.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client, freePort } from '../lib/http.ts';
import { describeExit, startProcess, type Exit } from '../lib/processes.ts';
import { figure } from '../lib/report.ts';
import { startBalancer, type Balancer } from './balancer.ts';
import { startCardProcessor, type CardProcessorPeer } from './card-processor.ts';
import { startFakeEasyPost, type FakeEasyPost } from '../../../apps/api/test/support/fake-easypost.ts';
import { startTcpProxy, type TcpProxy } from '../../../apps/api/test/support/tcp-proxy.ts';
import { startDeviceCheckPeer } from './device-check-peer.ts';
import { startMailPeer, type MailPeer } from './mail-peer.ts';
import { apiCommand, nodeBinary, repoRoot } from './paths.ts';
import { Replica, replicaEnv } from './replicas.ts';
import { createDatabase, startS3, useRedis, type Postgres, type RedisStore, type S3Store } from './stores.ts';

export interface TopologySettings {
  /** postgres://user@host:port of the server the suite's database is made on. */
  postgresServer: string;
  redisHost: string;
  redisDb: number;
  replicaCount: number;
}

export interface Topology {
  workDir: string;
  postgres: Postgres;
  redis: RedisStore;
  s3: S3Store;
  processor: CardProcessorPeer;
  /** The replicas' mail server: what it received, and how fast it accepts. */
  mail: MailPeer;
  /** The replicas' carrier: EasyPost's API (addresses, rates, labels, trackers) and its signed events. */
  carrier: FakeEasyPost;
  /**
   * The network between the replicas and their stores: every replica reaches PostgreSQL and Redis
   * through these, which can freeze, cut or refuse connections (the suite's own checks go direct).
   */
  network: { postgres: TcpProxy; redis: TcpProxy };
  replicas: Replica[];
  balancer: Balancer;
  /** The environment every replica shares. */
  env: Record<string, string>;
  /** A client of the balancer (what users reach). */
  client: Client;
  /** Starts every replica that is not running, waits for all to be ready and UP in HAProxy. */
  ensureAllServing(): Promise<void>;
  /** Runs a job once with the replicas' configuration (`npm run jobs:run -- <name>`). */
  runJob(name: string, timeoutMs?: number): Promise<{ exit: Exit; output: string; command: string }>;
  teardown(options: { keepLogs: boolean }): Promise<void>;
}

/** What a topology still being started has made so far, for a stop that comes in the middle. */
const undo: Array<() => Promise<void>> = [];

/** Undoes a start that was interrupted (a signal while the topology was being made). */
export const abandonTopology = async () => {
  for (const step of undo.splice(0).reverse()) await step().catch(() => {});
};

const hostAndPort = (url: string, defaultPort: number) => {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: Number(parsed.port || defaultPort) };
};

/** `url` with the proxy's address in place of the server's. */
const throughProxy = (url: string, proxy: TcpProxy) => {
  const parsed = new URL(url);
  parsed.hostname = '127.0.0.1';
  parsed.port = String(proxy.port);
  return parsed.toString();
};

export const startTopology = async (settings: TopologySettings): Promise<Topology> => {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'recell-scale-out-'));
  undo.push(() => rm(workDir, { recursive: true, force: true }));
  try {
    const postgres = await createDatabase(settings.postgresServer);
    undo.push(() => postgres.drop());
    figure('PostgreSQL database', postgres.name);
    const redis = await useRedis(settings.redisHost, settings.redisDb);
    undo.push(() => redis.close());
    figure('Redis', `${redis.url} (flushed)`);
    const s3 = await startS3(workDir);
    undo.push(() => s3.stop());
    figure('S3 (s3rver)', s3.publicUrl);
    const processor = await startCardProcessor(workDir);
    undo.push(() => processor.stop());
    figure('card processor (Stripe-protocol peer)', processor.env.STRIPE_API_URL!);
    const mail = await startMailPeer();
    undo.push(() => mail.stop());
    figure('mail (SMTP peer)', mail.env.SMTP_URL);
    const deviceCheck = await startDeviceCheckPeer();
    undo.push(() => deviceCheck.stop());
    figure('device check (HTTP peer)', deviceCheck.env.DEVICE_CHECK_API_URL);
    const carrier = await startFakeEasyPost();
    undo.push(() => carrier.stop());
    figure('carrier (EasyPost-protocol peer)', carrier.apiUrl);
    const network = {
      postgres: await startTcpProxy(hostAndPort(postgres.url, 5432)),
      redis: await startTcpProxy(hostAndPort(redis.url, 6379)),
    };
    undo.push(async () => {
      await network.postgres.close();
      await network.redis.close();
    });
    figure('network to the stores', `PostgreSQL via :${network.postgres.port}, Redis via :${network.redis.port}`);

    const ports: number[] = [];
    for (let i = 0; i < settings.replicaCount; i++) ports.push(await freePort());
    const balancerPortPlaceholder = 'http://127.0.0.1';
    const env = replicaEnv({
      databaseUrl: throughProxy(postgres.url, network.postgres),
      redisUrl: throughProxy(redis.url, network.redis),
      s3,
      stripeEnv: processor.env,
      mailEnv: mail.env,
      deviceCheckEnv: deviceCheck.env,
      shippingEnv: carrier.env,
      publicUrl: balancerPortPlaceholder,
    });
    const replicas = ports.map((port, i) => new Replica(`r${i + 1}`, port, env, workDir));
    undo.push(async () => {
      await Promise.all(replicas.map((replica) => replica.terminate(3000)));
    });
    const balancer = await startBalancer(workDir, replicas);
    undo.push(() => balancer.stop());
    env.PUBLIC_URL = balancer.url;
    figure('HAProxy', `${balancer.url} → ${replicas.map((r) => `${r.name} :${r.port}`).join(', ')}`);
    const client = new Client(balancer.url);

    return {
      workDir,
      postgres,
      redis,
      s3,
      processor,
      mail,
      carrier,
      network,
      replicas,
      balancer,
      env,
      client,
      async ensureAllServing() {
        for (const replica of replicas) {
          if (replica.isRunning) continue;
          const last = replica.exits.at(-1);
          console.log(`  (${replica.name} had exited${last ? ` with ${describeExit(last)}` : ''}: starting it again)`);
          await replica.start();
        }
        await Promise.all(replicas.map((replica) => replica.waitReady(90_000)));
        await balancer.waitAllUp(replicas.map((replica) => replica.name));
      },
      async runJob(name, timeoutMs = 60_000) {
        const { args, file } = apiCommand('run-job');
        const { PORT: _port, ...jobEnv } = env;
        const child = startProcess(`job ${name}`, nodeBinary, [...args, name], {
          env: { ...jobEnv, DATA_DIR: path.join(workDir, 'job-data') },
          cwd: repoRoot,
          logFile: path.join(workDir, `job-${name}.log`),
        });
        const timer = setTimeout(() => process.kill(-child.pid, 'SIGKILL'), timeoutMs);
        const exit = await child.exited;
        clearTimeout(timer);
        return { exit, output: child.tail(40), command: `node ${path.relative(repoRoot, file)} ${name}` };
      },
      async teardown({ keepLogs }) {
        client.close();
        // The first step (removing the work directory) runs last, and only when there is nothing to read.
        const [removeWorkDir, ...steps] = undo.splice(0);
        for (const step of steps.reverse()) await step().catch((error: unknown) => console.error('teardown:', error));
        if (keepLogs) console.log(`logs kept in ${workDir}`);
        else await removeWorkDir?.();
      },
    };
  } catch (error) {
    const [, ...steps] = undo.splice(0);
    for (const step of steps.reverse()) await step().catch(() => {});
    console.log(`logs in ${workDir}`);
    throw error;
  }
};
