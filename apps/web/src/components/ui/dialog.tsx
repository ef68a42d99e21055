import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { isFocusLost, rememberFocusReturn } from '@/lib/focus';

/**
 * A modal dialog on the native `<dialog>` and `showModal()`: the rest of the page is inert (focus
 * stays inside), Escape closes it, and focus returns to where it was. Render it only while it is
 * open; it opens on mount and calls `onClose` when it closes (Escape or `close()`). While `isBusy`
 * (its action is under way) Escape is ignored. It is never taller than the viewport: a column whose
 * children may keep their own parts in view (a form's buttons, see FormDialog) while the rest scrolls.
 */
export function Dialog({
  title,
  description,
  onClose,
  isBusy = false,
  initialFocus,
  children,
}: {
  title: string;
  description?: string;
  onClose: () => void;
  isBusy?: boolean;
  /** What gets focus on opening (else the first focusable element). */
  initialFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const returnFocus = rememberFocusReturn(document.activeElement);
    if (!dialog.open) dialog.showModal();
    initialFocus?.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
      // A dialog that goes with the page (its action succeeded) is removed before it closes, and
      // the browser then leaves the focus on the page: back to the button that opened it, or, when
      // the action took that button away, to the place it was in (its table cell, row, section).
      if (isFocusLost()) returnFocus();
    };
  }, [initialFocus]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        if (isBusy) event.preventDefault();
      }}
      onClose={onClose}
      className="m-auto w-[calc(100%-2rem)] max-w-md flex-col rounded-2xl open:flex bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:bg-slate-900 dark:text-slate-100"
    >
      <h2 id={titleId} className="text-xl font-bold break-words">
        {title}
      </h2>
      {description && (
        <p id={descriptionId} className="mt-2 text-slate-600 dark:text-slate-300">
          {description}
        </p>
      )}
      {children}
    </dialog>
  );
}
