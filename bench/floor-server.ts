/**
 * The floor of the catalogue's Node work: plain `node:http` and `pg` (a pool like the API's), no
 * framework, no ORM, no schema library. For each URL it knows, it sends PostgreSQL the very
 * statements the API sent for that URL (captured on the wire by bench/lib/pg-capture.ts: the same
 * SQL text, the same prepared-statement names, the same values, in the same order, the caller's
 * account check included), builds the same answer from the rows (`JSON.stringify` of the same
 * shape: the same bytes, which the bench checks) and compresses it as the API does. What the API
 * spends above this is the price of its framework, validation, ORM and code.
 *
 * Started by the HTTP bench (`http-catalogue.ts --floor`): FLOOR_PLAN_FILE (the captured plan,
 * `FloorPlan` below), PORT, HOST, DATABASE_URL, DATABASE_POOL_MAX.
 *
 * What it leaves out: it does not choose a plan (it replays the statements the API chose, values
 * included, so its own logic is a lookup), it sends fewer headers, and it never suggests words.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import pg from 'pg';

/** One statement as the API sent it (bench/lib/pg-capture.ts). */
export interface FloorStatement {
  protocol: 'extended' | 'simple';
  /** The prepared statement's name; '' or undefined for the unnamed statement. */
  name?: string | undefined;
  text: string;
  values: (string | null)[];
  /** The start-up `options` of the API's connection that sent it (settings of a pool of its own). */
  startupOptions?: string;
}

export interface FloorRoute {
  sort: 'newest' | 'price_asc' | 'price_desc';
  limit: number;
  /** Whether the page is a first page (it then carries the scope's storage sizes). */
  first: boolean;
  /** The scope of the storage sizes: a category id, or '' for every brand. */
  scope: string;
  statements: FloorStatement[];
}

export interface FloorPlan {
  jwtSecret: string;
  issuer: string;
  audience: string;
  /** By URL path and query, without the bench's `v` parameter. */
  routes: Record<string, FloorRoute>;
  /** The statement the API sends for a scope's storage sizes (kept a minute, as the API does). */
  storageSizes: Record<string, FloorStatement>;
}

const plan = JSON.parse(readFileSync(process.env.FLOOR_PLAN_FILE!, 'utf8')) as FloorPlan;

// As drizzle reads them: timestamps as PostgreSQL's text.
const asText = (value: string) => value;
const types = {
  getTypeParser: (typeId: number, format?: 'text' | 'binary') =>
    typeId === pg.types.builtins.TIMESTAMPTZ || typeId === pg.types.builtins.TIMESTAMP
      ? asText
      : pg.types.getTypeParser(typeId, format),
};

const poolMax = Number(process.env.DATABASE_POOL_MAX ?? 10);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: poolMax, keepAlive: true });
// A statement the API sent on a connection with settings of its own runs on one too.
const poolsByOptions = new Map<string, pg.Pool>();
const poolFor = (statement: FloorStatement) => {
  if (statement.startupOptions === undefined) return undefined;
  let settingsPool = poolsByOptions.get(statement.startupOptions);
  if (!settingsPool)
    poolsByOptions.set(
      statement.startupOptions,
      (settingsPool = new pg.Pool({
        connectionString: process.env.DATABASE_URL,
        max: Math.max(1, Math.ceil(poolMax / 2)),
        keepAlive: true,
        options: statement.startupOptions,
      })),
    );
  return settingsPool;
};

type Row = unknown[];
type Result = { rows: Row[]; fields: { name: string }[] };

const run = (client: pg.PoolClient, statement: FloorStatement): Promise<Result> =>
  (statement.protocol === 'simple'
    ? client.query({ text: statement.text, rowMode: 'array', types })
    : client.query({
        name: statement.name || undefined,
        text: statement.text,
        values: statement.values,
        rowMode: 'array',
        types,
        queryMode: 'extended',
      } as pg.QueryConfig)) as unknown as Promise<Result>;

// ---------------------------------------------------------------------------------------------
// The caller: an HS256 access token, checked as the API checks it, then their account's row.

const key = Buffer.from(plan.jwtSecret);
const bearer = /^Bearer +([A-Za-z0-9._~+/-]+=*)$/i;
const tokenIsValid = (header: string | undefined): boolean => {
  const token = header && bearer.exec(header.trim())?.[1];
  if (!token) return false;
  const [head, body, signature] = token.split('.');
  if (!head || !body || !signature) return false;
  const expected = createHmac('sha256', key).update(`${head}.${body}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
  return (
    claims.iss === plan.issuer &&
    claims.aud === plan.audience &&
    typeof claims.exp === 'number' &&
    claims.exp * 1000 > Date.now()
  );
};
const isCallerLookup = (statement: FloorStatement) =>
  /\bfrom "users"/.test(statement.text) && !statement.text.includes('"products"');

// ---------------------------------------------------------------------------------------------
// Rows to the answer, as the API's toListedProduct and its page assembly do.

/** The listed columns every page statement starts with (db/public-listings.ts), in order. */
const listedColumns = 27;
const imeiLength = 15;
const maskImei = (last4: string) => `${'•'.repeat(imeiLength - 4)}${last4}`;

const productOf = (r: Row, withEmail: boolean) => ({
  id: r[0],
  categoryId: r[1],
  name: r[2],
  brand: r[3],
  model: r[4],
  priceCents: r[5],
  previousPriceCents: r[6],
  originalPriceCents: r[7],
  condition: r[8],
  storageGb: r[9],
  colour: r[10],
  networkLock: r[11],
  batteryHealth: r[12],
  imeiMasked: r[13] === null ? null : maskImei(r[13] as string),
  imeiChecked: r[14],
  used: r[15],
  location: r[16],
  imageUrl: r[17],
  status: r[18],
  isAdvertised: Boolean(r[20]),
  createdAt: new Date(r[19] as string).toISOString(),
  seller: withEmail
    ? {
        id: r[21],
        name: r[22],
        email: r[23],
        isVerified: r[24],
        ratingAverage: (r[25] as number) > 0 ? Math.round(((r[26] as number) * 10) / (r[25] as number)) / 10 : null,
        ratingCount: r[25],
      }
    : {
        id: r[21],
        name: r[22],
        isVerified: r[24],
        ratingAverage: (r[25] as number) > 0 ? Math.round(((r[26] as number) * 10) / (r[25] as number)) / 10 : null,
        ratingCount: r[25],
      },
});

interface Key {
  id: string;
  us: string;
  priceCents: number;
}

const cursorOf = (sort: FloorRoute['sort'], key: Key) =>
  Buffer.from(
    JSON.stringify(
      sort === 'newest' ? { s: sort, us: key.us, id: key.id } : { s: sort, p: key.priceCents, id: key.id },
    ),
  ).toString('base64url');

// ---------------------------------------------------------------------------------------------
// Storage sizes: one statement per scope, kept a minute.

const sizesByScope = new Map<string, { until: number; sizes: Promise<number[]> }>();
const storageSizes = (scope: string) => {
  const kept = sizesByScope.get(scope);
  if (kept && kept.until > Date.now()) return kept.sizes;
  const statement = plan.storageSizes[scope];
  if (!statement) throw new Error(`No storage sizes statement for scope '${scope}'`);
  const sizes = pool.connect().then(async (client) => {
    try {
      return (await run(client, statement)).rows.map((row) => Number(row[0]));
    } finally {
      client.release();
    }
  });
  sizesByScope.set(scope, { until: Date.now() + 60_000, sizes });
  return sizes;
};

const answerPage = async (route: FloorRoute, authorization: string | undefined) => {
  const sizes = route.first ? storageSizes(route.scope) : undefined;
  let signedIn = false;
  const keys: Key[] = [];
  const rowsById = new Map<string, Row>();
  const client = await pool.connect();
  try {
    for (const statement of route.statements) {
      if (isCallerLookup(statement)) {
        if (!tokenIsValid(authorization)) continue;
        const result = await run(client, statement);
        const disabled = result.fields.findIndex((field) => field.name === 'disabled_at');
        signedIn = result.rows.length > 0 && (disabled < 0 || result.rows[0]![disabled] === null);
        continue;
      }
      const settingsPool = poolFor(statement);
      let result: Result;
      if (settingsPool) {
        const settingsClient = await settingsPool.connect();
        try {
          result = await run(settingsClient, statement);
        } finally {
          settingsClient.release();
        }
      } else result = await run(client, statement);
      const width = result.fields.length;
      for (const row of result.rows) {
        if (width === listedColumns + 1) {
          // A plain page: the listed columns and the row's microseconds.
          keys.push({ id: row[0] as string, us: row[27] as string, priceCents: row[5] as number });
          rowsById.set(row[0] as string, row);
        } else if (width === listedColumns + 5) {
          // The ordered walk: the listed columns (hits only), position, hit, id, microseconds, price.
          if (!row[28]) continue;
          keys.push({ id: row[29] as string, us: row[30] as string, priceCents: row[31] as number });
          rowsById.set(row[29] as string, row);
        } else if (width === listedColumns) {
          rowsById.set(row[0] as string, row);
        } else if (width === 3) {
          // The search index's matches: keys only.
          keys.push({ id: row[0] as string, us: row[1] as string, priceCents: row[2] as number });
        }
      }
    }
  } finally {
    client.release();
  }
  const page = keys.slice(0, route.limit);
  const items = [];
  for (const key of page) {
    const row = rowsById.get(key.id);
    if (row) items.push(productOf(row, signedIn));
  }
  const last = page.at(-1);
  const storageSizesGb = sizes && (await sizes);
  return {
    items,
    nextCursor: keys.length > route.limit && last ? cursorOf(route.sort, last) : null,
    ...(storageSizesGb === undefined ? {} : { storageSizesGb }),
  };
};

/** br or gzip as the API's compression chooses (br first), or none. */
const encodingFor = (acceptEncoding: string | undefined) =>
  !acceptEncoding
    ? undefined
    : /\bbr\b/.test(acceptEncoding)
      ? 'br'
      : /\bgzip\b/.test(acceptEncoding)
        ? 'gzip'
        : undefined;

const server = http.createServer((request, response) => {
  const url = (request.url ?? '/').replace(/[?&]v=[^&]*$/, '');
  const route = plan.routes[url];
  if (!route) {
    response.writeHead(404).end();
    return;
  }
  answerPage(route, request.headers.authorization).then(
    (page) => {
      const body = JSON.stringify(page);
      const headers: http.OutgoingHttpHeaders = {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
      };
      const encoding = body.length >= 1024 ? encodingFor(request.headers['accept-encoding']) : undefined;
      if (encoding) {
        const bytes =
          encoding === 'br'
            ? brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } })
            : gzipSync(body);
        headers['content-encoding'] = encoding;
        headers.vary = 'accept-encoding';
        headers['content-length'] = bytes.length;
        response.writeHead(200, headers).end(bytes);
      } else {
        headers['content-length'] = Buffer.byteLength(body);
        response.writeHead(200, headers).end(body);
      }
    },
    (error: Error) => {
      console.error(error);
      response.writeHead(500).end();
    },
  );
});

const close = () =>
  server.close(
    () => void Promise.all([pool, ...poolsByOptions.values()].map((p) => p.end())).then(() => process.exit(0)),
  );
process.on('SIGTERM', close);
process.on('SIGINT', close);
server.keepAliveTimeout = 72_000;
server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1');
