import { adminEndpoints, type ReportedProductPage } from '@recell/contract';
import { infiniteQueryOptions, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { adminKeys } from './admin-keys';
import { dropCachedItems } from '@/lib/cached-pages';

const getReportedProducts = (cursor: string | null, signal?: AbortSignal) =>
  callApi(adminEndpoints.reportedProducts, { query: { cursor }, signal });

export const reportedProductsQuery = infiniteQueryOptions({
  queryKey: adminKeys.reports,
  queryFn: ({ pageParam, signal }) => getReportedProducts(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (lastPage) => lastPage.nextCursor,
});

/** GET /api/admin/reports: phones with open reports (grouped per phone), a page at a time. */
export const useReportedProducts = () => useInfiniteQuery(reportedProductsQuery);

/** Drops a phone from the cached Reported Items pages (its reports were resolved). */
export const dropReportedProduct = (queryClient: QueryClient, productId: string) => {
  queryClient.setQueryData(
    adminKeys.reports,
    dropCachedItems<ReportedProductPage>((item) => item.product.id === productId),
  );
};
