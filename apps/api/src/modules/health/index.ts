/** The health module's door: liveness and readiness. */
export { healthRoutes } from './health.routes.ts';
