export { OrderThread } from './components/order-thread';
export { OrderMessagesLink } from './components/order-messages-link';
export { UnreadBadge } from './components/unread-badge';
export { useUnreadMessages } from './api/get-unread';
