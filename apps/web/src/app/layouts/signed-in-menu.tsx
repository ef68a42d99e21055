import { webTexts } from '@recell/contract';
import type { ReactNode } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { paths } from '@/config/paths';
import type { AuthContextValue } from '@/features/auth';
import { NotificationBell } from '@/features/notifications/bell';

/**
 * The header's items for a signed-in person: the notifications bell, Profile (small screens),
 * Dashboard with their photo, Log out. A chunk of its own, loaded only for signed-in people, so the
 * bell and its polling cost the home page's first load nothing.
 */
export default function SignedInMenu({
  auth,
  item,
  close,
}: {
  auth: Extract<AuthContextValue, { status: 'signedIn' }>;
  item: (to: string, label: ReactNode, extra?: string) => ReactNode;
  close: () => void;
}) {
  return (
    <>
      <li>
        <NotificationBell onNavigate={close} />
      </li>
      {item(paths.profile.to(), webTexts.navProfile, 'md:hidden')}
      {item(
        paths.dashboard.to(),
        <>
          <Avatar
            name={auth.user.name}
            imageUrl={auth.user.imageUrl}
            alt=""
            className="size-7 text-sm ring-2 ring-teal-600"
          />
          {webTexts.navDashboard}
        </>,
      )}
      <li>
        <button
          type="button"
          className="btn btn-outline w-full md:w-auto"
          onClick={() => {
            close();
            void auth.logout();
          }}
        >
          {webTexts.logout}
        </button>
      </li>
    </>
  );
}
