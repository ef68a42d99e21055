import type { MyProduct, MyProductPage } from '@recell/contract';
import type { QueryClient } from '@tanstack/react-query';
import { listingKeys } from '@/lib/query-keys';
import { changeCachedItems } from '@/lib/cached-pages';

/** Applies `change` to every listing of the cached My Products pages (null drops the listing). */
export const updateMyProducts = (queryClient: QueryClient, change: (product: MyProduct) => MyProduct | null) => {
  queryClient.setQueryData(listingKeys.myProducts, changeCachedItems<MyProductPage>(change));
};
