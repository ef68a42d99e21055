import type { FormEvent, ReactNode, RefObject } from 'react';
import { Dialog } from './dialog';
import { DialogActions } from './dialog-actions';

/**
 * A modal form (booking, report): its fields (scrolling when the screen is short), why the request
 * failed (`failure`, said inside the dialog), then Cancel and the submit button, always in view. While `isBusy` both wait and Escape is ignored.
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
      {/* The fields scroll between the title and the buttons: on a small screen Cancel and the
          submit button stay in view, whatever the title's length. */}
      <form noValidate className="mt-4 flex min-h-0 flex-col" onSubmit={(event) => void onSubmit(event)}>
        <div className="-mx-1 grid min-h-0 gap-4 overflow-y-auto px-1 pb-1">{children}</div>
        <DialogActions
          className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-700"
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
