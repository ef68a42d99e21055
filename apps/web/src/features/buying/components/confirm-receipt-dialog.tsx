import { orderDetailsTexts, orderProgressTexts } from '@recell/contract';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { dialogError } from '@/lib/dialog-send';
import { toast } from '@/lib/toast';
import { useConfirmReceipt } from '../api/order-progress';

/**
 * "Confirm receipt?": the buyer's receipt completes the order for good, so it asks first and says it
 * cannot be undone (and until when a problem can still be reported). Cancel has the focus first:
 * Enter on a freshly opened dialog must not complete anything. A refusal is said inside the dialog.
 */
export function ConfirmReceiptDialog({
  orderId,
  problemUntil,
  onClose,
}: {
  orderId: string;
  /** The end of the problem window, as the page shows it; null when it is over. */
  problemUntil: string | null;
  onClose: () => void;
}) {
  const confirmReceipt = useConfirmReceipt();
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = () => {
    setFailure(null);
    confirmReceipt.mutate(orderId, {
      onSuccess: () => {
        onClose();
        toast.success(orderProgressTexts.receiptToast);
      },
      onError: (error) => {
        setFailure(dialogError(error));
      },
    });
  };
  return (
    <ConfirmDialog
      title={orderDetailsTexts.confirmReceiptTitle}
      description={orderDetailsTexts.confirmReceiptText}
      labels={{
        cancel: orderProgressTexts.cancel,
        delete: orderProgressTexts.confirmReceipt,
        deleting: orderProgressTexts.confirmingReceipt,
      }}
      tone="primary"
      isBusy={confirmReceipt.isPending}
      failure={failure}
      onConfirm={confirm}
      onClose={onClose}
    >
      {problemUntil && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          {orderDetailsTexts.confirmReceiptProblemHint(problemUntil)}
        </p>
      )}
    </ConfirmDialog>
  );
}
