/**
 * Notifications: what they are about (kinds), the texts of the in-app list, the bell, the email
 * preferences and the unsubscribe page, and the notices each event writes. No zod here, so the
 * header's bell costs only its words.
 */
import { formatPrice } from './money.ts';

/** What a notification is about; each kind's email can be switched off on its own. */
export const notificationKinds = [
  'order_booked',
  'order_paid',
  'order_handed_over',
  'order_completed',
  'new_message',
  'seller_verified',
  'listing_removed',
  'listing_approved',
  'listing_rejected',
  'price_drop',
  'problem_outcome',
  'device_check',
  'new_question',
  'question_answered',
  'parcel_delivered',
  'parcel_not_delivered',
  'return_requested',
  'return_answered',
  'return_arrived',
  'return_outcome',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const isNotificationKind = (value: unknown): value is NotificationKind =>
  typeof value === 'string' && (notificationKinds as readonly string[]).includes(value);

/** Each kind as the email preferences and the unsubscribe page name it. */
export const notificationKindLabels: Record<NotificationKind, string> = {
  order_booked: 'A buyer booked one of my phones',
  order_paid: 'An order was paid (as buyer or seller)',
  order_handed_over: 'My phone was handed over or shipped',
  order_completed: 'A buyer completed an order of my phone',
  new_message: 'New messages',
  seller_verified: 'My seller account was verified',
  listing_removed: 'An admin removed one of my listings',
  listing_approved: 'An admin approved one of my listings',
  listing_rejected: 'An admin rejected one of my listings',
  price_drop: 'A phone on my wishlist got cheaper',
  problem_outcome: 'The outcome of a problem I reported',
  device_check: 'A phone failed its IMEI check',
  new_question: 'Someone asked a question about one of my phones',
  question_answered: 'A seller answered my question',
  parcel_delivered: 'A phone shipped to me was delivered',
  parcel_not_delivered: 'A shipped phone was lost or returned to its seller',
  return_requested: 'A buyer asks to return one of my phones',
  return_answered: 'The answer to a return (the seller’s, or an admin will decide)',
  return_arrived: 'A returned phone arrived back to me',
  return_outcome: 'The outcome of a return (refunded or rejected)',
};

/** Texts of the bell, the notifications page, the email preferences and the unsubscribe page. */
export const notificationTexts = {
  bellLabel: (unread: number) => (unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`),
  /** The bell's visible name in the small screens' menu, beside Profile and Dashboard. */
  bellText: 'Notifications',
  heading: 'Notifications',
  empty: 'No notifications yet.',
  unread: 'Unread',
  markAllRead: 'Mark all as read',
  markRead: 'Mark as read',
  loadMore: 'Show older',
  loadFailed: 'Notifications could not be loaded. Try again.',
  open: 'Open',
  preferencesHeading: 'Email notifications',
  preferencesIntro:
    'Notifications always appear under the bell. Choose which of them we also send to your email address.',
  preferencesSave: 'Save email preferences',
  preferencesSaving: 'Saving…',
  preferencesSaved: 'Email preferences saved',
  unsubscribeHeading: 'Stop these emails',
  unsubscribeQuestion: (label: string) => `Stop emails about: ${label}?`,
  unsubscribeNote: 'You will still see these notifications under the bell when you sign in.',
  unsubscribeButton: 'Stop these emails',
  unsubscribing: 'Stopping…',
  unsubscribed: (label: string) =>
    `Done: we will no longer email you about: ${label}. You can switch it back on in your profile.`,
  unsubscribeLinkInvalid:
    'This unsubscribe link is invalid. Open it again from the email, or sign in and change your email preferences in your profile.',
  notificationNotFound: 'Notification not found',
} as const;

/** The notices the marketplace's events write (title and body; in-app and by email alike). */
export const notices = {
  orderBooked: (phone: string) => ({
    title: 'New booking',
    body: `A buyer booked your ${phone}. They can now pay for it.`,
  }),
  orderPaidSeller: (phone: string) => ({
    title: 'Your phone was sold',
    body: `A buyer paid for your ${phone}. Hand it over or ship it to them.`,
  }),
  orderPaidBuyer: (
    phone: string,
    receipt?: { priceCents: number; buyerFeeCents: number; totalCents: number; cardLast4: string | null },
  ) => ({
    title: 'Payment received',
    body:
      `Your payment for the ${phone} went through. The seller will hand it over or ship it.` +
      (receipt
        ? ` Receipt: ${formatPrice(receipt.priceCents)}` +
          (receipt.buyerFeeCents > 0 ? ` + ${formatPrice(receipt.buyerFeeCents)} service fee` : '') +
          `, ${formatPrice(receipt.totalCents)} charged` +
          (receipt.cardLast4 ? ` to the card ending ${receipt.cardLast4}.` : '.')
        : ''),
  }),
  sellerVerified: () => ({
    title: 'You are a verified seller',
    body: 'An admin verified your seller account: buyers now see the verified badge next to your name.',
  }),
  listingRemoved: (phone: string) => ({
    title: 'Listing removed',
    body: `An admin removed your listing of the ${phone}. It no longer appears in the catalogue.`,
  }),
  priceDrop: (phone: string, from: string, to: string) => ({
    title: 'A phone on your wishlist got cheaper',
    body: `The ${phone} now costs ${to} (was ${from}).`,
  }),
  /** The seller's listing failed an IMEI check (`reasons` in words, deviceCheckReasonText). */
  deviceCheckSeller: (phone: string, reasons: string) => ({
    title: 'Listing taken off sale',
    body: `Your listing of the ${phone} failed its IMEI check and no longer appears in the catalogue. ${reasons}`,
  }),
  deviceCheckAdmin: (phone: string, reasons: string) => ({
    title: 'A listing failed its IMEI check',
    body: `A listing of the ${phone} was taken off sale. ${reasons}`,
  }),
  deviceCheckBuyer: (phone: string, reasons: string) => ({
    title: 'Order cancelled: the phone failed its IMEI check',
    body: `The ${phone} failed its IMEI check just before payment, so your card was not charged and the order was cancelled. ${reasons}`,
  }),
} as const;

/** The email around a notice. */
export const notificationEmailTexts = {
  body: (o: { name: string; body: string; link: string; label: string; unsubscribe: string }) =>
    `Hello ${o.name},\n\n${o.body}\n\nOpen it on ReCell:\n${o.link}\n\n` +
    `You get this email because of your setting "${o.label}". To stop these emails, open:\n${o.unsubscribe}\n\nReCell`,
} as const;
