/** The contact module's door: messages to the site's team. */
export { contactRoutes } from './contact.routes.ts';
