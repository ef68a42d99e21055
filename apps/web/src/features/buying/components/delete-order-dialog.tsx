import { buyingTexts, messages, type Order } from '@recell/contract';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/lib/toast';
import { useDeleteOrder } from '../api/delete-order';
import { dialogError } from '@/lib/dialog-send';

/**
 * Asks before an unpaid order is removed. Cancel has the focus first: Enter on a freshly opened
 * dialog must not delete. On success: 'Order Remove Successfully'.
 */
export function DeleteOrderDialog({
  order,
  onClose,
  onDeleted,
}: {
  order: { id: string; product: Pick<Order['product'], 'name'> };
  onClose: () => void;
  onDeleted: () => void;
}) {
  const deleteOrder = useDeleteOrder();
  const [failure, setFailure] = useState<string | null>(null);

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
    <ConfirmDialog
      title={buyingTexts.deleteOrderTitle(order.product.name)}
      description={buyingTexts.deleteOrderText}
      labels={buyingTexts}
      isBusy={deleteOrder.isPending}
      failure={failure}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
