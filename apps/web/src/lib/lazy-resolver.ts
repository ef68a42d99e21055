import type { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';

type Schema = Parameters<typeof zodResolver>[0];

/**
 * A form's resolver that loads its schema (and the validation library with it) on the form's first
 * check, not with the page: public pages paint and answer sooner on a slow phone, and the few
 * milliseconds of loading fall on a press of the submit button, which is waiting anyway.
 */
export function lazyZodResolver<Input extends FieldValues, Output>(
  loadSchema: () => Promise<Schema>,
): Resolver<Input, unknown, Output> {
  let resolver: Promise<Resolver<Input, unknown, Output>> | undefined;
  return async (values, context, options) => {
    resolver ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([resolvers, schema]) => resolvers.zodResolver(schema) as unknown as Resolver<Input, unknown, Output>,
    );
    return (await resolver)(values, context, options);
  };
}
