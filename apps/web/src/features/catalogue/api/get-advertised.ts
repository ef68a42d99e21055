import { catalogueEndpoints } from '@recell/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { pagedQuery } from '@/lib/paged-query';
import { listingKeys } from '@/lib/query-keys';

const getAdvertised = (cursor: string | null, signal?: AbortSignal) =>
  callApi(catalogueEndpoints.advertised, { query: { cursor }, signal });

export const advertisedQuery = pagedQuery(listingKeys.advertised, getAdvertised);

/** GET /api/advertised: advertised available phones, newest first, a page at a time. */
export const useAdvertised = () => useInfiniteQuery(advertisedQuery);
