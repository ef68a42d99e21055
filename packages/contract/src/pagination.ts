import { z } from './zod.ts';
import { pageSize } from './constants.ts';
import { text } from './text.ts';

/** Every list takes `limit` (default 24, max 100) and an opaque `cursor`, and returns `{ items, nextCursor }`. */
export const PageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(pageSize.max).default(pageSize.default),
  cursor: text().max(512).optional(),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;
