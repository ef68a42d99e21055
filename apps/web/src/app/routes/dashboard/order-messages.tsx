import { accessTexts, orderMessageTexts } from '@recell/contract';
import { useParams } from 'react-router';
import { ConfirmEmailFirst } from '@/features/auth';
import { OrderThread } from '@/features/messages';
import { DashboardPage } from './dashboard-page';

/** An order's messages between its buyer and its phone's seller (from My Orders, My Sales or an email). */
function OrderMessagesPage() {
  const { id = '' } = useParams();
  return (
    <DashboardPage title={orderMessageTexts.pageTitle}>
      <ConfirmEmailFirst withResend={false} what={accessTexts.confirmToMessage}>
        <OrderThread key={id} orderId={id} />
      </ConfirmEmailFirst>
    </DashboardPage>
  );
}

export default OrderMessagesPage;
