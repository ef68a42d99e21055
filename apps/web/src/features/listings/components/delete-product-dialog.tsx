import { listingTexts, messages, type MyProduct } from '@recell/contract';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { showActionError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useDeleteProduct } from '../api/delete-product';

/**
 * Asks before a listing is removed (and its advertisement with it). Cancel has the focus first:
 * Enter on a freshly opened dialog must not delete. On success: 'Product Remove Successfully'.
 */
export function DeleteProductDialog({
  product,
  onClose,
  onDeleted,
}: {
  product: MyProduct;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const deleteProduct = useDeleteProduct();

  const confirm = () => {
    deleteProduct.mutate(product.id, {
      onSuccess: () => {
        toast.success(messages.productRemoved);
        onDeleted();
      },
      onError: showActionError,
    });
  };

  return (
    <ConfirmDialog
      title={listingTexts.deleteTitle(product.name)}
      description={listingTexts.deleteText}
      labels={listingTexts}
      isBusy={deleteProduct.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
