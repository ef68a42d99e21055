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
