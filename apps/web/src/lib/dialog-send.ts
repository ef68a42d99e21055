import { messages } from '@recell/contract';
import { useState } from 'react';
import type { FieldValues, Path, UseFormReturn, UseFormSetError } from 'react-hook-form';
import { isApiError, wasReported } from '@/lib/api-client';
import { toast } from '@/lib/toast';

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

/**
 * A dialog form's send: `send` the checked values; a failure is said inside the dialog (field
 * errors under their fields), a success closes it (`onDone`) with a toast. Its `onSubmit` and
 * `failure` go to FormDialog.
 */
export function useDialogSend<TInput extends FieldValues, TOutput>(
  form: Pick<UseFormReturn<TInput, unknown, TOutput>, 'handleSubmit' | 'setError'>,
  {
    fieldNames,
    send,
    onDone,
    doneToast,
  }: {
    fieldNames: readonly Path<TInput>[];
    send: (values: TOutput) => Promise<unknown>;
    onDone: () => void;
    doneToast: string;
  },
) {
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await send(values);
    } catch (error) {
      setFailure(dialogError(error, form.setError, fieldNames));
      return;
    }
    onDone();
    toast.success(doneToast);
  });
  return { failure, onSubmit };
}
