import type { ReactNode, RefObject } from 'react';

const actionClass = { primary: 'btn btn-primary', danger: 'btn bg-red-700 text-white hover:bg-red-800' } as const;
const rowClass = 'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end';

/** A dialog's failure message, announced as it appears (a toast would sit behind the modal). */
function DialogAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
    >
      {message}
    </p>
  );
}

/**
 * A dialog's foot: why its action failed (`failure`), then Cancel and the action (side by side from
 * `sm`, the action first on phones). While `isBusy` both wait and the action says `busyLabel`. The
 * action submits the dialog's form unless it has an `onAction` of its own.
 */
export function DialogActions({
  cancelLabel,
  actionLabel,
  busyLabel,
  isBusy,
  onCancel,
  onAction,
  cancelRef,
  tone = 'primary',
  failure,
  className,
}: {
  cancelLabel: string;
  actionLabel: ReactNode;
  busyLabel: ReactNode;
  isBusy: boolean;
  onCancel: () => void;
  onAction?: () => void;
  cancelRef?: RefObject<HTMLButtonElement | null>;
  tone?: keyof typeof actionClass;
  failure?: string | null;
  /** Extra classes for the buttons' row (its margin). */
  className?: string;
}) {
  return (
    <>
      <DialogAlert message={failure} />
      <div className={className ? `${className} ${rowClass}` : rowClass}>
        <button ref={cancelRef} type="button" className="btn btn-outline" disabled={isBusy} onClick={onCancel}>
          {cancelLabel}
        </button>
        <button
          type={onAction ? 'button' : 'submit'}
          className={actionClass[tone]}
          disabled={isBusy}
          aria-busy={isBusy}
          onClick={onAction}
        >
          {isBusy ? busyLabel : actionLabel}
        </button>
      </div>
    </>
  );
}
