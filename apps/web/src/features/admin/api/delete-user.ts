import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints } from '@recell/contract';
import { callApi } from '@/lib/api-client';
import { adminKeys } from './admin-keys';
import { updateAdminUsers } from './get-admin-users';
import { invalidateAfterModeration } from './invalidate-listings';

/** DELETE /api/admin/users/:id (204): the account is closed, its sessions and listings go. */
const deleteUser = (id: string) => callApi(adminEndpoints.deleteUser, { params: { id } });

/**
 * Removes a buyer or a seller: the row leaves the table at once (which then reloads), and every
 * screen that may show their listings or reports loads again.
 */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteUser(id),
    onSuccess: (_, id) => {
      updateAdminUsers(queryClient, (user) => (user.id === id ? null : user));
      void queryClient.invalidateQueries({ queryKey: adminKeys.usersAll });
      void queryClient.invalidateQueries({ queryKey: adminKeys.reports });
      invalidateAfterModeration(queryClient);
    },
  });
}
