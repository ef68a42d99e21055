/**
 * What the test-mode card form shows as it is typed: the number in groups of four, the expiry as
 * MM/YY, the CVC as digits. The processor checks the card itself (Luhn, expiry, CVC); these only
 * tidy what was typed.
 */

/** Card numbers have at most 19 digits. */
const cardNumberMaxDigits = 19;

export const digitsOf = (text: string) => text.replace(/\D/g, '');

/** '4242424242424242' → '4242 4242 4242 4242' (whatever spaces or dashes were typed). */
export const formatCardNumber = (text: string) =>
  digitsOf(text)
    .slice(0, cardNumberMaxDigits)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** '1230' → '12/30'; the slash appears once the year is being typed, so backspace never sticks on it. */
export const formatExpiry = (text: string) => {
  const digits = digitsOf(text).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
};

/** Three or four digits. */
export const formatCvc = (text: string) => digitsOf(text).slice(0, 4);

/** Where the caret goes in `formatted` to stay right after its `count`-th digit. */
export const caretAfterDigits = (formatted: string, count: number) => {
  if (count <= 0) return 0;
  let seen = 0;
  for (let index = 0; index < formatted.length; index += 1) {
    if (/\d/.test(formatted[index] ?? '')) seen += 1;
    if (seen === count) return index + 1;
  }
  return formatted.length;
};
