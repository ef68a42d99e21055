import { notificationTexts, safeNextPath, type Notification } from '@recell/contract';
import { Link } from 'react-router';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { formatListingTime } from '@/lib/format-time';
import { useMarkRead, useNotifications } from '../api/notifications';

function NotificationItem({ notification, onOpen }: { notification: Notification; onOpen: () => void }) {
  const isUnread = notification.readAt === null;
  // Links come from the server; only a path on this site is followed.
  const to = safeNextPath(notification.link) ?? '/';
  return (
    <li
      className={`rounded-lg border p-4 ${
        isUnread ? 'border-teal-600 bg-teal-50 dark:bg-teal-950' : 'border-slate-200 dark:border-slate-800'
      }`}
    >
      <p className="flex flex-wrap items-baseline justify-between gap-2">
        <Link to={to} onClick={onOpen} className="font-semibold text-teal-800 underline dark:text-teal-300">
          {notification.title}
        </Link>
        <time dateTime={notification.createdAt} className="text-sm text-slate-600 dark:text-slate-400">
          {formatListingTime(notification.createdAt)}
        </time>
      </p>
      <p className="mt-1">
        {isUnread && <span className="mr-2 text-sm font-semibold">{notificationTexts.unread}:</span>}
        {notification.body}
      </p>
    </li>
  );
}

/** The signed-in person's notifications, newest first; opening one marks it read. */
export function NotificationList() {
  const query = useNotifications();
  const markRead = useMarkRead();
  if (query.isPending) return <Spinner />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <p className="mt-6">{notificationTexts.empty}</p>;
  const hasUnread = items.some((item) => item.readAt === null);
  return (
    <div className="mt-6">
      {hasUnread && (
        <button
          type="button"
          className="btn btn-outline"
          disabled={markRead.isPending}
          onClick={() => {
            markRead.mutate('all');
          }}
        >
          {notificationTexts.markAllRead}
        </button>
      )}
      <ul className="mt-4 flex flex-col gap-3">
        {items.map((notification) => (
          <NotificationItem
            key={notification.id}
            notification={notification}
            onOpen={() => {
              if (notification.readAt === null) markRead.mutate(notification.id);
            }}
          />
        ))}
      </ul>
      {query.hasNextPage && (
        <button
          type="button"
          className="btn btn-outline mt-4"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {notificationTexts.loadMore}
        </button>
      )}
    </div>
  );
}
