import { buyingTexts, messages, type Order } from '@recell/contract';
import { useRef, useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/lib/toast';
import { useDeleteOrder } from '../api/delete-order';
import { DialogAlert, dialogError } from './dialog-error';

/**
 * Asks before an unpaid order is removed. Cancel has the focus first: Enter on a freshly opened
 * dialog must not delete. On success: 'Order Remove Successfully'.
 */
export function DeleteOrderDialog({
  order,
  onClose,
  onDeleted,
}: {
  order: Order;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const deleteOrder = useDeleteOrder();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const isDeleting = deleteOrder.isPending;

  const confirm = () => {
    setFailure(null);
    deleteOrder.mutate(order.id, {
      onSuccess: () => {
        onDeleted();
        toast.success(messages.orderRemoved);
      },
      onError: (error) => {
        setFailure(dialogError(error));
      },
    });
  };

  return (
    <Dialog
      title={buyingTexts.deleteOrderTitle(order.product.name)}
      description={buyingTexts.deleteOrderText}
      onClose={onClose}
      isBusy={isDeleting}
      initialFocus={cancelRef}
    >
      <DialogAlert message={failure} />
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button ref={cancelRef} type="button" className="btn btn-outline" disabled={isDeleting} onClick={onClose}>
          {buyingTexts.cancel}
        </button>
        <button
          type="button"
          className="btn bg-red-700 text-white hover:bg-red-800"
          disabled={isDeleting}
          aria-busy={isDeleting}
          onClick={confirm}
        >
          {isDeleting ? buyingTexts.deleting : buyingTexts.delete}
        </button>
      </div>
    </Dialog>
  );
}
