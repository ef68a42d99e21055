import { accountEndpoints } from '@recell/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

const getAuthProviders = (signal?: AbortSignal) => callApi(accountEndpoints.providers, { signal });

const authProvidersQuery = queryOptions({
  queryKey: ['auth-providers'],
  queryFn: ({ signal }) => getAuthProviders(signal),
});

/** GET /api/auth/providers: which social sign-ins this server has configured. */
export const useAuthProviders = () => useQuery(authProvidersQuery);
