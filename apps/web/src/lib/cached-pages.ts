import type { InfiniteData } from '@tanstack/react-query';

type ListPage = { items: unknown[] };
type Item<P extends ListPage> = P['items'][number];

/**
 * An updater for a cached paged list (`setQueryData` / `setQueriesData`): `change` is applied to
 * every item of every page already loaded, and an item it turns into null leaves the list. The
 * screen shows the change at once, before the list loads again.
 */
export const changeCachedItems =
  <P extends ListPage>(change: (item: Item<P>) => Item<P> | null) =>
  (data: InfiniteData<P, string | null> | undefined): InfiniteData<P, string | null> | undefined =>
    data && {
      ...data,
      pages: data.pages.map(
        (page) =>
          ({
            ...page,
            items: page.items.flatMap((item) => {
              const changed = change(item);
              return changed === null ? [] : [changed];
            }),
          }) as P,
      ),
    };

/** The same, dropping the items `isGone` picks. */
export const dropCachedItems = <P extends ListPage>(isGone: (item: Item<P>) => boolean) =>
  changeCachedItems<P>((item) => (isGone(item) ? null : item));
