import { z } from 'zod';
import { messages } from './messages.ts';

/**
 * Every text a caller sends goes through `text()`. PostgreSQL cannot store a NUL character, and the
 * other C0 control characters (and DEL) are never typed by a person: they are refused here, with a
 * 400 that names the field, before any of them can reach a query. Multi-line fields (a textarea)
 * keep the tab, line feed and carriage return.
 */
// eslint-disable-next-line no-control-regex -- the control characters are what this rule is about
const singleLinePattern = /^[^\u0000-\u001f\u007f]*$/;
// eslint-disable-next-line no-control-regex -- the control characters are what this rule is about
const multiLinePattern = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

export const hasControlCharacters = (value: string, options: { multiLine?: boolean } = {}) =>
  !(options.multiLine ? multiLinePattern : singleLinePattern).test(value);

/** A string without control characters (`multiLine` allows tab, line feed and carriage return). */
export const text = (options: { multiLine?: boolean; error?: string } = {}) =>
  z
    .string(options.error === undefined ? undefined : { error: options.error })
    .regex(options.multiLine ? multiLinePattern : singleLinePattern, messages.controlCharacters);
