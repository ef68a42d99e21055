import { orderProgressEndpoints } from '@recell/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { pagedQuery } from '@/lib/paged-query';
import { adminKeys } from './admin-keys';

const getMissedDropOffs = (cursor: string | null, signal?: AbortSignal) =>
  callApi(orderProgressEndpoints.missedDropOffs, { query: { cursor }, signal });

export const missedDropOffsQuery = pagedQuery(adminKeys.missedDropOffs, getMissedDropOffs);

/** GET /api/admin/missed-drop-offs: shipped orders cancelled because the carrier had no scan by their deadline. */
export const useMissedDropOffs = () => useInfiniteQuery(missedDropOffsQuery);
