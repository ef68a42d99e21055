import { accountTexts, messages } from '@recell/contract';
import { Suspense, use, useEffect, useId, useState } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { CloseIcon, MenuIcon } from '@/components/icons';
import { Avatar } from '@/components/ui/avatar';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { EmailConfirmationNotice, RenderedSignedInContext, useAuth } from '@/features/auth';
import { UnreadBadge, useUnreadMessages } from '@/features/messages';
import { dashboardMenus } from './dashboard-menu';

const menuItemClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 items-center rounded-lg px-3 py-2 text-sm font-medium ${
    isActive
      ? 'bg-teal-700 text-white'
      : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'
  }`;

/**
 * The dashboard (inside the site layout, behind RequireAuth): a sidebar with the user's photo,
 * name, 'View profile' and their role's menu, and the page. On phones the sidebar folds away
 * behind a button. Wider than the site's 80rem column, with a narrow sidebar: the page's tables get
 * the room a wide screen has (decision 0053). On a page the server rendered for its viewer, the
 * sidebar's person and menu wait for the session, as the server rendered them (decision 0078).
 */
export function DashboardLayout() {
  const { user, status } = useAuth();
  const isRenderedSignedIn = use(RenderedSignedInContext);
  const [isOpen, setOpen] = useState(false);
  const sidebarId = useId();
  const unread = useUnreadMessages();

  useEffect(() => {
    if (!isOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [isOpen]);

  // RequireAuth lets signed-in users through only (and, while the session loads, a rendered page).
  if (!user && !(status === 'loading' && isRenderedSignedIn)) return null;
  const close = () => {
    setOpen(false);
  };

  return (
    <div className="mx-auto flex max-w-[96rem] flex-col gap-4 px-4 py-6 md:flex-row md:gap-6">
      <button
        type="button"
        className="btn btn-outline self-start md:hidden"
        aria-expanded={isOpen}
        aria-controls={sidebarId}
        onClick={() => {
          setOpen((open) => !open);
        }}
      >
        {isOpen ? <CloseIcon className="size-5" /> : <MenuIcon className="size-5" />}
        {accountTexts.dashboardMenu}
      </button>

      <aside
        id={sidebarId}
        className={`${isOpen ? 'block' : 'hidden'} shrink-0 rounded-2xl border border-slate-200 bg-white p-5 md:block md:w-56 md:self-start dark:border-slate-800 dark:bg-slate-900`}
      >
        {user && (
          <>
            <div className="flex flex-col items-center text-center">
              <Avatar name={user.name} imageUrl={user.imageUrl} alt={user.name} className="size-20 text-3xl" />
              <p className="mt-3 font-semibold break-words">{user.name}</p>
              <Link to={paths.profile.to()} className="link mt-1 text-sm" onClick={close}>
                {messages.viewProfile}
              </Link>
            </div>
            <nav
              aria-label={accountTexts.dashboardMenu}
              className="mt-6 border-t border-slate-200 pt-4 dark:border-slate-800"
            >
              <ul className="space-y-1">
                {dashboardMenus[user.role].map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} className={menuItemClass} onClick={close}>
                      {item.label}
                      {item.showsUnread && <UnreadBadge count={unread.data?.total ?? 0} />}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          </>
        )}
      </aside>

      <div className="min-w-0 flex-1">
        <EmailConfirmationNotice />
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
