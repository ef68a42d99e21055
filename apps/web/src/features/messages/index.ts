export { OrderThread } from './components/order-thread';
export { UnreadBadge } from './components/unread-badge';
export { useUnreadMessages } from './api/get-unread';
