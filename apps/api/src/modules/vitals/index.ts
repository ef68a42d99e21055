/** The vitals module's door: real-user Core Web Vitals into the Prometheus histograms. */
export { vitalsRoutes } from './vitals.routes.ts';
