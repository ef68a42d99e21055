/**
 * Background load: a few simulated browsers, each with its own keep-alive connection, calling a
 * rotation of requests until told to stop (and never longer than a bound).
 */
import { Client, NetworkError } from './http.ts';
import { sleep } from './report.ts';

export interface LoadResult {
  requests: number;
  ok: number;
  /** Status (or network error code) → count, for everything that was not 2xx. */
  failures: Map<string, number>;
  latencies: number[];
  /** The first few failures, with when and what. */
  samples: string[];
  /** 503 answers that did not say when to retry (no Retry-After). */
  unavailableWithoutRetryAfter: number;
}

export interface Load {
  stop(): Promise<LoadResult>;
}

export const startLoad = (
  base: string,
  options: {
    browsers: number;
    paths: Array<{ path: string; token?: string }>;
    maxMs: number;
    pauseMs?: number;
    /** How long one request may take before it counts as unanswered (15 s). */
    timeoutMs?: number;
  },
): Load => {
  const result: LoadResult = {
    requests: 0,
    ok: 0,
    failures: new Map(),
    latencies: [],
    samples: [],
    unavailableWithoutRetryAfter: 0,
  };
  let stopping = false;
  const deadline = Date.now() + options.maxMs;
  const started = performance.now();
  const fail = (what: string, detail: string) => {
    result.failures.set(what, (result.failures.get(what) ?? 0) + 1);
    if (result.samples.length < 8)
      result.samples.push(`${((performance.now() - started) / 1000).toFixed(2)} s: ${what} ${detail}`);
  };
  const browser = async (index: number) => {
    // One connection per browser, kept alive between requests (as a browser tab would).
    const client = new Client(base, { maxSockets: 1 });
    let turn = index;
    try {
      while (!stopping && Date.now() < deadline) {
        const { path, token } = options.paths[turn++ % options.paths.length]!;
        try {
          const reply = await client.get(path, { token, timeoutMs: options.timeoutMs ?? 15_000 });
          result.requests += 1;
          result.latencies.push(reply.ms);
          if (reply.status >= 200 && reply.status < 300) result.ok += 1;
          else fail(String(reply.status), `${path} ${reply.text.slice(0, 120)}`);
          if (reply.status === 503 && !reply.headers['retry-after']) result.unavailableWithoutRetryAfter += 1;
        } catch (error) {
          result.requests += 1;
          fail(error instanceof NetworkError ? error.code : 'error', `${path} ${String(error)}`);
        }
        if (options.pauseMs) await sleep(options.pauseMs);
      }
    } finally {
      client.close();
    }
  };
  const running = Promise.all(Array.from({ length: options.browsers }, (_, i) => browser(i)));
  return {
    async stop() {
      stopping = true;
      await running;
      return result;
    },
  };
};

export const describeFailures = (result: LoadResult) =>
  result.failures.size === 0 ? 'none' : [...result.failures].map(([what, count]) => `${what} × ${count}`).join(', ');
