import { returnTexts as texts, type OrderDetails } from '@recell/contract';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { dialogError } from '@/lib/dialog-send';
import { toast } from '@/lib/toast';
import { useAcceptReturn } from '../api/order-returns';

/** The seller accepts a return, after saying what follows: a prepaid label for the buyer, then the IMEI. */
export default function AcceptReturnDialog({
  order,
  onClose,
}: {
  order: Pick<OrderDetails, 'id'>;
  onClose: () => void;
}) {
  const accept = useAcceptReturn();
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <ConfirmDialog
      title={texts.acceptTitle}
      description={texts.acceptText}
      tone="primary"
      labels={{ cancel: texts.cancel, delete: texts.acceptReturn, deleting: texts.accepting }}
      isBusy={accept.isPending}
      failure={failure}
      onConfirm={() => {
        setFailure(null);
        accept.mutate(order.id, {
          onSuccess: () => {
            onClose();
            toast.success(texts.acceptedToast);
          },
          onError: (error) => setFailure(dialogError(error)),
        });
      }}
      onClose={onClose}
    />
  );
}
