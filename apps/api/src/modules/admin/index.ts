/** The admin module's door (docs/ARCHITECTURE.md): moderation of users, listings and reports. */
export { adminRoutes } from './admin.routes.ts';
