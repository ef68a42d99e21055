import { catalogueEndpoints } from '@recell/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

const getCategories = (signal?: AbortSignal) => callApi(catalogueEndpoints.categories, { signal });

export const categoriesQuery = queryOptions({
  queryKey: ['categories'],
  queryFn: ({ signal }) => getCategories(signal),
});

/** GET /api/categories: the three brands. */
export const useCategories = () => useQuery(categoriesQuery);
