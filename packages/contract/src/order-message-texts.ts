/**
 * Texts of the messages between an order's buyer and its phone's seller: the API's refusals, the
 * email that tells someone a message waits, and the web's thread page and badges. No zod here, so
 * the dashboard menu's unread badge costs only its words.
 */

/** Bounds of our own: a message is a few paragraphs, like a Contact us message. */
export const orderMessageLimits = {
  body: 2000,
  /** The newest messages a thread page shows at once; older ones load on demand. */
  pageSize: 50,
  /** The threads the unread counts name one by one (the total counts them all). */
  unreadOrdersMax: 100,
} as const;

/** The web page of an order's messages, which the email links to (the web's dashboard-paths use it too). */
export const orderMessagesPagePath = (orderId: string) => `/dashboard/orders/${encodeURIComponent(orderId)}/messages`;

export const orderMessageMessages = {
  bodyRequired: 'Write a message',
  bodyTooLong: `Keep your message under ${orderMessageLimits.body} characters`,
  /** Anyone but the order's buyer and its phone's seller: the order is not revealed. */
  threadNotFound: 'This order was not found',
  limitInvalid: `Ask for a whole number of 1 to ${orderMessageLimits.pageSize} messages a page`,
  orderCancelled: 'This order was cancelled: its messages can still be read, but no new ones can be sent',
  /** Masks are longer than most details they hide: a message full of them may pass the limit. */
  bodyTooLongMasked: `Keep your message under ${orderMessageLimits.body} characters once its contact details are hidden`,
} as const;

/** The email that tells the other party a message waits; never the message itself. */
/** The notice of new messages (the bell and the email), sent once until the thread is read. */
export const newMessageNotice = (senderName: string, productName: string) => ({
  title: `New message about ${productName}`,
  body:
    `${senderName} sent you a message about ${productName}. ` +
    'We tell you once about new messages in this conversation until you have read them.',
});

export const orderMessageTexts = {
  heading: (productName: string) => `Messages about ${productName}`,
  pageTitle: 'Messages',
  /** Hidden text of a badge: read with its link ("Messages (2 unread messages)"). */
  unread: (count: number) => (count === 1 ? '1 unread message' : `${count} unread messages`),
  withBuyer: (name: string) => `With the buyer, ${name}`,
  withSeller: (name: string) => `With the seller, ${name}`,
  messageLabel: 'Your message',
  messageHint: `Up to ${orderMessageLimits.body} characters. Only the buyer and the seller of this order read it.`,
  send: 'Send',
  sending: 'Sending…',
  noMessages: 'No messages yet. Ask about the phone or arrange where to meet.',
  loadEarlier: 'Load earlier messages',
  you: 'You',
  buyer: 'Buyer',
  seller: 'Seller',
  /** The list of messages, for screen readers. */
  threadLabel: 'Messages in this conversation',
  cancelledNotice: 'This order was cancelled. You can read its messages, but not send new ones.',
  readOnlyNotice: 'You are reading this conversation; only the buyer and the seller can write in it.',
  backToOrders: 'Back to My Orders',
  backToSales: 'Back to My Sales',
} as const;
