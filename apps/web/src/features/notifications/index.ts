export { NotificationBell } from './components/notification-bell';
export { NotificationList } from './components/notification-list';
export { EmailPreferencesSection } from './components/email-preferences';
export { Unsubscribe } from './components/unsubscribe';
