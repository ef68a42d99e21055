import { adminEndpoints } from '@recell/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { adminKeys } from './admin-keys';
import { updateAdminUsers } from './get-admin-users';
import { invalidateAfterModeration } from './invalidate-listings';

/** POST /api/admin/sellers/:id/verify: the seller, now verified. */
const verifySeller = (id: string) => callApi(adminEndpoints.verifySeller, { params: { id } });

/**
 * Verifies a seller: All Sellers shows 'Verified' at once, and every page with their cards loads
 * again (the verified badge). A refusal (verified meanwhile, removed) reloads the list to show why.
 */
export function useVerifySeller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => verifySeller(id),
    onSuccess: (verified) => {
      updateAdminUsers(queryClient, (user) => (user.id === verified.id ? verified : user));
      invalidateAfterModeration(queryClient);
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.usersAll });
    },
  });
}
