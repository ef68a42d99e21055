import { useRef } from 'react';
import { Dialog } from './dialog';
import { DialogActions } from './dialog-actions';

/**
 * Asks before a removal. Cancel has the focus first: Enter on a freshly opened dialog must not
 * remove anything. While the removal runs (`isBusy`), both buttons wait and Escape is ignored;
 * `failure` says inside the dialog why it was refused.
 */
export function ConfirmDialog({
  title,
  description,
  labels,
  isBusy,
  failure,
  onConfirm,
  onClose,
}: {
  title: string;
  description: string;
  /** The buttons' texts: Cancel, Delete and Delete's while the removal runs. */
  labels: { cancel: string; delete: string; deleting: string };
  isBusy: boolean;
  failure?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog title={title} description={description} onClose={onClose} isBusy={isBusy} initialFocus={cancelRef}>
      <DialogActions
        className="mt-6"
        tone="danger"
        cancelLabel={labels.cancel}
        actionLabel={labels.delete}
        busyLabel={labels.deleting}
        isBusy={isBusy}
        failure={failure}
        cancelRef={cancelRef}
        onCancel={onClose}
        onAction={onConfirm}
      />
    </Dialog>
  );
}
