import { accessTexts, accountTexts, messages } from '@recell/contract';
import { useParams } from 'react-router';
import { ConfirmEmailFirst } from '@/features/auth';
import { OrderPayment, useOrder } from '@/features/payments';
import { DashboardPage } from './dashboard-page';

/**
 * Paying for an order (docs/product.md, Screens): 'Making {product name} Payments' once the order has loaded
 * ('Payment' meanwhile, and for an order that is not the buyer's). An unconfirmed email is told to
 * confirm it first (the card payment is not even started).
 */
export function PaymentPage() {
  const { id = '' } = useParams();
  const order = useOrder(id);
  const heading = order.data ? messages.paymentHeading(order.data.product.name) : accountTexts.payment;
  return (
    <DashboardPage title={heading}>
      <ConfirmEmailFirst withResend={false} what={accessTexts.confirmToPay}>
        <OrderPayment orderId={id} />
      </ConfirmEmailFirst>
    </DashboardPage>
  );
}

export default PaymentPage;
