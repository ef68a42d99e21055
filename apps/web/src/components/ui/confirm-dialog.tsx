import { useEffect, useRef, type ReactNode } from 'react';
import { Dialog } from './dialog';
import { DialogActions } from './dialog-actions';

/**
 * Asks before a step that cannot be undone (a removal; `tone="primary"` for one that is no loss,
 * such as confirming receipt), with `children` under the description when there is more to say.
 * Cancel has the focus first: Enter on a freshly opened dialog must not do anything. While the
 * action runs (`isBusy`), both buttons wait and Escape is ignored; `failure` says inside the dialog
 * why it was refused.
 *
 * The action is asked for once per press that the dialog has answered: a second click that lands
 * before the first one's `isBusy` has disabled the button (a double-click) asks for nothing, so a
 * removal is never sent twice (the second would find the thing gone and say so in a dialog the
 * first one's success is closing).
 */
export function ConfirmDialog({
  title,
  description,
  labels,
  tone = 'danger',
  isBusy,
  failure,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  description: string;
  /** The buttons' texts: Cancel, the action (Delete) and the action's while it runs. */
  labels: { cancel: string; delete: string; deleting: string };
  tone?: 'danger' | 'primary';
  isBusy: boolean;
  failure?: string | null;
  /** Starts the action; `isBusy` is true from then until it is over (a mutation's isPending). */
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  // Set by a press; the first render that finds the action not busy (it is over) clears it. A
  // mutation is pending from the moment it is started, so no render comes between.
  const isPressed = useRef(false);
  useEffect(() => {
    if (!isBusy) isPressed.current = false;
  });
  const confirm = () => {
    if (isBusy || isPressed.current) return;
    isPressed.current = true;
    onConfirm();
  };
  return (
    <Dialog title={title} description={description} onClose={onClose} isBusy={isBusy} initialFocus={cancelRef}>
      {children}
      <DialogActions
        className="mt-6"
        tone={tone}
        cancelLabel={labels.cancel}
        actionLabel={labels.delete}
        busyLabel={labels.deleting}
        isBusy={isBusy}
        failure={failure}
        cancelRef={cancelRef}
        onCancel={onClose}
        onAction={confirm}
      />
    </Dialog>
  );
}
