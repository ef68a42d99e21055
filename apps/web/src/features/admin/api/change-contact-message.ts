import { contactEndpoints } from '@recell/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { adminKeys } from './admin-keys';
import { showChangedMessage } from './get-contact-messages';

const endpoints = { read: contactEndpoints.markRead, archive: contactEndpoints.archive } as const;

/**
 * POST /api/admin/contact-messages/:id/read or …/archive: the message changes in the inbox at once
 * (an archived one leaves it), then the Messages lists and the audit log refresh.
 */
export function useChangeContactMessage(action: keyof typeof endpoints) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(endpoints[action], { params: { id } }),
    onSuccess: (changed) => {
      showChangedMessage(queryClient, changed);
      void queryClient.invalidateQueries({ queryKey: adminKeys.contactMessagesAll });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.contactMessagesAll });
    },
  });
}
