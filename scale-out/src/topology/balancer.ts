/**
 * HAProxy (Debian's package) in front of the replicas, with a configuration written by the suite:
 * round robin, readiness checks on /readyz every 500 ms, keep-alive to the servers, and retries
 * that move a request whose connection failed, or whose server died before answering, to another
 * replica.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { freePort, send } from '../lib/http.ts';
import { startProcess, stopProcess, type Managed } from '../lib/processes.ts';
import { waitUntil } from '../lib/report.ts';
import type { Replica } from './replicas.ts';
import { repoRoot } from './paths.ts';

const haproxyConfig = (frontendPort: number, statsPort: number, replicas: Replica[]) => `
global
    maxconn 4096
    log stderr format raw daemon notice

defaults
    mode http
    log global
    option httplog
    option dontlog-normal
    timeout connect 1s
    timeout client 30s
    # Past the replicas' own limits (a statement 15 s, a silent connection 17 s): their 503 comes first.
    timeout server 30s
    timeout http-keep-alive 30s
    timeout http-request 10s
    retries 3
    option redispatch 1
    retry-on conn-failure empty-response response-timeout
    # The shipped answers of the balancer's own (deploy/haproxy.cfg names the same files).
    errorfile 502 ${path.join(repoRoot, 'deploy/errors/502.http')}
    errorfile 503 ${path.join(repoRoot, 'deploy/errors/503.http')}
    errorfile 504 ${path.join(repoRoot, 'deploy/errors/504.http')}

frontend recell
    bind 127.0.0.1:${frontendPort}
    option forwardfor
    default_backend api

backend api
    balance roundrobin
    option httpchk GET /readyz
    http-check expect status 200
    http-reuse safe
    default-server check inter 500ms fastinter 250ms downinter 500ms rise 2 fall 2
${replicas.map((replica) => `    server ${replica.name} 127.0.0.1:${replica.port}`).join('\n')}

listen stats
    bind 127.0.0.1:${statsPort}
    stats enable
    stats uri /stats
`;

export interface Balancer {
  url: string;
  process: Managed;
  /** HAProxy's view of each server: 'UP', 'DOWN', 'UP 1/2', … */
  serverStates(): Promise<Record<string, string>>;
  /** The backend's counters: requests HAProxy retried, moved to another server, or failed on. */
  backendCounters(): Promise<{
    retries: number;
    redispatches: number;
    connectionErrors: number;
    responseErrors: number;
  }>;
  /** Waits until HAProxy has every named server UP (or the given ones). */
  waitAllUp(names: string[], timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export const startBalancer = async (workDir: string, replicas: Replica[]): Promise<Balancer> => {
  const [frontendPort, statsPort] = [await freePort(), await freePort()];
  const configFile = path.join(workDir, 'haproxy.cfg');
  await writeFile(configFile, haproxyConfig(frontendPort, statsPort, replicas));
  const child = startProcess('haproxy', 'haproxy', ['-f', configFile, '-db'], {
    env: { PATH: process.env.PATH ?? '' },
    cwd: repoRoot,
    logFile: path.join(workDir, 'haproxy.log'),
  });
  const statsUrl = `http://127.0.0.1:${statsPort}/stats;csv`;
  const serverStates = async () => {
    const csv = (await send(statsUrl, { timeoutMs: 2000 })).text;
    const states: Record<string, string> = {};
    for (const line of csv.split('\n')) {
      const cells = line.split(',');
      // pxname, svname, … status is the 18th column.
      if (cells[0] === 'api' && cells[1] !== 'BACKEND' && cells[1] !== 'FRONTEND') states[cells[1]!] = cells[17]!;
    }
    return states;
  };
  const backendCounters = async () => {
    const csv = (await send(statsUrl, { timeoutMs: 2000 })).text;
    const row = csv
      .split('\n')
      .map((line) => line.split(','))
      .find((cells) => cells[0] === 'api' && cells[1] === 'BACKEND');
    // econ, eresp, wretr, wredis are columns 13–16.
    const at = (index: number) => Number(row?.[index] || 0);
    return { connectionErrors: at(13), responseErrors: at(14), retries: at(15), redispatches: at(16) };
  };
  const listening = await waitUntil(async () => Object.keys(await serverStates()).length === replicas.length, 10_000);
  if (!listening) throw new Error(`HAProxy did not start:\n${child.tail()}`);
  return {
    url: `http://127.0.0.1:${frontendPort}`,
    process: child,
    serverStates,
    backendCounters,
    async waitAllUp(names, timeoutMs = 30_000) {
      const up = await waitUntil(async () => {
        const states = await serverStates();
        return names.every((name) => states[name] === 'UP');
      }, timeoutMs);
      if (!up) throw new Error(`HAProxy does not see ${names.join(', ')} UP: ${JSON.stringify(await serverStates())}`);
    },
    stop: async () => void (await stopProcess(child, 'SIGTERM', 3000)),
  };
};
