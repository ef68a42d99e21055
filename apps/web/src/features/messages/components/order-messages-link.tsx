import { orderMessageTexts } from '@recell/contract';
import { Link } from 'react-router';
import { dashboardPaths } from '@/config/dashboard-paths';
import { useUnreadMessages } from '../api/get-unread';
import { UnreadBadge } from './unread-badge';

/**
 * 'Messages' to an order's thread, with its unread count, for a row of My Orders or My Sales
 * (described by the row's phone). The counts are the dashboard menu's, asked for once.
 */
export function OrderMessagesLink({ orderId, describedBy }: { orderId: string; describedBy?: string }) {
  const unread = useUnreadMessages();
  const count = unread.data?.orders.find((order) => order.orderId === orderId)?.count ?? 0;
  return (
    <Link
      to={dashboardPaths.orderMessages.to(orderId)}
      className="btn btn-outline whitespace-nowrap"
      aria-describedby={describedBy}
    >
      {orderMessageTexts.openThread}
      <UnreadBadge count={count} />
    </Link>
  );
}
