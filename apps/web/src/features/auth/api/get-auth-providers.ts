import { AuthProvidersSchema } from '@recell/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/api-paths';
import { apiRequest } from '@/lib/api-client';

export const getAuthProviders = (signal?: AbortSignal) =>
  apiRequest(apiPaths.authProviders, AuthProvidersSchema, { auth: false, ...(signal ? { signal } : {}) });

export const authProvidersQuery = queryOptions({
  queryKey: ['auth-providers'],
  queryFn: ({ signal }) => getAuthProviders(signal),
});

/** GET /api/auth/providers: which social sign-ins this server has configured. */
export const useAuthProviders = () => useQuery(authProvidersQuery);
