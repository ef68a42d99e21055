import type {
  ContactMessageCreatedSchema,
  ContactMessageFormSchema,
  ContactMessagePageSchema,
  ContactMessageQuerySchema,
  ContactMessageSchema,
} from '../contact.ts';
import { endpoint } from './endpoint.ts';

/** The Contact us form, and the admin's Messages page that reads what it sent. */
export const contactEndpoints = {
  /** Anyone, signed in or not: the message does not belong to a session. */
  send: endpoint<{ body: typeof ContactMessageFormSchema; response: typeof ContactMessageCreatedSchema }>()({
    method: 'POST',
    path: '/contact-messages',
    status: 201,
    withoutSession: true,
  }),
  list: endpoint<{ query: typeof ContactMessageQuerySchema; response: typeof ContactMessagePageSchema }>()({
    method: 'GET',
    path: '/admin/contact-messages',
    status: 200,
    auth: ['admin'],
  }),
  markRead: endpoint<{ response: typeof ContactMessageSchema }>()({
    method: 'POST',
    path: '/admin/contact-messages/:id/read',
    status: 200,
    auth: ['admin'],
  }),
  archive: endpoint<{ response: typeof ContactMessageSchema }>()({
    method: 'POST',
    path: '/admin/contact-messages/:id/archive',
    status: 200,
    auth: ['admin'],
  }),
} as const;
