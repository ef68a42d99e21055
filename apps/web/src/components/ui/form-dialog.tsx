import type { FormEvent, ReactNode, RefObject } from 'react';
import { Dialog } from './dialog';
import { DialogActions } from './dialog-actions';

/**
 * A modal form (booking, report): its fields, why the request failed (`failure`, said inside the
 * dialog), then Cancel and the submit button. While `isBusy` both wait and Escape is ignored.
 */
export function FormDialog({
  title,
  initialFocus,
  isBusy,
  failure,
  cancelLabel,
  submitLabel,
  busyLabel,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  initialFocus?: RefObject<HTMLElement | null>;
  isBusy: boolean;
  failure: string | null;
  cancelLabel: string;
  submitLabel: string;
  busyLabel: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog title={title} onClose={onClose} isBusy={isBusy} initialFocus={initialFocus}>
      <form noValidate className="mt-4 grid gap-4" onSubmit={(event) => void onSubmit(event)}>
        {children}
        <DialogActions
          cancelLabel={cancelLabel}
          actionLabel={submitLabel}
          busyLabel={busyLabel}
          isBusy={isBusy}
          failure={failure}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
