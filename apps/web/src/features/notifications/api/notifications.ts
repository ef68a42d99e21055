import { notificationEndpoints, type UpdateEmailPreferences } from '@recell/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { pagedQuery } from '@/lib/paged-query';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  unread: ['notifications', 'unread'] as const,
  preferences: ['email-preferences'] as const,
};

/** How often the bell asks for the unread count while the page is open (and on focus). */
const unreadPollMs = 60_000;

/** GET /api/me/notifications/unread-count: the bell's number, polled modestly. */
export const useUnreadCount = () =>
  useQuery({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) => callApi(notificationEndpoints.unreadCount, { signal }),
    refetchInterval: unreadPollMs,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: 30_000,
  });

const getNotifications = (cursor: string | null, signal?: AbortSignal) =>
  callApi(notificationEndpoints.list, { query: { cursor }, signal });

/** GET /api/me/notifications: newest first, page by page. */
export const useNotifications = () =>
  useInfiniteQuery({ ...pagedQuery(notificationKeys.list, getNotifications), refetchOnWindowFocus: true });

/** POST /api/me/notifications/:id/read, or /read-all without an id; the list and the bell refresh. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | 'all') =>
      id === 'all'
        ? callApi(notificationEndpoints.markAllRead)
        : callApi(notificationEndpoints.markRead, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** GET /api/me/email-preferences. */
export const useEmailPreferences = () =>
  useQuery({
    queryKey: notificationKeys.preferences,
    queryFn: ({ signal }) => callApi(notificationEndpoints.emailPreferences, { signal }),
  });

/** PUT /api/me/email-preferences. */
export function useUpdateEmailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateEmailPreferences) => callApi(notificationEndpoints.updateEmailPreferences, { json: body }),
    onSuccess: (preferences) => {
      queryClient.setQueryData(notificationKeys.preferences, preferences);
    },
  });
}

/** GET /api/email-unsubscribe?token=: what an emailed link stops (changes nothing). */
export const getUnsubscribeInfo = (token: string) =>
  callApi(notificationEndpoints.unsubscribeInfo, { query: { token } });

/** POST /api/email-unsubscribe?token=: stops that kind of email. */
export const unsubscribe = (token: string) => callApi(notificationEndpoints.unsubscribe, { query: { token } });
