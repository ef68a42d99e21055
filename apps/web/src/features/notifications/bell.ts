/**
 * The header's bell alone, for the app's header to load lazily: importing the feature's index
 * would bring the notifications page and the email preferences (and their shared code) along.
 */
export { NotificationBell } from './components/notification-bell';
