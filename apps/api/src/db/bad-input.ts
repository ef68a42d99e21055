/**
 * Which database failures mean the caller's input was wrong rather than the server: text the
 * database cannot store, or a value that does not fit its column. The contract refuses these
 * first; this is the net behind it, so a value it missed is a 400, never a 500.
 */
const badInputStates = new Set([
  '22P05', // untranslatable_character: a NUL in text
  '22021', // character_not_in_repertoire: an invalid byte sequence
  '22P02', // invalid_text_representation: text that is not a uuid, a number …
  '22001', // string_data_right_truncation: longer than its column
  '22003', // numeric_value_out_of_range
  '22007', // invalid_datetime_format
  '22008', // datetime_field_overflow
]);

/** True when `error`, or an error it wraps (drizzle wraps the driver's), is one of these. */
export const isBadInputDatabaseError = (error: unknown): boolean => {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && badInputStates.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
};
