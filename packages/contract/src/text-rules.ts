/**
 * The characters a text may hold (text.ts's `text()` applies them to every text a caller sends,
 * without this file a page can check them with no schema library). PostgreSQL cannot store a NUL character, and the
 * other C0 control characters (and DEL) are never typed by a person: they are refused with a 400 that
 * names the field, before any of them can reach a query. Multi-line fields (a textarea)
 * keep the tab, line feed and carriage return.
 */
// eslint-disable-next-line no-control-regex -- the control characters are what this rule is about
export const singleLinePattern = /^[^\u0000-\u001f\u007f]*$/;
// eslint-disable-next-line no-control-regex -- the control characters are what this rule is about
export const multiLinePattern = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

export const hasControlCharacters = (value: string, options: { multiLine?: boolean } = {}) =>
  !(options.multiLine ? multiLinePattern : singleLinePattern).test(value);
