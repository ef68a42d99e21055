/**
 * Which database failures mean "not now" rather than "wrong": the connection died or could not be
 * made, the server is going down, or a statement ran into its time or lock limit. A caller can
 * retry these in a moment (503 with Retry-After); anything else stays a 500.
 */

/** SQLSTATEs of a database that is briefly unavailable or over a limit. */
const unavailableStates = new Set([
  '57014', // query_canceled: statement_timeout
  '55P03', // lock_not_available: lock_timeout
  '57P01', // admin_shutdown: pg_terminate_backend, a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or in recovery
  '53300', // too_many_connections
  '25P03', // idle_in_transaction_session_timeout
  '40001', // serialization_failure: the transaction can simply be run again
  '40P01', // deadlock_detected: likewise
]);

/** Network errors of a connection that could not be made or was lost. */
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** What pg says, without a code, of a connection that is gone or could not be had in time. */
const lostConnection =
  /^(Connection terminated|Query read timeout|Client has encountered a connection error|Client was closed and is not queryable|timeout exceeded when trying to connect|Cannot use a pool after calling end)/;

const isUnavailableError = (error: unknown): boolean => {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (unavailableStates.has(code) || networkCodes.has(code) || code.startsWith('08')))
    return true;
  if (typeof message === 'string' && lostConnection.test(message)) return true;
  // Connecting to "localhost" tries each address; Node reports them together.
  if (error instanceof AggregateError && error.errors.some(isUnavailableError)) return true;
  return false;
};

/** True when `error`, or an error it wraps (drizzle wraps pg's), says the database is unavailable. */
export const isDatabaseUnavailable = (error: unknown): boolean => {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (isUnavailableError(current)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
};
