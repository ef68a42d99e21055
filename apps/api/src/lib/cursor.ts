import type { z } from 'zod';
import { badRequest } from '../errors.ts';

/**
 * Keyset cursors are opaque to callers: base64url JSON of the last row's sort key. A cursor that
 * does not decode to the expected shape is a client error, not a 500.
 */
export const encodeCursor = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url');

export const decodeCursor = <T>(cursor: string | undefined, schema: z.ZodType<T>): T | undefined => {
  if (cursor === undefined) return undefined;
  try {
    return schema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    throw badRequest('The cursor is not valid; start again from the first page', { cursor: 'Invalid cursor' });
  }
};
