/** The notifications module's door (docs/decisions/0045): every feature notifies through `notify`. */
export { notificationsRoutes } from './notifications.routes.ts';
export {
  hashUnsubscribeToken,
  notify,
  notifyAdmins,
  notifyAll,
  notifyWishlisters,
  type Notice,
  type NotifyDeps,
} from './notify.ts';
