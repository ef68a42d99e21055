import {
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
  send: endpoint({
    method: 'POST',
    path: '/contact-messages',
    status: 201,
    body: ContactMessageFormSchema,
    response: ContactMessageCreatedSchema,
    withoutSession: true,
  }),
  list: endpoint({
    method: 'GET',
    path: '/admin/contact-messages',
    status: 200,
    query: ContactMessageQuerySchema,
    response: ContactMessagePageSchema,
    auth: ['admin'],
  }),
  markRead: endpoint({
    method: 'POST',
    path: '/admin/contact-messages/:id/read',
    status: 200,
    response: ContactMessageSchema,
    auth: ['admin'],
  }),
  archive: endpoint({
    method: 'POST',
    path: '/admin/contact-messages/:id/archive',
    status: 200,
    response: ContactMessageSchema,
    auth: ['admin'],
  }),
} as const;
