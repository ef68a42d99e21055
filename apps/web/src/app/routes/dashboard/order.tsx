import { orderDetailsTexts } from '@recell/contract';
import { useParams } from 'react-router';
import { OrderDetailsView, useOrderDetails } from '@/features/buying';
import { DashboardPage } from './dashboard-page';

/**
 * An order's own page (from My Orders, My Sales, notifications and emails): 'Order of {phone}'
 * once the order has loaded ('Order' meanwhile, and for an order that is not the caller's).
 */
function OrderPage() {
  const { id = '' } = useParams();
  const order = useOrderDetails(id);
  const heading = order.data ? orderDetailsTexts.heading(order.data.product.name) : orderDetailsTexts.pageTitle;
  return (
    <DashboardPage title={heading}>
      <OrderDetailsView key={id} orderId={id} />
    </DashboardPage>
  );
}

export default OrderPage;
