import { orderMessageEndpoints, type UnreadMessages } from '@recell/contract';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '@/features/auth';
import { callApi } from '@/lib/api-client';
import { messageKeys } from '@/lib/query-keys';

const getUnread = (signal?: AbortSignal) => callApi(orderMessageEndpoints.unread, { signal });

/** How often the counts are asked for while the page is in front (and again whenever it comes back). */
const pollMs = 30_000;

/**
 * GET /api/me/messages/unread: the signed-in user's unread messages, for the dashboard menu and
 * each order's Messages link. Asked only for a buyer or a seller whose email is confirmed: the API
 * refuses anyone else, and a refusal would sign them out.
 */
export const useUnreadMessages = () => {
  const { user } = useAuth();
  const hasThreads = Boolean(user?.isEmailConfirmed) && (user?.role === 'user' || user?.role === 'seller');
  return useQuery<UnreadMessages>({
    queryKey: messageKeys.unread,
    queryFn: ({ signal }) => getUnread(signal),
    enabled: hasThreads,
    staleTime: pollMs / 2,
    refetchInterval: pollMs,
    refetchOnWindowFocus: true,
  });
};
