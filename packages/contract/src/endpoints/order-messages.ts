import type {
  NewOrderMessageSchema,
  OrderMessageSchema,
  OrderThreadQuerySchema,
  OrderThreadSchema,
  UnreadMessagesSchema,
} from '../order-messages.ts';
import { endpoint } from './endpoint.ts';

/** An order's messages between its buyer (role user) and its phone's seller; who else reads them: ../order-messages.ts. */
export const orderMessageEndpoints = {
  thread: endpoint<{ query: typeof OrderThreadQuerySchema; response: typeof OrderThreadSchema }>()({
    method: 'GET',
    path: '/orders/:id/messages',
    status: 200,
    auth: ['user', 'seller', 'admin'],
  }),
  send: endpoint<{ body: typeof NewOrderMessageSchema; response: typeof OrderMessageSchema }>()({
    method: 'POST',
    path: '/orders/:id/messages',
    status: 201,
    auth: ['user', 'seller'],
    idempotent: true,
  }),
  markRead: endpoint()({ method: 'POST', path: '/orders/:id/messages/read', status: 204, auth: ['user', 'seller'] }),
  unread: endpoint<{ response: typeof UnreadMessagesSchema }>()({
    method: 'GET',
    path: '/me/messages/unread',
    status: 200,
    auth: ['user', 'seller'],
  }),
} as const;
