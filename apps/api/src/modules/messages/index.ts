/** The messages module's door (docs/decisions/0043): buyer and seller messages on an order. */
export { messagesRoutes } from './messages.routes.ts';
