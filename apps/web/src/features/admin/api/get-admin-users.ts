import { adminEndpoints, type AdminUser, type AdminUserPage } from '@recell/contract';
import { useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { pagedQuery } from '@/lib/paged-query';
import { adminKeys } from './admin-keys';
import { changeCachedItems } from '@/lib/cached-pages';

export type AdminListRole = 'user' | 'seller';

const getAdminUsers = (role: AdminListRole, q: string, cursor: string | null, signal?: AbortSignal) =>
  callApi(adminEndpoints.users, { query: { role, q, cursor }, signal });

/**
 * GET /api/admin/users?role=&q=: All Users (role user) or All Sellers (role seller) whose name or
 * email contains `q`, a page at a time. While a new search loads, the previous results stay.
 */
export const adminUsersQuery = (role: AdminListRole, q: string) =>
  pagedQuery(adminKeys.usersSearch(role, q), (cursor, signal) => getAdminUsers(role, q, cursor, signal));

export const useAdminUsers = (role: AdminListRole, q: string) =>
  useInfiniteQuery({
    ...adminUsersQuery(role, q),
    // (TanStack's keepPreviousData, limited to the same list.)
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === role ? previous : undefined),
  });

/** Applies `change` to every account of every cached All Users / All Sellers page (null drops it). */
export const updateAdminUsers = (queryClient: QueryClient, change: (user: AdminUser) => AdminUser | null) => {
  queryClient.setQueriesData({ queryKey: adminKeys.usersAll }, changeCachedItems<AdminUserPage>(change));
};
