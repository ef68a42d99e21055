import { z } from 'zod';
import { messages } from './messages.ts';
import { multiLinePattern, singleLinePattern } from './text-rules.ts';

export { hasControlCharacters } from './text-rules.ts';

/** A string without control characters (`multiLine` allows tab, line feed and carriage return). */
export const text = (options: { multiLine?: boolean; error?: string } = {}) =>
  z
    .string(options.error === undefined ? undefined : { error: options.error })
    .regex(options.multiLine ? multiLinePattern : singleLinePattern, messages.controlCharacters);
