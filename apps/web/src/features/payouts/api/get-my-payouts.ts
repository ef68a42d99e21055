import { payoutEndpoints } from '@recell/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { payoutKeys } from './payout-keys';

/** GET /api/me/payouts: the seller's payout account, balances and where each sale's money stands. */
export const myPayoutsQuery = queryOptions({
  queryKey: payoutKeys.mine,
  queryFn: ({ signal }) => callApi(payoutEndpoints.myPayouts, { signal }),
});

export const useMyPayouts = () => useQuery(myPayoutsQuery);
