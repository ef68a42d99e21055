import { CategoryListSchema } from '@recell/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/api-paths';
import { apiRequest } from '@/lib/api-client';

export const getCategories = (signal?: AbortSignal) =>
  apiRequest(apiPaths.categories, CategoryListSchema, signal ? { signal } : {});

export const categoriesQuery = queryOptions({
  queryKey: ['categories'],
  queryFn: ({ signal }) => getCategories(signal),
});

/** GET /api/categories: the three brands. */
export const useCategories = () => useQuery(categoriesQuery);
