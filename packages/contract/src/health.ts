import { z } from './zod.ts';

export const HealthSchema = z
  .object({ status: z.enum(['ok', 'unavailable']), checks: z.record(z.string(), z.enum(['ok', 'failed'])).optional() })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof HealthSchema>;
