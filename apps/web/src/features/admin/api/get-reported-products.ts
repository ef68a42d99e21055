import { adminEndpoints, type ReportedProductPage } from '@recell/contract';
import { useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { pagedQuery } from '@/lib/paged-query';
import { adminKeys } from './admin-keys';
import { dropCachedItems } from '@/lib/cached-pages';

const getReportedProducts = (cursor: string | null, signal?: AbortSignal) =>
  callApi(adminEndpoints.reportedProducts, { query: { cursor }, signal });

export const reportedProductsQuery = pagedQuery(adminKeys.reports, getReportedProducts);

/** GET /api/admin/reports: phones with open reports (grouped per phone), a page at a time. */
export const useReportedProducts = () => useInfiniteQuery(reportedProductsQuery);

/** Drops a phone from the cached Reported Items pages (its reports were resolved). */
export const dropReportedProduct = (queryClient: QueryClient, productId: string) => {
  queryClient.setQueryData(
    adminKeys.reports,
    dropCachedItems<ReportedProductPage>((item) => item.product.id === productId),
  );
};
