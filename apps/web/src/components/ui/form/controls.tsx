import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { Field, fileInputClass, inputClass } from './field';

/** What every field takes besides its control's own attributes. */
type FieldProps = {
  label: string;
  hint?: string;
  /** The message under the field (from the form's schema, or the API's field error). */
  error?: string | undefined;
};

type Control<Element, Attributes> = FieldProps &
  Omit<Attributes, 'id' | 'className' | 'aria-invalid' | 'aria-describedby'> & { ref?: Ref<Element> };

/**
 * A labelled text input (also email, password, search, tel; money as `inputMode="decimal"`). Takes
 * `{...fieldOf(form, name)}` for a react-hook-form field, or value and onChange for a controlled one.
 */
export function TextField({
  label,
  hint,
  error,
  type = 'text',
  ...input
}: Control<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(props) => <input type={type} className={inputClass} {...props} {...input} />}
    </Field>
  );
}

export function TextAreaField({
  label,
  hint,
  error,
  ...textarea
}: Control<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(props) => <textarea className={inputClass} {...props} {...textarea} />}
    </Field>
  );
}

export type SelectOption = { value: string; label: ReactNode };

/** A labelled select; `placeholder` adds a first, empty option ("Select a category"). */
export function SelectField({
  label,
  hint,
  error,
  options,
  placeholder,
  ...select
}: Control<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>> & {
  options: readonly SelectOption[];
  placeholder?: string;
}) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(props) => (
        <select className={inputClass} {...props} {...select}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A labelled file input (a picture: pass `accept`). */
export function FileField({
  label,
  hint,
  error,
  ...input
}: Control<HTMLInputElement, Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>>) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(props) => <input type="file" className={fileInputClass} {...props} {...input} />}
    </Field>
  );
}
