/**
 * Starts the web vitals reporter for a sampled visit (decision 0081), once the page has loaded, so
 * neither it nor web-vitals is in the first load: only this function is. `rate` is the build's
 * WEB_VITALS_SAMPLE_RATE (vite.config.ts), 0 for none.
 */
export const reportWhenSampled = (rate: number) => {
  if (Math.random() < rate) addEventListener('load', () => import('./start'));
};
