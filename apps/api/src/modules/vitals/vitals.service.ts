import type { WebVitalsReport } from '@recell/contract';
import { webVitals } from '../../lib/metrics.ts';

/**
 * Counts a sampled visit's figures in the web vitals histograms, under its kind of page: times in
 * seconds (the browser measures milliseconds), CLS as it is.
 */
export const recordVitals = (report: WebVitalsReport) => {
  for (const { name, value } of report.metrics)
    webVitals[name].observe({ page: report.page }, name === 'CLS' ? value : value / 1000);
};
