import { listingTexts, messages, type MyProduct } from '@recell/contract';
import { useRef } from 'react';
import { Dialog } from '@/components/ui/dialog';
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
  const cancelRef = useRef<HTMLButtonElement>(null);
  const isDeleting = deleteProduct.isPending;

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
    <Dialog
      title={listingTexts.deleteTitle(product.name)}
      description={listingTexts.deleteText}
      onClose={onClose}
      isBusy={isDeleting}
      initialFocus={cancelRef}
    >
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button ref={cancelRef} type="button" className="btn btn-outline" disabled={isDeleting} onClick={onClose}>
          {listingTexts.cancel}
        </button>
        <button
          type="button"
          className="btn bg-red-700 text-white hover:bg-red-800"
          disabled={isDeleting}
          aria-busy={isDeleting}
          onClick={confirm}
        >
          {isDeleting ? listingTexts.deleting : listingTexts.delete}
        </button>
      </div>
    </Dialog>
  );
}
