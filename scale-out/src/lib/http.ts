/**
 * A small HTTP client on node:http, so the suite controls keep-alive (one Agent per simulated
 * browser) and sees every network failure as it happens (no hidden retries).
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import net from 'node:net';

export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** Milliseconds from sending to the last byte. */
  ms: number;
  json<T = Record<string, unknown>>(): T;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  /** A Buffer or string is sent as is; anything else as JSON. */
  body?: unknown;
  token?: string | undefined;
  agent?: http.Agent | undefined;
  timeoutMs?: number;
}

/** A request that got no HTTP answer (refused, reset, timed out). */
export class NetworkError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const send = (url: string, options: RequestOptions = {}): Promise<Reply> =>
  new Promise<Reply>((resolve, reject) => {
    const started = performance.now();
    const headers: Record<string, string> = { ...options.headers };
    let body: Buffer | undefined;
    if (options.body !== undefined) {
      if (Buffer.isBuffer(options.body)) body = options.body;
      else if (typeof options.body === 'string') body = Buffer.from(options.body);
      else {
        body = Buffer.from(JSON.stringify(options.body));
        headers['content-type'] ??= 'application/json';
      }
      headers['content-length'] = String(body.length);
    }
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const request = http.request(
      url,
      { method: options.method ?? 'GET', headers, agent: options.agent ?? false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', (error: NodeJS.ErrnoException) =>
          reject(new NetworkError(error.code ?? 'ERESPONSE', error.message)),
        );
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text,
            ms: performance.now() - started,
            json: <T>() => JSON.parse(text) as T,
          });
        });
      },
    );
    request.setTimeout(options.timeoutMs ?? 20_000, () =>
      request.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })),
    );
    request.on('error', (error: NodeJS.ErrnoException) =>
      reject(new NetworkError(error.code ?? 'EREQUEST', `${options.method ?? 'GET'} ${url}: ${error.message}`)),
    );
    request.end(body);
  });

/** One caller of the API at `base` (the balancer or one replica), with its own keep-alive pool. */
export class Client {
  readonly agent: http.Agent;
  constructor(
    readonly base: string,
    agentOptions: http.AgentOptions = {},
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 256, ...agentOptions });
  }
  request(method: string, path: string, options: Omit<RequestOptions, 'method' | 'agent'> = {}) {
    return send(`${this.base}${path}`, { ...options, method, agent: this.agent });
  }
  get(path: string, options: Omit<RequestOptions, 'method' | 'agent'> = {}) {
    return this.request('GET', path, options);
  }
  post(path: string, options: Omit<RequestOptions, 'method' | 'agent'> = {}) {
    return this.request('POST', path, options);
  }
  close() {
    this.agent.destroy();
  }
}

/** A port nothing listens on at this moment (the kernel's choice). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** The error body's message, or the start of the body. */
export const messageOf = (reply: Reply) => {
  try {
    return reply.json<{ error?: { message?: string } }>().error?.message ?? reply.text.slice(0, 200);
  } catch {
    return reply.text.slice(0, 200);
  }
};
