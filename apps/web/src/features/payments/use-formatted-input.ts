import { useLayoutEffect, useRef, useState, type ChangeEvent, type RefObject } from 'react';
import { caretAfterDigits, digitsOf } from './card-format';

/**
 * A controlled text input (`ref` is the input's) whose value is reformatted as it is typed (card number, expiry) with the
 * caret kept after the same digit, so editing in the middle works. Deleting a separator (a space, the
 * slash) with Backspace deletes the digit before it, as people expect.
 */
export function useFormattedInput(format: (text: string) => string, ref: RefObject<HTMLInputElement | null>) {
  const [value, setValue] = useState('');
  const caret = useRef<number | null>(null);

  useLayoutEffect(() => {
    const input = ref.current;
    if (caret.current === null || !input || input !== document.activeElement) return;
    input.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [value, ref]);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    let typed = event.target.value;
    let position = event.target.selectionStart ?? typed.length;
    const inputType = (event.nativeEvent as InputEvent).inputType;
    if (inputType === 'deleteContentBackward' && typed.length < value.length && digitsOf(typed) === digitsOf(value)) {
      // Only a separator went: take the digit before it too.
      const before = typed.slice(0, position);
      const lastDigit = before.search(/\d\D*$/);
      if (lastDigit !== -1) {
        typed = typed.slice(0, lastDigit) + typed.slice(lastDigit + 1);
        position = lastDigit;
      }
    }
    const digitsBeforeCaret = digitsOf(typed.slice(0, position)).length;
    const formatted = format(typed);
    caret.current = caretAfterDigits(formatted, digitsBeforeCaret);
    setValue(formatted);
  };

  return { value, onChange };
}
