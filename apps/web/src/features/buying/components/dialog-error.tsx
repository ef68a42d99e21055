import { messages } from '@recell/contract';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError, wasReported } from '@/lib/api-client';

/**
 * Why a dialog's request failed, said inside the dialog (a toast would sit behind the modal, in the
 * inert page): the API's field errors under their fields (the first one focused), anything else
 * returned as the dialog's own message. Null when there is nothing more to say: the API client has
 * reported it already (the unauthorized toast and logout), it was aborted, or the fields say it.
 */
export function dialogError<T extends FieldValues>(
  error: unknown,
  setError?: UseFormSetError<T>,
  fieldNames: readonly Path<T>[] = [],
): string | null {
  if (wasReported(error) || (error instanceof DOMException && error.name === 'AbortError')) return null;
  if (!isApiError(error)) return messages.internalError;
  let shown = 0;
  for (const name of fieldNames) {
    const message = error.fields?.[name];
    if (message === undefined || !setError) continue;
    setError(name, { type: 'server', message }, { shouldFocus: shown === 0 });
    shown += 1;
  }
  return shown > 0 ? null : error.message;
}

/** A dialog's failure message, announced as it appears. */
export function DialogAlert({ message }: { message: string | null }) {
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
