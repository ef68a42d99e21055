import { notificationTexts } from '@recell/contract';
import { Page } from '@/components/ui/page';
import { NotificationList } from '@/features/notifications';

/** The signed-in person's notifications (the bell opens this page; the route is behind RequireAuth). */
function NotificationsPage() {
  return (
    <Page title={notificationTexts.heading}>
      <NotificationList />
    </Page>
  );
}

export default NotificationsPage;
