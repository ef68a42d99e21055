import { accountTexts, messages } from '@recell/contract';
import { useParams } from 'react-router';
import { OrderPayment, useOrder } from '@/features/payments';
import { DashboardPage } from './dashboard-page';

/**
 * Paying for an order (spec §2): 'Making {product name} Payments' once the order has loaded
 * ('Payment' meanwhile, and for an order that is not the buyer's).
 */
export function PaymentPage() {
  const { id = '' } = useParams();
  const order = useOrder(id);
  const heading = order.data ? messages.paymentHeading(order.data.product.name) : accountTexts.payment;
  return (
    <DashboardPage title={heading}>
      <OrderPayment orderId={id} />
    </DashboardPage>
  );
}

export default PaymentPage;
