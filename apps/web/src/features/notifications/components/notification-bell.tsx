import { notificationTexts } from '@recell/contract';
import { NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { useUnreadCount } from '../api/notifications';

function BellIcon({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" className={className}>
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

/**
 * The header's bell (signed-in people only; its chunk loads only for them): a link to the
 * notifications page named with the unread count, which it asks for on focus and every minute.
 * In the small screens' menu, a list of named items, it says "Notifications" beside the bell; in
 * the wide header it is the bell alone.
 */
export function NotificationBell({ onNavigate }: { onNavigate?: () => void }) {
  const { data } = useUnreadCount();
  const unread = data?.unread ?? 0;
  return (
    <NavLink
      to={paths.notifications.to()}
      aria-label={notificationTexts.bellLabel(unread)}
      onClick={onNavigate}
      className={({ isActive }) =>
        `relative flex min-h-11 min-w-11 items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium md:justify-center ${
          isActive
            ? 'bg-teal-50 text-teal-900 dark:bg-teal-950 dark:text-teal-200'
            : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'
        }`
      }
    >
      <BellIcon className="size-5 shrink-0" />
      <span className="md:sr-only">{notificationTexts.bellText}</span>
      {unread > 0 && (
        <span
          aria-hidden="true"
          className="min-w-5 md:absolute md:top-1 md:right-1 rounded-full bg-red-700 px-1 text-center text-xs leading-5 font-bold text-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </NavLink>
  );
}
