/**
 * One bounded load: autocannon against 127.0.0.1 for `duration` seconds or `maxRequests` requests,
 * whichever comes first, cycling through `paths`. Latencies are recorded per response here, because
 * autocannon's summary has p90 and p97.5 but no p95.
 */
import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  paths: string[];
  headers?: Record<string, string>;
  duration: number;
  connections: number;
  maxRequests: number;
  /** Append a query parameter with a new value to every request (defeats a server-side cache). */
  cacheBust?: boolean | undefined;
}

let bust = 0;

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  bytesPerResponse: number;
}

const percentile = (sorted: Float64Array, p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export const runLoad = async (opts: LoadOptions): Promise<LoadResult> => {
  const url = new URL(opts.url);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) throw new Error('Loads are local only');
  let latencies = new Float64Array(65_536);
  let count = 0;
  let non2xx = 0;
  let bytes = 0;
  const started = performance.now();
  let finish: (error: Error | null, result: autocannon.Result) => void = () => {};
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = (error, result) => (error ? reject(error) : resolve(result));
  });
  const instance = autocannon(
    {
      url: opts.url,
      connections: opts.connections,
      duration: opts.duration,
      timeout: 10,
      headers: opts.headers ?? {},
      requests: opts.paths.map((path) =>
        opts.cacheBust
          ? {
              method: 'GET',
              path,
              setupRequest: (request: autocannon.Request) => ({
                ...request,
                path: `${path}${path.includes('?') ? '&' : '?'}v=${++bust}`,
              }),
            }
          : { method: 'GET', path },
      ),
    },
    (error, result) => finish(error, result),
  );
  instance.on('response', (_client, statusCode, resBytes, responseTime) => {
    if (count === latencies.length) {
      const grown = new Float64Array(latencies.length * 2);
      grown.set(latencies);
      latencies = grown;
    }
    latencies[count++] = responseTime;
    bytes += resBytes;
    if (statusCode < 200 || statusCode >= 300) non2xx += 1;
    if (count >= opts.maxRequests) instance.stop();
  });
  const result = await done;
  const elapsed = (performance.now() - started) / 1000;
  const sorted = latencies.slice(0, count).sort();
  return {
    requests: count,
    rps: count / elapsed,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1]! : NaN,
    non2xx,
    errors: result.errors + result.timeouts,
    bytesPerResponse: count ? bytes / count : 0,
  };
};
