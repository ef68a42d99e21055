import { orderDetailsTexts, orderProgressTexts } from '@recell/contract';
import { useRef, useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { DialogActions } from '@/components/ui/dialog-actions';
import { toast } from '@/lib/toast';
import { useConfirmReceipt } from '../api/order-progress';
import { dialogError } from './dialog-error';

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
  const cancelRef = useRef<HTMLButtonElement>(null);
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
    <Dialog
      title={orderDetailsTexts.confirmReceiptTitle}
      description={orderDetailsTexts.confirmReceiptText}
      isBusy={confirmReceipt.isPending}
      initialFocus={cancelRef}
      onClose={onClose}
    >
      {problemUntil && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          {orderDetailsTexts.confirmReceiptProblemHint(problemUntil)}
        </p>
      )}
      <DialogActions
        className="mt-6"
        cancelLabel={orderProgressTexts.cancel}
        actionLabel={orderProgressTexts.confirmReceipt}
        busyLabel={orderProgressTexts.confirmingReceipt}
        isBusy={confirmReceipt.isPending}
        failure={failure}
        cancelRef={cancelRef}
        onCancel={onClose}
        onAction={confirm}
      />
    </Dialog>
  );
}
