import { paymentTexts } from '@recell/contract';
import { useParams } from 'react-router';
import { ReceiptView } from '@/features/payments';
import { DashboardPage } from './dashboard-page';

/** The buyer's receipt of a paid order (linked from the order's page and the payment email). */
export function ReceiptPage() {
  const { id = '' } = useParams();
  return (
    <DashboardPage title={paymentTexts.receiptTitle}>
      <ReceiptView orderId={id} />
    </DashboardPage>
  );
}

export default ReceiptPage;
