import { formatPrice, orderDetailsTexts } from '@recell/contract';
import { Link } from 'react-router';
import { cell, MediaCell } from '@/components/ui/data-table/table';
import { ProductThumb } from '@/components/ui/product-thumb';
import { dashboardPaths } from '@/config/dashboard-paths';
import { paths } from '@/config/paths';
import { UnreadBadge, useUnreadMessages } from '@/features/messages';

/**
 * The phone's first cells of an order's row in My Orders and My Sales: its picture, its name (the
 * row's header, a link to the listing while it is there) and the price. A name wraps between its
 * words only: a word is broken only when it alone is wider than the card.
 */
export function OrderPhoneCells({
  product,
  priceCents,
  nameId,
}: {
  product: { id: string; name: string; imageUrl: string; status: string };
  priceCents: number;
  nameId: string;
}) {
  return (
    <>
      <MediaCell className="@max-4xl:row-span-2">
        <ProductThumb imageUrl={product.imageUrl} name={product.name} />
      </MediaCell>
      <th
        scope="row"
        role="rowheader"
        id={nameId}
        className={`${cell} text-left font-semibold break-words @max-4xl:self-end @max-4xl:text-base`}
      >
        {product.status === 'removed' ? (
          <span>{product.name}</span>
        ) : (
          <Link to={paths.product.to(product.id)} className="link">
            {product.name}
          </Link>
        )}
      </th>
      <td role="cell" className={`${cell} font-semibold whitespace-nowrap @max-4xl:self-start`}>
        {formatPrice(priceCents)}
      </td>
    </>
  );
}

/**
 * 'View order': the row's link to the order's page (its steps, actions, messages and help), with
 * the order's unread messages ("View order (2 unread messages)"), described by the row's phone.
 */
export function ViewOrderLink({ orderId, describedBy }: { orderId: string; describedBy: string }) {
  const unread = useUnreadMessages();
  const count = unread.data?.orders.find((order) => order.orderId === orderId)?.count ?? 0;
  return (
    <Link
      to={dashboardPaths.order.to(orderId)}
      className="btn btn-outline whitespace-nowrap"
      aria-describedby={describedBy}
    >
      {orderDetailsTexts.viewOrder}
      <UnreadBadge count={count} />
    </Link>
  );
}
