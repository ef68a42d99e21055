import { messages } from '@recell/contract';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { showEmailUnconfirmed } from '@/components/resend-confirmation';
import { isApiError, wasReported } from './api-client';
import { toast } from './toast';

/**
 * Shows why a form's request failed: the API's field errors under the form's own fields (the first
 * one focused), anything else in an error toast. Errors the API client has already reported (the
 * unauthorized toast and logout) are left alone. Returns the fields that got a message.
 */
export function showFormError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
): Path<T>[] {
  if (wasReported(error) || (error instanceof DOMException && error.name === 'AbortError')) return [];
  const shown: Path<T>[] = [];
  if (isApiError(error)) {
    for (const name of fieldNames) {
      const message = error.fields?.[name];
      if (message === undefined) continue;
      setError(name, { type: 'server', message }, { shouldFocus: shown.length === 0 });
      shown.push(name);
    }
  }
  if (shown.length === 0) showActionError(error);
  return shown;
}

/**
 * Says in an error toast why a call made by a button failed (advertise, delete…), unless the API
 * client has already reported it (the unauthorized toast and logout) or it was aborted. A refusal
 * for an unconfirmed email comes with the button that sends a new link.
 */
export function showActionError(error: unknown) {
  if (wasReported(error) || (error instanceof DOMException && error.name === 'AbortError')) return;
  if (isApiError(error) && error.code === 'email_unconfirmed') showEmailUnconfirmed(error.message);
  else toast.error(isApiError(error) ? error.message : messages.internalError);
}
