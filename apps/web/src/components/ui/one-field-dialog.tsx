import { useId, type ReactNode } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import { useDialogSend } from '@/lib/dialog-send';
import { fieldOf, TextAreaField, TextField } from './form';
import { FormDialog } from './form-dialog';

/** The one thing the dialog asks: a labelled text field, a text area when it has `rows`. */
export type OneField<T extends FieldValues> = {
  name: Path<T>;
  label: string;
  hint?: string;
  rows?: number;
  required?: boolean;
  maxLength: number;
  autoComplete?: string;
};

/** A choice asked before the field (the stars, a report's reason): radio buttons under a legend. */
export type OneFieldChoice<T extends FieldValues> = {
  name: Path<T>;
  legend: string;
  options: readonly { value: string; label: ReactNode }[];
  /** The options' grid (`mt-1 grid gap-1` and its columns). */
  className: string;
};

/**
 * A modal form of one text field (a problem's reason, a tracking note, a reply, a rating's comment,
 * a report), after an optional `choice`: its title, the field with its label, hint and the schema's
 * message, Cancel and the submit button (its `busy` words while sending). On submit the checked
 * values are `send`; a refusal is said inside the dialog (a field's error under its field), a
 * success closes it (`onDone`, else `onClose`) with `doneToast`. `resolver` is the contract's schema
 * (zodResolver), made once beside the dialog.
 */
export function OneFieldDialog<TInput extends FieldValues, TOutput>({
  title,
  resolver,
  defaultValues,
  choice,
  field,
  labels,
  send,
  doneToast,
  onDone,
  onClose,
}: {
  title: string;
  resolver: Resolver<TInput, unknown, TOutput>;
  defaultValues: DefaultValues<TInput>;
  choice?: OneFieldChoice<TInput>;
  field: OneField<TInput>;
  labels: { cancel: string; submit: string; busy: string };
  send: (values: TOutput) => Promise<unknown>;
  doneToast: string;
  onDone?: () => void;
  onClose: () => void;
}) {
  const form = useForm<TInput, unknown, TOutput>({ resolver, defaultValues });
  const { failure, onSubmit } = useDialogSend(form, {
    fieldNames: choice ? [choice.name, field.name] : [field.name],
    send,
    onDone: onDone ?? onClose,
    doneToast,
  });
  const { name, rows, ...control } = field;
  return (
    <FormDialog
      title={title}
      isBusy={form.formState.isSubmitting}
      failure={failure}
      cancelLabel={labels.cancel}
      submitLabel={labels.submit}
      busyLabel={labels.busy}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      {choice && (
        <Choice
          {...choice}
          register={() => form.register(choice.name)}
          error={form.getFieldState(choice.name, form.formState).error?.message}
        />
      )}
      {rows === undefined ? (
        <TextField {...control} {...fieldOf(form, name)} />
      ) : (
        <TextAreaField {...control} rows={rows} {...fieldOf(form, name)} />
      )}
    </FormDialog>
  );
}

/** The radio buttons of a choice, its message tied to the group. */
function Choice<T extends FieldValues>({
  legend,
  options,
  className,
  register,
  error,
}: OneFieldChoice<T> & { register: () => UseFormRegisterReturn; error: string | undefined }) {
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium">{legend}</legend>
      <div className={className}>
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-2 hover:bg-slate-50 dark:hover:bg-slate-800"
          >
            <input type="radio" value={option.value} className="size-4 accent-teal-700" {...register()} />
            {option.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </fieldset>
  );
}
