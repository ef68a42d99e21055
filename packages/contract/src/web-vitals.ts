/**
 * The report a sampled visit sends when its page is hidden (docs/decisions/0081): the kind of page
 * and each metric's value, nothing else. Keys the schema does not name are dropped.
 */
import { z } from './zod.ts';
import { webVitalsMaxValue, webVitalsMetrics, webVitalsPages } from './web-vitals-rules.ts';

export const WebVitalsReportSchema = z
  .object({
    page: z.enum(webVitalsPages),
    metrics: z
      .array(
        z
          .object({ name: z.enum(webVitalsMetrics), value: z.number().min(0) })
          .refine(({ name, value }) => value <= webVitalsMaxValue[name], {
            message: 'Value out of range',
            path: ['value'],
          }),
      )
      .min(1)
      .max(webVitalsMetrics.length)
      .refine((metrics) => new Set(metrics.map(({ name }) => name)).size === metrics.length, {
        message: 'Each metric at most once',
      }),
  })
  .meta({ id: 'WebVitalsReport' });
export type WebVitalsReport = z.infer<typeof WebVitalsReportSchema>;
