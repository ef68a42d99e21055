/** Constants the build writes into the code (vite.config.ts, `define`). */

/** The share of visits that report their Core Web Vitals, 0 to 1 (WEB_VITALS_SAMPLE_RATE; decision 0081). */
declare const __WEB_VITALS_SAMPLE_RATE__: number;
