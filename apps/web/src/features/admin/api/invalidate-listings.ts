import type { QueryClient } from '@tanstack/react-query';
import { listingKeys } from '@/lib/query-keys';
import { adminKeys } from './admin-keys';

/**
 * After a moderation change (a seller verified or removed, a buyer removed, a reported phone
 * removed) every screen that shows listings loads again: the home grid, category pages, phones'
 * pages (the verified badge, withdrawn listings) and My Products. The audit log has a new entry.
 * Not awaited: the toast shows at once, the lists load in the background.
 */
export const invalidateAfterModeration = (queryClient: QueryClient) => {
  void queryClient.invalidateQueries({ queryKey: listingKeys.advertised });
  void queryClient.invalidateQueries({ queryKey: listingKeys.categoryProductsAll });
  // Every phone's page: the prefix of listingKeys.product(id).
  void queryClient.invalidateQueries({ queryKey: [listingKeys.product('')[0]] });
  void queryClient.invalidateQueries({ queryKey: listingKeys.myProducts });
  void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
};
