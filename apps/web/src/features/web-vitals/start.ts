/**
 * What a sampled visit loads after its page (when-sampled.ts): importing it starts the reporter.
 * Listed in package.json's `sideEffects`, so the build keeps the call.
 */
import { reportWebVitals } from './report-vitals';

reportWebVitals();
