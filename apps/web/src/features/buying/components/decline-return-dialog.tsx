import { zodResolver } from '@hookform/resolvers/zod';
import { DeclineReturnSchema, returnLimits, returnTexts as texts, type OrderDetails } from '@recell/contract';
import { OneFieldDialog } from '@/components/ui/one-field-dialog';
import { useDeclineReturn } from '../api/order-returns';

const resolver = zodResolver(DeclineReturnSchema);

/** The seller declines a return, saying why: the buyer and an admin read it, and the admin decides. */
export default function DeclineReturnDialog({
  order,
  onClose,
}: {
  order: Pick<OrderDetails, 'id'>;
  onClose: () => void;
}) {
  const decline = useDeclineReturn();
  return (
    <OneFieldDialog
      title={texts.declineTitle}
      resolver={resolver}
      defaultValues={{ reason: '' }}
      field={{
        name: 'reason',
        label: texts.declineReason,
        hint: texts.declineHint,
        rows: 4,
        required: true,
        maxLength: returnLimits.reason,
      }}
      labels={{ cancel: texts.cancel, submit: texts.confirmDecline, busy: texts.declining }}
      send={({ reason }) => decline.mutateAsync({ orderId: order.id, reason })}
      doneToast={texts.declinedToast}
      onClose={onClose}
    />
  );
}
