import type { PageQuerySchema } from '../pagination.ts';
import type {
  EmailPreferencesSchema,
  NotificationPageSchema,
  UnreadCountSchema,
  UnsubscribeInfoSchema,
  UnsubscribeQuerySchema,
  UpdateEmailPreferencesSchema,
} from '../notifications.ts';
import { endpoint } from './endpoint.ts';

/** The bell's notifications, the email preferences, and the emailed unsubscribe links. */
export const notificationEndpoints = {
  list: endpoint<{ query: typeof PageQuerySchema; response: typeof NotificationPageSchema }>()({
    method: 'GET',
    path: '/me/notifications',
    status: 200,
    auth: 'signedIn',
  }),
  unreadCount: endpoint<{ response: typeof UnreadCountSchema }>()({
    method: 'GET',
    path: '/me/notifications/unread-count',
    status: 200,
    auth: 'signedIn',
  }),
  markRead: endpoint()({
    method: 'POST',
    path: '/me/notifications/:id/read',
    status: 204,
    auth: 'signedIn',
  }),
  markAllRead: endpoint()({
    method: 'POST',
    path: '/me/notifications/read-all',
    status: 204,
    auth: 'signedIn',
  }),
  emailPreferences: endpoint<{ response: typeof EmailPreferencesSchema }>()({
    method: 'GET',
    path: '/me/email-preferences',
    status: 200,
    auth: 'signedIn',
  }),
  updateEmailPreferences: endpoint<{
    body: typeof UpdateEmailPreferencesSchema;
    response: typeof EmailPreferencesSchema;
  }>()({
    method: 'PUT',
    path: '/me/email-preferences',
    status: 200,
    auth: 'signedIn',
  }),
  /** What an emailed link stops (the page asks before it does); no sign-in: the token is the proof. */
  unsubscribeInfo: endpoint<{ query: typeof UnsubscribeQuerySchema; response: typeof UnsubscribeInfoSchema }>()({
    method: 'GET',
    path: '/email-unsubscribe',
    status: 200,
    withoutSession: true,
  }),
  /** Switches the link's kind off; also the target of mail clients' one-click List-Unsubscribe-Post. */
  unsubscribe: endpoint<{ query: typeof UnsubscribeQuerySchema; response: typeof UnsubscribeInfoSchema }>()({
    method: 'POST',
    path: '/email-unsubscribe',
    status: 200,
    withoutSession: true,
  }),
} as const;
