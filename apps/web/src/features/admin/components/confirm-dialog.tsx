import { adminTexts } from '@recell/contract';
import { useRef } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { dangerSolidButton } from './table-styles';

/**
 * Asks before a removal. Cancel has the focus first: Enter on a freshly opened dialog must not
 * remove anything. While the removal runs, both buttons wait and Escape is ignored.
 */
export function ConfirmDialog({
  title,
  description,
  isBusy,
  onConfirm,
  onClose,
}: {
  title: string;
  description: string;
  isBusy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog title={title} description={description} onClose={onClose} isBusy={isBusy} initialFocus={cancelRef}>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button ref={cancelRef} type="button" className="btn btn-outline" disabled={isBusy} onClick={onClose}>
          {adminTexts.cancel}
        </button>
        <button type="button" className={dangerSolidButton} disabled={isBusy} aria-busy={isBusy} onClick={onConfirm}>
          {isBusy ? adminTexts.deleting : adminTexts.delete}
        </button>
      </div>
    </Dialog>
  );
}
