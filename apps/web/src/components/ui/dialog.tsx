import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';

/**
 * A modal dialog on the native `<dialog>` and `showModal()`: the rest of the page is inert (focus
 * stays inside), Escape closes it, and focus returns to where it was. Render it only while it is
 * open; it opens on mount and calls `onClose` when it closes (Escape or `close()`). While `isBusy`
 * (its action is under way) Escape is ignored.
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
    if (!dialog.open) dialog.showModal();
    initialFocus?.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
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
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:bg-slate-900 dark:text-slate-100"
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
