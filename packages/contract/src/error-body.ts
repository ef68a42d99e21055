import { errorCodes } from './errors.ts';
import { z } from './zod.ts';

/** The one error shape every API failure answers with (see errors.ts for its codes). */
export const ErrorBodySchema = z
  .object({
    error: z.object({
      code: z.enum(errorCodes),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
    }),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
