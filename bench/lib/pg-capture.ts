/**
 * A tiny TCP proxy between a client and PostgreSQL that records the statements the client sends,
 * as PostgreSQL receives them: the extended protocol's Parse (statement name and text) and Bind
 * (the statement's parameter values), and simple Query messages. The benchmark points one API
 * process at it to learn the exact SQL and values a request costs, without any change to the
 * PostgreSQL server. Bytes pass through unchanged in both directions.
 */
import net from 'node:net';

/** One statement as PostgreSQL received it. */
export interface CapturedStatement {
  /** Which client connection sent it (numbered from 1 in order of arrival). */
  connection: number;
  /** `extended`: Parse/Bind (with values); `simple`: a Query message (no values). */
  protocol: 'extended' | 'simple';
  /** The prepared statement's name ('' for the unnamed one); undefined for a simple query. */
  name?: string;
  text: string;
  /** The values bound, as text (null for SQL NULL); binary values are given as base64. */
  values: (string | null)[];
  /** Whether this Bind's statement was parsed in the same batch (false: an already prepared one). */
  parsed?: boolean;
  /** The connection's start-up `options` (e.g. `-c work_mem=32MB`), when it gave any. */
  startupOptions?: string;
}

const sslRequestCode = 80877103;
const gssRequestCode = 80877104;
const cancelRequestCode = 80877102;

/** Reads a NUL-terminated string at `offset`: [text, offset after the NUL]. */
const cString = (buffer: Buffer, offset: number): [string, number] => {
  const end = buffer.indexOf(0, offset);
  return [buffer.toString('utf8', offset, end), end + 1];
};

/** Parses the frontend's message stream of one connection, calling `onStatement` per Bind or Query. */
const frontendParser = (connection: number, onStatement: (statement: CapturedStatement) => void) => {
  let pending: Buffer = Buffer.alloc(0);
  let started = false;
  // Statement texts by name on this connection ('' is the unnamed statement, replaced by each Parse).
  const texts = new Map<string, string>();
  let parsedInBatch = new Set<string>();
  let startupOptions: string | undefined;
  const emit = (statement: CapturedStatement) =>
    onStatement(startupOptions === undefined ? statement : { ...statement, startupOptions });
  return (chunk: Buffer) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    for (;;) {
      if (!started) {
        // Untyped start-up messages: SSL/GSS requests, then the StartupMessage.
        if (pending.length < 8) return;
        const length = pending.readInt32BE(0);
        if (pending.length < length) return;
        const code = pending.readInt32BE(4);
        if (code !== sslRequestCode && code !== gssRequestCode && code !== cancelRequestCode) {
          started = true;
          // The StartupMessage: name and value pairs, each NUL-terminated, then a NUL.
          for (let offset = 8; offset < length - 1;) {
            const [name, afterName] = cString(pending, offset);
            const [value, afterValue] = cString(pending, afterName);
            if (name === 'options') startupOptions = value;
            offset = afterValue;
          }
        }
        pending = pending.subarray(length);
        continue;
      }
      if (pending.length < 5) return;
      const type = String.fromCharCode(pending[0]!);
      const length = pending.readInt32BE(1);
      if (pending.length < 1 + length) return;
      const body = pending.subarray(5, 1 + length);
      pending = pending.subarray(1 + length);
      if (type === 'P') {
        const [name, afterName] = cString(body, 0);
        const [text] = cString(body, afterName);
        texts.set(name, text);
        parsedInBatch.add(name);
      } else if (type === 'B') {
        const [, afterPortal] = cString(body, 0);
        const [name, afterName] = cString(body, afterPortal);
        let offset = afterName;
        const formatCount = body.readInt16BE(offset);
        offset += 2;
        const formats: number[] = [];
        for (let i = 0; i < formatCount; i++, offset += 2) formats.push(body.readInt16BE(offset));
        const valueCount = body.readInt16BE(offset);
        offset += 2;
        const values: (string | null)[] = [];
        for (let i = 0; i < valueCount; i++) {
          const size = body.readInt32BE(offset);
          offset += 4;
          if (size < 0) {
            values.push(null);
            continue;
          }
          const binary = (formats.length === 1 ? formats[0] : formats[i]) === 1;
          const value = body.subarray(offset, offset + size);
          values.push(binary ? value.toString('base64') : value.toString('utf8'));
          offset += size;
        }
        emit({
          connection,
          protocol: 'extended',
          name,
          text: texts.get(name) ?? '',
          values,
          parsed: parsedInBatch.has(name),
        });
      } else if (type === 'Q') {
        emit({ connection, protocol: 'simple', text: cString(body, 0)[0], values: [] });
      } else if (type === 'S') {
        parsedInBatch = new Set();
      }
    }
  };
};

export interface PgCapture {
  /** postgres://… through the proxy (the target's URL with the proxy's port). */
  url: string;
  /** Every statement recorded so far, in the order PostgreSQL received them. */
  statements: CapturedStatement[];
  close(): Promise<void>;
}

/** Starts the proxy on a free port of 127.0.0.1 in front of `databaseUrl`'s server. */
export const startPgCapture = async (databaseUrl: string): Promise<PgCapture> => {
  const target = new URL(databaseUrl);
  const statements: CapturedStatement[] = [];
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((client) => {
    const connection = ++connections;
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    const parse = frontendParser(connection, (statement) => statements.push(statement));
    client.on('data', (chunk: Buffer) => {
      parse(chunk);
      upstream.write(chunk);
    });
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    statements,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
