import { z } from 'zod';
import { pageMessages } from '@recell/contract';
import { badRequest } from '../errors.ts';
import { uuidPattern } from './ids.ts';

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
    throw badRequest(pageMessages.cursorInvalid, { cursor: pageMessages.cursorInvalid });
  }
};

/** Where a newest-first page ends: the last row's time in exact microseconds and its id. */
export interface NewestKey {
  us: string;
  id: string;
}

/** A newest-first cursor: the microseconds are digits only (so SQL never sees anything else), the id a UUID. */
export const NewestCursorSchema = z.object({
  us: z.string().regex(/^-?\d{1,17}$/),
  id: z.string().regex(uuidPattern),
});

/**
 * A page from rows read with `limit + 1`: one extra row tells whether another page exists, without
 * a count query; the cursor is the key of the page's last row.
 */
export const pageOf = <Row, Item>(
  rows: Row[],
  limit: number,
  toItem: (row: Row) => Item,
  keyOf: (row: Row) => NewestKey,
) => {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(toItem),
    nextCursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null,
  };
};
