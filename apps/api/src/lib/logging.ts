/**
 * What every log line of the API, its jobs and its commands leaves out: credentials and personal
 * fields wherever they appear in a logged object (pino `redact`), and the values a failed query
 * carried (its parameters: password hashes, emails, phone numbers), which drizzle writes into its
 * error's message and PostgreSQL into `detail`. An error keeps its type, code, constraint and SQL
 * text, so the failure can still be understood.
 */
import Fastify, { type FastifyBaseLogger, type FastifyServerOptions } from 'fastify';

/** Field names never logged, at any of the first three levels of a logged object. */
const sensitiveKeys = [
  'authorization',
  'cookie',
  'set-cookie',
  'password',
  'passwordHash',
  'currentPassword',
  'newPassword',
  'email',
  'phone',
  'buyerPhone',
  'sellerPhone',
  'token',
  'accessToken',
  'refreshToken',
  'idToken',
  'clientSecret',
  'secret',
  'cardNumber',
  'cvc',
  'cvv',
  'expiry',
  'expMonth',
  'expYear',
  'params',
] as const;

const pathOf = (key: string) => (/^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `["${key}"]`);

/** pino redact paths: each key on its own, one level down (`{ user: { email } }`) and two (`{ req: { headers: { cookie } } }`). */
const redactPaths: string[] = sensitiveKeys.flatMap((key) => {
  const tail = pathOf(key);
  return [tail.startsWith('.') ? key : tail, `*${tail}`, `*.*${tail}`];
});

const censor = '[redacted]';

/** Properties of a database error that carry values: drizzle's `params`, PostgreSQL's `detail` and `where`. */
const valueCarryingKeys = new Set(['params', 'parameters', 'values', 'detail', 'where', 'internalQuery']);

/** drizzle's "Failed query: …\nparams: …": everything from the params line on goes. */
const withoutParams = (text: string) => text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [redacted]');

export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

const isErrorLike = (value: unknown): value is Error =>
  value instanceof Error ||
  (typeof value === 'object' && value !== null && typeof (value as Error).message === 'string' && 'stack' in value);

const maxDepth = 5;

/**
 * pino's `err` serializer, minus the values a failed query carried. Causes are serialized the same
 * way, nested (`cause`), so a pg error under drizzle's keeps its code and constraint.
 */
const serializeError = (error: unknown, depth = 0): SerializedError => {
  if (!isErrorLike(error)) return { type: typeof error, message: String(error), stack: '' };
  const out: SerializedError = {
    type: error.constructor?.name ?? error.name,
    message: withoutParams(error.message),
    stack: typeof error.stack === 'string' ? withoutParams(error.stack) : '',
  };
  const nested = (value: unknown) => (depth < maxDepth ? serializeError(value, depth + 1) : '[too deep]');
  for (const key of Object.keys(error)) {
    if (key === 'cause' || valueCarryingKeys.has(key) || key in out) continue;
    const value = (error as unknown as Record<string, unknown>)[key];
    out[key] = isErrorLike(value) ? nested(value) : value;
  }
  if (error.cause !== undefined) out.cause = nested(error.cause);
  if (error instanceof AggregateError) out.aggregateErrors = error.errors.map(nested);
  return out;
};

/** An error's message fit for a terminal or a log: a failed query's parameters left out. */
export const safeErrorMessage = (error: unknown) => (isErrorLike(error) ? withoutParams(error.message) : String(error));

/** An emailed link's token (password reset, email confirmation) is a credential: its value never reaches a log. */
const withoutTokens = (url: string) => url.replace(/([?&]token=)[^&#]*/gi, `$1${censor}`);

interface LoggedRequest {
  method: string;
  url: string;
  headers?: Record<string, unknown>;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's own request serializer, with the link tokens taken out of the URL. */
const serializeRequest = (request: LoggedRequest) => ({
  method: request.method,
  url: withoutTokens(request.url),
  version: typeof request.headers?.['accept-version'] === 'string' ? request.headers['accept-version'] : undefined,
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});

/** The pino options every logger of the API uses (the server's, the jobs', the commands'). */
export const loggerOptions = (level: string, stream?: NodeJS.WritableStream) =>
  ({
    level,
    redact: { paths: redactPaths, censor },
    serializers: {
      err: (error: unknown) => serializeError(error),
      error: (error: unknown) => serializeError(error),
      req: serializeRequest,
    },
    ...(stream ? { stream } : {}),
  }) satisfies FastifyServerOptions['logger'];

/** A logger outside the server (commands, the database before the app exists), configured as the server's. */
export const standaloneLogger = (level: string, stream: NodeJS.WritableStream = process.stderr): FastifyBaseLogger =>
  Fastify({ logger: loggerOptions(level, stream) }).log;
