import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * A react-hook-form field's props for the shared controls: its registration (name, ref, onChange,
 * onBlur) and its error message, whether from the schema (the catalogue's texts) or set from the
 * API's answer. Reading the state through `formState` keeps the field subscribed to its errors.
 */
export const fieldOf = <Values extends FieldValues, Context, Checked>(
  form: UseFormReturn<Values, Context, Checked>,
  name: FieldPath<Values>,
) => ({
  ...form.register(name),
  error: form.getFieldState(name, form.formState).error?.message,
});
