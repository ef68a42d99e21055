/**
 * A TCP proxy in front of a real server (PostgreSQL, Redis, SMTP), for the faults a network gives a
 * replica: `freeze` leaves every open connection open but silent, in both directions (a frozen
 * primary, a stuck middlebox), while new connections work or, with `freezeNew`, hang too; `cut`
 * resets every open connection; `down` also refuses new ones until `up`. The API suite and the scale-out suite both use it.
 */
import net from 'node:net';

export interface TcpProxy {
  /** The proxy's port on 127.0.0.1. */
  port: number;
  /** Open connections through the proxy. */
  readonly connections: number;
  /** Every open connection stops passing bytes (nothing is closed); new ones too when `freezeNew`. */
  freeze(options?: { freezeNew?: boolean }): void;
  /** Connections pass bytes again; what was held back while frozen is dropped with its connection. */
  thaw(): void;
  /** Resets every open connection. */
  cut(): void;
  /** A server gone: open connections are reset and new ones refused (reset at once) until `up`. */
  down(): void;
  up(): void;
  close(): Promise<void>;
}

interface Pair {
  client: net.Socket;
  server: net.Socket;
  frozen: boolean;
}

export const startTcpProxy = async (target: { host: string; port: number }): Promise<TcpProxy> => {
  const pairs = new Set<Pair>();
  let freezeNew = false;
  let isDown = false;

  const destroy = (pair: Pair) => {
    pairs.delete(pair);
    pair.client.destroy();
    pair.server.destroy();
  };

  const cut = () => {
    for (const pair of pairs) {
      pair.client.resetAndDestroy();
      pair.server.destroy();
      pairs.delete(pair);
    }
  };

  const proxy = net.createServer((client) => {
    if (isDown) {
      client.resetAndDestroy();
      return;
    }
    const server = net.connect(target);
    const pair: Pair = { client, server, frozen: freezeNew };
    pairs.add(pair);
    // Bytes pass only while the pair is not frozen; a frozen pair swallows them, as a silent peer does.
    client.on('data', (chunk) => {
      if (!pair.frozen) server.write(chunk);
    });
    server.on('data', (chunk) => {
      if (!pair.frozen) client.write(chunk);
    });
    const end = () => destroy(pair);
    client.on('close', end);
    server.on('close', end);
    client.on('error', end);
    server.on('error', end);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as net.AddressInfo;

  return {
    port,
    get connections() {
      return pairs.size;
    },
    freeze(options = {}) {
      freezeNew = options.freezeNew ?? false;
      for (const pair of pairs) pair.frozen = true;
    },
    thaw() {
      freezeNew = false;
      // A frozen connection lost bytes: it cannot carry on, so it is closed; new ones work.
      for (const pair of pairs) if (pair.frozen) destroy(pair);
    },
    cut,
    down() {
      isDown = true;
      cut();
    },
    up() {
      isDown = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const pair of pairs) destroy(pair);
        proxy.close(() => resolve());
      }),
  };
};
