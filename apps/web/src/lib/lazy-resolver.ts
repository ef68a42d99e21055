import { webTexts } from '@recell/contract';
import type { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { toast } from './toast';

type Schema = Parameters<typeof zodResolver>[0];

/**
 * A form's resolver that loads its schema (and the validation library with it) on the form's first
 * check, not with the page: public pages paint and answer sooner on a slow phone, and the few
 * milliseconds of loading fall on a press of the submit button, which is waiting anyway. If the code
 * cannot be loaded, the person is told, nothing is sent, and the next press tries again.
 */
export function lazyZodResolver<Input extends FieldValues, Output>(
  loadSchema: () => Promise<Schema>,
): Resolver<Input, unknown, Output> {
  let resolver: Promise<Resolver<Input, unknown, Output>> | undefined;
  return async (values, context, options) => {
    // Not loadChunk: its last resort reloads the page, which would lose what was typed.
    resolver ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([resolvers, schema]) => resolvers.zodResolver(schema) as unknown as Resolver<Input, unknown, Output>,
    );
    try {
      return await (
        await resolver
      )(values, context, options);
    } catch {
      resolver = undefined;
      toast.error(webTexts.chunkLoadFailed, { id: 'chunk-load-failed' });
      const errors = { root: { type: 'load', message: webTexts.chunkLoadFailed } } as FieldErrors<Input>;
      return { values: {}, errors };
    }
  };
}
