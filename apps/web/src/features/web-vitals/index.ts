/**
 * Real-user Core Web Vitals (decision 0081). The door holds only the sampling: the reporter and the
 * web-vitals library load after the page, for a sampled visit alone.
 */
export { reportWhenSampled } from './when-sampled';
