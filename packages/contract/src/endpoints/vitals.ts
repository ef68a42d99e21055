import type { WebVitalsReportSchema } from '../web-vitals.ts';
import { endpoint } from './endpoint.ts';

/** Real-user Core Web Vitals: a sampled visit's figures, sent as a beacon when its page is hidden. */
export const vitalsEndpoints = {
  /** Anyone: the beacon carries no session, and the report names no one. */
  report: endpoint<{ body: typeof WebVitalsReportSchema }>()({
    method: 'POST',
    path: '/vitals',
    status: 204,
    withoutSession: true,
  }),
} as const;
