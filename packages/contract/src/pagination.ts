import { z } from './zod.ts';
import { pageSize } from './constants.ts';
import { text } from './text.ts';

/** What a list's paging parameters are told when they are not usable (a hand-edited address, a stale link). */
export const pageMessages = {
  limitInvalid: `Ask for a whole number of 1 to ${pageSize.max} items a page`,
  cursorInvalid: 'This page link is not valid; start again from the first page',
} as const;

/** Every list takes `limit` (default 24, max 100) and an opaque `cursor`, and returns `{ items, nextCursor }`. */
export const PageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: pageMessages.limitInvalid })
    .int(pageMessages.limitInvalid)
    .min(1, pageMessages.limitInvalid)
    .max(pageSize.max, pageMessages.limitInvalid)
    .default(pageSize.default),
  cursor: text({ error: pageMessages.cursorInvalid }).max(512, pageMessages.cursorInvalid).optional(),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;
