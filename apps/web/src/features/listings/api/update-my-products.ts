import type { MyProduct, MyProductPage } from '@recell/contract';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { listingKeys } from '@/lib/query-keys';

/** Applies `change` to every listing of the cached My Products pages (null drops the listing). */
export const updateMyProducts = (queryClient: QueryClient, change: (product: MyProduct) => MyProduct | null) => {
  queryClient.setQueryData<InfiniteData<MyProductPage, string | null>>(listingKeys.myProducts, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.flatMap((product) => {
              const changed = change(product);
              return changed ? [changed] : [];
            }),
          })),
        }
      : data,
  );
};
