import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';

/**
 * A list the API answers a page at a time (`?cursor=` → `{ items, nextCursor }`), as TanStack
 * Query options: the first page has no cursor, each next one the previous page's `nextCursor`.
 */
export const pagedQuery = <TPage extends { nextCursor: string | null }, TKey extends QueryKey>(
  queryKey: TKey,
  fetchPage: (cursor: string | null, signal: AbortSignal) => Promise<TPage>,
) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
