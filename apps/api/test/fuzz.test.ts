/**
 * The fuzzing suite: thousands of generated malformed requests at every route the app serves (read
 * from its own OpenAPI document, so a new route is covered without touching this file), as an
 * anonymous visitor, a buyer, a seller and an admin. Whatever the input, the app answers a 4xx in
 * the contract's error shape with a message, never a 5xx, never a stack or a word about its
 * database, and it is still ready and no larger afterwards.
 *
 * The seed is fixed (FUZZ_SEED) and the count bounded (FUZZ_RUNS generated requests, after a sweep
 * of fixed hostile requests over every route × role); `FUZZ_RUNS=100000` is a longer run.
 */
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '@recell/contract';
import { callerWithRole, type Caller } from './support/accounts.ts';
import { unknownId, useTestApp } from './support/api.ts';
import { bookPhone, listPhone } from './support/buying.ts';
import { encodeCursor } from '../src/lib/cursor.ts';
import { refreshCookieName } from '../src/modules/auth/index.ts';
import { listingCodes } from '../src/db/schema.ts';

const runs = Number(process.env.FUZZ_RUNS ?? 10_000);
const seed = Number(process.env.FUZZ_SEED ?? 20_261_123);

const t = useTestApp();

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Route {
  method: Method;
  /** '/api/products/{id}' as the OpenAPI document writes it. */
  path: string;
  query: string[];
  /** The JSON body's property names, when the document gives them. */
  bodyFields: string[];
}

interface FuzzRequest {
  method: Method | 'HEAD' | 'OPTIONS';
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

type Role = 'anonymous' | 'buyer' | 'seller' | 'admin';
const roles: Role[] = ['anonymous', 'buyer', 'seller', 'admin'];

/** Routes the document hides, which a caller can still reach. */
const hiddenRoutes: Route[] = [
  { method: 'GET', path: '/api/openapi.json', query: [], bodyFields: [] },
  { method: 'GET', path: '/uploads/{file}', query: [], bodyFields: [] },
  { method: 'GET', path: '/{page}', query: [], bodyFields: [] },
  { method: 'POST', path: '/api/{unknown}', query: [], bodyFields: [] },
];

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{ in: string; name: string }>;
        requestBody?: { content?: Record<string, { schema?: { $ref?: string; properties?: object } }> };
      }
    >
  >;
  components?: { schemas?: Record<string, { properties?: object }> };
}

const routesOf = (doc: OpenApiDocument): Route[] => {
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const schema = Object.values(operation.requestBody?.content ?? {})[0]?.schema;
      const resolved = schema?.$ref ? doc.components?.schemas?.[schema.$ref.split('/').pop()!] : schema;
      routes.push({
        method: method.toUpperCase() as Method,
        path,
        query: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        bodyFields: Object.keys(resolved?.properties ?? {}),
      });
    }
  }
  return routes;
};

// ---------------------------------------------------------------------------------------------
// Hostile values

const controlText = fc
  .array(fc.integer({ min: 0, max: 0x1f }), { minLength: 1, maxLength: 8 })
  .map((codes) => `a${String.fromCharCode(...codes)}b`);

/** A plausible value with a control character (NUL most often) somewhere inside it. */
const taintedText = fc
  .record({
    base: fc.constantFrom(
      'Pixel 8',
      'Austin, TX',
      '512-555-0147',
      'dan@recell.test',
      'secret-passphrase',
      '499',
      'gal',
      '1',
    ),
    code: fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, fc.integer({ min: 1, max: 0x1f }), fc.constant(0x7f)),
    at: fc.nat(),
  })
  .map(({ base, code, at }) => {
    const i = at % (base.length + 1);
    return base.slice(0, i) + String.fromCharCode(code) + base.slice(i);
  });

const hostileText = fc.oneof(
  { weight: 3, arbitrary: taintedText },
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\u0000'.repeat(64),
    '\uD800',
    '\uFFFF\uFFFE',
    '\u202Egnp.exe',
    '😀'.repeat(50),
    "' or 1=1 --",
    '"; drop table users; --',
    '%00',
    '%',
    '%zz',
    '../../../../etc/passwd',
    '..%2f..%2f..%2fetc%2fpasswd',
    '....//....//etc/passwd',
    '<script>alert(1)</script>',
    '${jndi:ldap://x}',
    '__proto__',
    'constructor',
    'NaN',
    'Infinity',
    '-1',
    '1e309',
    '99999999999999999999999',
    '0x10',
    '6f1c1f0e-1111-4222-8333-44445555666',
    '00000000-0000-0000-0000-000000000000',
  ),
  controlText,
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer({ min: 1, max: 200_000 }).map((n) => 'x'.repeat(n)),
);

/** A JSON value of a wrong type (or the right one, hostile), including very deep ones. */
const hostileJsonValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.constantFrom(null, true, false, 0, -1, -0.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 499.999),
  fc.double(),
  fc.integer(),
  fc.array(hostileText, { maxLength: 3 }),
  fc.dictionary(hostileText, hostileText, { maxKeys: 3 }),
  fc.integer({ min: 1, max: 1000 }).map((depth) => deepArray(depth)),
);

const deepArray = (depth: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};

/** A cursor someone edited: not base64, JSON of the wrong shape, or numbers out of range. */
const tamperedCursor = fc.oneof(
  hostileText,
  hostileJsonValue.map((value) => encodeCursor(value)),
  fc
    .record({
      s: fc.constantFrom('newest', 'price_asc', 'price_desc', 'other'),
      p: fc.oneof(fc.integer(), fc.double(), hostileText),
      us: fc.oneof(hostileText, fc.bigInt().map(String)),
      id: fc.oneof(hostileText, fc.uuid()),
    })
    .map((key) => encodeCursor(key)),
);

// ---------------------------------------------------------------------------------------------
// Requests

interface Ids {
  productId: string;
  orderId: string;
  userId: string;
  questionId: string;
  /** A phone waiting for review (listing review's routes). */
  pendingId: string;
  /** A verification code of the seller's, not used yet. */
  code: string;
}

const pathParam = (ids: Ids) =>
  fc.oneof(
    { weight: 2, arbitrary: hostileText },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        ids.productId,
        ids.orderId,
        ids.userId,
        ids.questionId,
        ids.pendingId,
        ids.code,
        unknownId,
        '1',
        '2',
        '3',
      ),
    },
    { weight: 1, arbitrary: fc.uuid() },
  );

const encodeSegment = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    // A lone surrogate cannot be percent-encoded: send its bytes as they are.
    return escape(value);
  }
};

const urlOf = (path: string, params: Record<string, string>, query: Array<[string, string]>, raw: boolean) => {
  // A raw parameter keeps its bytes (a literal '../', '%zz'), but a request line cannot hold a space
  // or a line break, and '?' or '#' would end the path.
  const rawSegment = (value: string) => value.replace(/[\s#?]/g, (c) => encodeURIComponent(c));
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) =>
    raw ? rawSegment(params[name]!) : encodeSegment(params[name]!),
  );
  const search = query.map(([key, value]) => `${encodeSegment(key)}=${encodeSegment(value)}`).join('&');
  return search ? `${filled}?${search}` : filled;
};

const multipart = (fields: Array<[string, string]>, file: Buffer | null, broken: number) => {
  const boundary = 'fuzzBoundary';
  const chunks: string[] = fields.map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  let body = chunks.join('');
  if (file) {
    body += `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="../../x.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  }
  const tail = `--${boundary}--\r\n`;
  const payload = Buffer.concat([Buffer.from(body), file ?? Buffer.alloc(0), Buffer.from(file ? `\r\n${tail}` : tail)]);
  const contentTypes = [
    `multipart/form-data; boundary=${boundary}`,
    'multipart/form-data',
    `multipart/form-data; boundary=other`,
    `multipart/form-data; boundary=${boundary}`,
  ];
  // broken: 0 well-formed, 1 no boundary, 2 a wrong one, 3 cut short
  return {
    contentType: contentTypes[broken]!,
    payload: broken === 3 ? payload.subarray(0, Math.max(1, Math.floor(payload.length / 2))) : payload,
  };
};

/** A value each field of the app's forms accepts, so one hostile field at a time reaches deep. */
const plausible = (ids: Ids): Record<string, unknown> => ({
  name: 'Pixel 8 128GB',
  categoryId: '1',
  price: '450',
  originalPrice: '799',
  brand: 'Google',
  model: 'Pixel 8',
  used: '1 year',
  location: 'Austin, TX',
  phone: '512-555-0147',
  condition: 'Good',
  authenticity: 'Original',
  features: '128 GB',
  description: 'Kept in a case.',
  imageId: 'a'.repeat(64),
  verificationCode: ids.code,
  productId: ids.productId,
  reason: 'other',
  text: 'The battery is worn.',
  answer: 'It holds a day.',
  email: 'dan@recell.test',
  password: 'secret-passphrase',
  role: 'user',
  paymentIntentId: 'pi_123',
  clientSecret: 'pi_123_secret_abc',
  number: '4242 4242 4242 4242',
  expiry: '12/34',
  cvc: '123',
});

const bodyOf = (route: Route, ids: Ids) =>
  fc.oneof(
    // The route's fields as a person fills them in, one of them hostile, as JSON or a form
    {
      weight: 3,
      arbitrary: fc
        .record({ field: fc.nat(), value: hostileJsonValue, asForm: fc.boolean() })
        .map(({ field, value, asForm }) => {
          const names = route.bodyFields.length > 0 ? route.bodyFields : ['name', 'email', 'password', 'role'];
          const body: Record<string, unknown> = Object.fromEntries(
            names.map((name) => [name, plausible(ids)[name] ?? 'Pixel 8']),
          );
          body[names[field % names.length]!] = value;
          if (!asForm) return { contentType: 'application/json', payload: JSON.stringify(body) as string | Buffer };
          return multipart(
            Object.entries(body).map(([name, v]): [string, string] => [
              name,
              typeof v === 'string' ? v : JSON.stringify(v),
            ]),
            null,
            0,
          );
        }),
    },
    // JSON with the route's fields given hostile values, some missing, some extra
    fc
      .record({
        known: fc.subarray(route.bodyFields.length > 0 ? route.bodyFields : ['name', 'email', 'password']),
        values: fc.array(hostileJsonValue, { minLength: 15, maxLength: 15 }),
        extra: fc.dictionary(hostileText, hostileJsonValue, { maxKeys: 3 }),
      })
      .map(({ known, values, extra }) => {
        const body: Record<string, unknown> = { ...extra };
        known.forEach((name, i) => (body[name] = values[i % values.length]));
        return { contentType: 'application/json', payload: JSON.stringify(body) };
      }),
    // JSON that is not an object, or not JSON at all
    fc
      .oneof(
        hostileJsonValue.map((value) => JSON.stringify(value) ?? 'null'),
        fc.constantFrom(
          '{',
          '{"a":',
          '[1,2',
          'NaN',
          '{"__proto__":{"isAdmin":true}}',
          '{"constructor":{"prototype":{}}}',
        ),
        fc.integer({ min: 1000, max: 20_000 }).map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
      )
      .map((payload) => ({ contentType: 'application/json', payload })),
    // A content type the route does not take
    fc.record({
      contentType: fc.constantFrom(
        'text/plain',
        'application/xml',
        'application/x-www-form-urlencoded',
        'application/octet-stream',
        'image/jpeg',
        'application/json; charset=utf-16',
        'application/json; charset=latin1',
        '',
      ),
      payload: hostileText,
    }),
    // Multipart: the route's fields with hostile text, a junk file, broken in one of several ways
    fc
      .record({
        fields: fc.array(
          fc.tuple(
            fc.oneof(
              fc.constantFrom(...(route.bodyFields.length > 0 ? route.bodyFields : ['name', 'email'])),
              hostileText,
            ),
            hostileText,
          ),
          { maxLength: 8 },
        ),
        file: fc.option(fc.uint8Array({ maxLength: 2048 }).map((bytes) => Buffer.from(bytes))),
        broken: fc.integer({ min: 0, max: 3 }),
      })
      .map(({ fields, file, broken }) => multipart(fields, file, broken)),
    // No body at all
    fc.constant({ contentType: undefined as string | undefined, payload: undefined as string | Buffer | undefined }),
  );

/** `value` most of the time, else one of `arbitrary`: a request keeps most of its parts plausible. */
const often = <T, U>(value: T, arbitrary: fc.Arbitrary<U>) =>
  fc.oneof({ weight: 2, arbitrary: fc.constant(value) }, { weight: 1, arbitrary });

/** Mostly `value`: a bad token, a junk cookie or another method would stop most requests early. */
const rarely = <T, U>(value: T, arbitrary: fc.Arbitrary<U>) =>
  fc.oneof({ weight: 9, arbitrary: fc.constant(value) }, { weight: 1, arbitrary });

const requestOf = (routes: Route[], ids: Ids) =>
  fc
    .record({
      route: fc.constantFrom(...routes),
      role: fc.constantFrom(...roles),
      seedParams: fc.array(pathParam(ids), { minLength: 2, maxLength: 2 }),
      rawPath: fc.boolean(),
      queryValues: fc.array(often(undefined, hostileText), { minLength: 8, maxLength: 8 }),
      hostileQuery: fc.record({ at: fc.nat(), value: hostileText }),
      querySet: rarely(
        [] as Array<[string, string]>,
        fc.array(
          fc.tuple(fc.oneof(fc.constantFrom('limit', 'cursor', 'q', 'role', 'sort'), hostileText), hostileText),
          {
            maxLength: 2,
          },
        ),
      ),
      limit: rarely(null, fc.oneof(fc.integer().map(String), fc.double().map(String), hostileText)),
      cursor: rarely(null, tamperedCursor),
      cookie: rarely(null, fc.oneof(hostileText, fc.base64String({ maxLength: 200 }))),
      badToken: rarely(null, fc.oneof(hostileText, fc.constant('Bearer'), fc.constant('Bearer a.b.c'))),
      otherMethod: rarely(null, fc.constantFrom<FuzzRequest['method']>('HEAD', 'OPTIONS', 'PUT', 'PATCH')),
    })
    .chain((parts) => bodyOf(parts.route, ids).map((body) => ({ ...parts, body })));

type Generated = ReturnType<typeof requestOf> extends fc.Arbitrary<infer T> ? T : never;

// ---------------------------------------------------------------------------------------------
// The suite

describe('fuzzing every route and role', () => {
  it(
    `answers ${runs} generated malformed requests without a 5xx or a leak, and stays healthy`,
    async () => {
      const doc = t.app.swagger() as unknown as OpenApiDocument;
      const routes = [...routesOf(doc), ...hiddenRoutes];
      // The document lists the app's routes: if it stopped doing so, the suite would fuzz nothing.
      expect(routes.length).toBeGreaterThan(30);

      const callers: Record<Role, Caller | null> = {
        anonymous: null,
        buyer: await callerWithRole(t, 'user'),
        seller: await callerWithRole(t, 'seller', { verified: true }),
        admin: await callerWithRole(t, 'admin'),
      };
      // Real rows, so generated ids sometimes reach past "not found" into the rules behind them.
      const victim = await callerWithRole(t, 'seller');
      const phone = await listPhone(t, callers.seller!);
      const order = await bookPhone(t, callers.buyer!, (await listPhone(t, callers.seller!)).id);
      const asked = await t.app.inject({
        method: 'POST',
        url: `/api/products/${phone.id}/questions`,
        headers: callers.buyer!.headers,
        payload: { text: 'Is the battery original?' },
      });
      expect(asked.statusCode, asked.body).toBe(201);
      const questionId = (asked.json() as { id: string }).id;
      const pending = await listPhone(t, victim, { status: 'pending_review', submittedForReviewAt: new Date() });
      const code = 'FUZZ23';
      await t.app.db.insert(listingCodes).values({ sellerId: callers.seller!.id, code });
      const ids: Ids = {
        productId: phone.id,
        orderId: order.id,
        userId: victim.id,
        questionId,
        pendingId: pending.id,
        code,
      };

      const statusCounts = new Map<number, number>();
      const failures: string[] = [];
      const covered = new Set<string>();
      let sent = 0;

      const send = async (request: FuzzRequest, label: string) => {
        sent++;
        let response;
        try {
          response = await t.app.inject({ ...request, remoteAddress: `10.9.${sent % 250}.${(sent >> 8) % 250}` });
        } catch (error) {
          failures.push(`${label}: inject threw ${String(error)}`);
          return;
        }
        statusCounts.set(response.statusCode, (statusCounts.get(response.statusCode) ?? 0) + 1);
        const problem = problemOf(request, response);
        if (problem && failures.length < 50)
          failures.push(`${label} ${request.method} ${request.url.slice(0, 200)} → ${problem}`);
      };

      const requestFrom = (g: Generated): FuzzRequest => {
        const caller = callers[g.role];
        const headers: Record<string, string> = { ...(caller?.headers ?? {}) };
        if (g.badToken !== null) headers.authorization = `Bearer ${g.badToken}`.replace(/[^\t\x20-\x7e]/g, '');
        if (g.cookie !== null) headers.cookie = `${refreshCookieName}=${encodeSegment(g.cookie)}`;
        const names = [...g.route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
        const params = Object.fromEntries(names.map((name, i) => [name, g.seedParams[i % 2]!]));
        const query: Array<[string, string]> = [...g.querySet];
        if (g.limit !== null) query.push(['limit', g.limit]);
        if (g.cursor !== null) query.push(['cursor', g.cursor]);
        // One of the route's own parameters with a hostile value, the others left out.
        if (g.route.query.length > 0)
          query.push([g.route.query[g.hostileQuery.at % g.route.query.length]!, g.hostileQuery.value]);
        const url = urlOf(g.route.path, params, query, g.rawPath);
        const request: FuzzRequest = { method: g.otherMethod ?? g.route.method, url, headers };
        if (g.body.payload !== undefined && request.method !== 'GET' && request.method !== 'HEAD') {
          request.payload = g.body.payload;
          if (g.body.contentType !== undefined) headers['content-type'] = g.body.contentType;
        }
        return request;
      };

      const heapBefore = await heapUsed();

      // A sweep of fixed hostile requests over every route × role, so each pair is covered.
      for (const route of routes) {
        for (const role of roles) {
          covered.add(`${route.method} ${route.path} ${role}`);
          const fixed = fc.sample(requestOf([route], ids), { numRuns: 6, seed: seed + covered.size });
          for (const generated of fixed) await send(requestFrom({ ...generated, role }), 'sweep');
        }
      }
      const swept = sent;

      // The generated run over all routes and roles.
      for (const generated of fc.sample(requestOf(routes, ids), { numRuns: runs, seed })) {
        await send(requestFrom(generated), 'fuzz');
      }

      const ready = await t.app.inject({ url: '/readyz' });
      const heapAfter = await heapUsed();
      const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
      console.log(
        [
          `fuzz: ${sent} requests (${swept} in the route × role sweep, ${sent - swept} generated; seed ${seed})`,
          `fuzz: ${routes.length} routes × ${roles.length} roles = ${covered.size} pairs covered`,
          `fuzz: statuses ${[...statusCounts.entries()]
            .sort(([a], [b]) => a - b)
            .map(([status, count]) => `${status}×${count}`)
            .join(' ')}`,
          `fuzz: heap used ${mb(heapBefore)} before, ${mb(heapAfter)} after${collectGarbage ? ' (after a full GC)' : ' (no GC available: loose)'}`,
        ].join('\n'),
      );

      expect(failures).toEqual([]);
      expect([...statusCounts.keys()].filter((status) => status >= 500)).toEqual([]);
      expect(ready.statusCode).toBe(200);
      // Loosely: what the requests left behind is collectable, not a leak that grows with them.
      expect(heapAfter).toBeLessThan(heapBefore * 1.5 + 64 * 1024 * 1024);
    },
    // Bounded: the default run takes about a minute on two shared cores.
    600_000,
  );
});

/** Words of a stack trace or of the database layer, which no answer may carry. */
const stackTrace = /\n\s+at |\bat [^\s]+ \(|node_modules|\.ts:\d+/;
const internals = /\bSQL\b|drizzle|postgres|pglite|sqlstate|relation "|syntax error/i;

const problemOf = (
  request: FuzzRequest,
  response: { statusCode: number; body: string; headers: Record<string, unknown> },
) => {
  const { statusCode, body } = response;
  if (statusCode >= 500) return `${statusCode} ${body.slice(0, 300)}`;
  if (stackTrace.test(body)) return `a stack trace in ${statusCode} ${body.slice(0, 300)}`;
  if (statusCode >= 400) {
    if (request.method === 'HEAD') return undefined;
    let parsed;
    try {
      parsed = ErrorBodySchema.safeParse(JSON.parse(body));
    } catch {
      return `${statusCode} not JSON: ${body.slice(0, 200)}`;
    }
    if (!parsed.success) return `${statusCode} not the error shape: ${body.slice(0, 200)}`;
    if (parsed.data.error.message.trim() === '') return `${statusCode} without a message`;
    if (internals.test(body)) return `internal detail in ${statusCode} ${body.slice(0, 300)}`;
  }
  return undefined;
};

/** A full collection, where the runtime lets a test ask for one (node's --expose-gc, set late). */
const collectGarbage = (() => {
  if (global.gc) return global.gc;
  try {
    v8.setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as () => void;
  } catch {
    return undefined;
  }
})();

const heapUsed = async () => {
  if (collectGarbage) {
    collectGarbage();
    await new Promise((resolve) => setTimeout(resolve, 10));
    collectGarbage();
  }
  return process.memoryUsage().heapUsed;
};
