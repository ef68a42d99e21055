import { addressEndpoints } from '@recell/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { addressKeys } from './address-keys';

/** GET /api/me/addresses: the caller's delivery addresses, oldest first, the ship-from one marked. */
export const myAddressesQuery = queryOptions({
  queryKey: addressKeys.mine,
  queryFn: ({ signal }) => callApi(addressEndpoints.myAddresses, { signal }),
});

/** The caller's addresses; `enabled: false` until they are needed (the booking's picker, once shipping is chosen). */
export const useMyAddresses = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...myAddressesQuery, enabled });
