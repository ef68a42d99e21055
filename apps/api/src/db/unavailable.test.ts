import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.ts';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises lost and refused connections, timeouts and a server going down', () => {
    for (const code of ['57014', '55P03', '57P01', '57P03', '53300', '08006', '40001', 'ECONNREFUSED', 'ECONNRESET'])
      expect(isDatabaseUnavailable(withCode(code)), code).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    // A connection that fell silent (the server's own query time-out).
    expect(isDatabaseUnavailable(new Error('Query read timeout'))).toBe(true);
  });

  it('looks through the errors an error wraps (drizzle) and those Node reports together', () => {
    const drizzle = new Error('Failed query: select 1', { cause: withCode('57P01') });
    expect(isDatabaseUnavailable(drizzle)).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]))).toBe(true);
  });

  it('leaves real mistakes alone: they stay 500s or their own answers', () => {
    expect(isDatabaseUnavailable(withCode('23505'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: withCode('42P01') }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
