/**
 * Buying: bookings (orders), the buyer's wishlist, reports on listings and the seller's sales. The
 * API validates with these schemas and the web's forms validate with the same ones.
 *
 * Rules (docs/product.md, States and rules): only buyers (role user) book, wishlist and report; a buyer
 * cannot book a phone that is sold or removed, or their own listing, and holds at most one open
 * order per phone. The order's price is the phone's price when it was booked: what the payment
 * charges. Another buyer's order is a 404 (its existence is not revealed).
 */
import { z } from './zod.ts';
import { CategoryIdSchema, ProductSchema } from './catalogue.ts';
import { orderStatuses, productStatuses } from './constants.ts';
import { PhoneSchema } from './listings.ts';
import { RatingSchema } from './ratings.ts';
import { messages } from './messages.ts';
import { text } from './text.ts';
import { orderProgressFields } from './order-progress.ts';
import { deliveryMethods, ShipToSchema } from './addresses.ts';
import { addressMessages } from './address-texts.ts';

/** Bounds of our own where the spec is silent. */
export const buyingLimits = {
  location: 120,
  reportText: 1000,
  /** The wishlist hearts of one buyer: at most this many phones are kept in the wishlist. */
  wishlistMax: 500,
  /** The Booked marks on cards: the phones of at most this many of the buyer's newest open orders. */
  bookedIdsMax: 500,
} as const;

/** Report reasons, in the order the report modal lists them. */
export const reportReasons = ['stolen', 'fake', 'wrong_description', 'scam', 'other'] as const;
export type ReportReason = (typeof reportReasons)[number];
export const reportReasonLabels: Record<ReportReason, string> = {
  stolen: 'Stolen',
  fake: 'Fake or counterfeit',
  wrong_description: 'Wrong description',
  scam: 'Scam',
  other: 'Other',
};

/** Our own texts where the spec is silent (its toasts live in messages.ts). */
export const buyingMessages = {
  productNotForSale: 'This phone is no longer for sale',
  ownProduct: 'You cannot book your own phone',
  sellerDoesNotShip: 'This seller does not ship yet: book a meeting instead',
  alreadyBooked: 'You have already booked this phone. Find it in My Orders.',
  orderNotFound: 'This order was not found',
  paidOrderCannotBeRemoved: 'A paid order cannot be removed',
  locationTooLong: `Location must be at most ${buyingLimits.location} characters`,
  reasonRequired: 'Choose a reason',
  reportTextRequired: 'Tell us what is wrong with this listing',
  reportTextTooLong: `Keep the report under ${buyingLimits.reportText} characters`,
  alreadyReported: 'You have already reported this phone. An admin will look at it.',
  ownProductReport: 'You cannot report your own phone',
  wishlistFull: `Your wishlist holds at most ${buyingLimits.wishlistMax} phones`,
} as const;

// ---------------------------------------------------------------------------------------------
// Booking

/**
 * The booking modal's form, one of two: a meeting (the buyer's phone number and where to meet, as
 * the spec's modal has it; a body without `delivery` is one), or shipping to one of the buyer's own
 * verified addresses (`delivery: 'shipping'`). The buyer's name and email are the account's.
 */
export const MeetingBookingSchema = z.object({
  delivery: z.literal('meeting').optional(),
  productId: z.uuid(),
  phone: PhoneSchema,
  location: text({ error: messages.locationRequired })
    .trim()
    .min(1, messages.locationRequired)
    .max(buyingLimits.location, buyingMessages.locationTooLong),
});
export const ShippingBookingSchema = z.object({
  delivery: z.literal('shipping'),
  productId: z.uuid(),
  addressId: z.uuid({ error: addressMessages.addressIdRequired }),
});
export const BookingSchema = z
  .discriminatedUnion('delivery', [MeetingBookingSchema, ShippingBookingSchema])
  .meta({ id: 'Booking' });
export type BookingInput = z.input<typeof BookingSchema>;
export type Booking = z.output<typeof BookingSchema>;

/** The phone as an order or a sale shows it, whatever became of it since (sold, removed). */
export const OrderProductSchema = z
  .object({
    id: z.uuid(),
    categoryId: CategoryIdSchema,
    name: z.string(),
    brand: z.string(),
    model: z.string(),
    imageUrl: z.string(),
    /** The phone's current listing price and original price. */
    priceCents: z.number().int(),
    originalPriceCents: z.number().int(),
    location: z.string(),
    status: z.enum(productStatuses),
  })
  .meta({ id: 'OrderProduct' });
export type OrderProduct = z.infer<typeof OrderProductSchema>;

/**
 * A buyer's order. The seller's phone number is not in it: buyer and seller arrange the meeting in
 * the order's messages, so the deal stays on ReCell (docs/decisions/0066).
 */
export const OrderSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(orderStatuses),
    /** The price when booked: what the payment charges. */
    priceCents: z.number().int(),
    /** The booking's phone number and meeting place (both empty for a shipped order). */
    phone: z.string(),
    location: z.string(),
    /** A meeting, or shipping to `shipTo`. */
    delivery: z.enum(deliveryMethods),
    /** The address a shipped order goes to, as it was when booked; null for a meeting. */
    shipTo: ShipToSchema.nullable(),
    transactionId: z.string().nullable(),
    createdAt: z.iso.datetime({ offset: true }),
    paidAt: z.iso.datetime({ offset: true }).nullable(),
    /** True while the order is booked and its phone is still for sale. */
    canPay: z.boolean(),
    ...orderProgressFields,
    /** True while the buyer may report a problem (within the window after the hand-over, none open). */
    canReportProblem: z.boolean(),
    product: OrderProductSchema,
    seller: z.object({
      id: z.uuid(),
      name: z.string(),
      email: z.string(),
      isVerified: z.boolean(),
    }),
    /** The order is completed and its buyer has not rated the seller yet (docs/decisions/0044). */
    canRate: z.boolean(),
    /** The buyer's rating of the seller for this order, once given. */
    rating: RatingSchema.nullable(),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof OrderSchema>;

export const OrderPageSchema = z
  .object({ items: z.array(OrderSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'OrderPage' });
export type OrderPage = z.infer<typeof OrderPageSchema>;

/**
 * The phones the buyer has an open order on (booked or paid), for the cards' Booked mark in place
 * of Book now. Per buyer, so never part of the catalogue's pages (which are shared).
 */
export const BookedProductIdsSchema = z.object({ productIds: z.array(z.uuid()) }).meta({ id: 'BookedProductIds' });
export type BookedProductIds = z.infer<typeof BookedProductIdsSchema>;

export const OrderIdParamsSchema = z.object({ id: text().max(64) });

// ---------------------------------------------------------------------------------------------
// My Sales (seller): who booked which phone, so the seller can hand it over

export const SaleSchema = z
  .object({
    /** The order's id. */
    id: z.uuid(),
    status: z.enum(orderStatuses),
    priceCents: z.number().int(),
    createdAt: z.iso.datetime({ offset: true }),
    paidAt: z.iso.datetime({ offset: true }).nullable(),
    ...orderProgressFields,
    product: OrderProductSchema,
    buyer: z.object({
      id: z.uuid(),
      name: z.string(),
      email: z.string(),
      /** From the booking (both empty for a shipped order). */
      phone: z.string(),
      location: z.string(),
    }),
    /** A meeting, or shipping to `shipTo`. */
    delivery: z.enum(deliveryMethods),
    /** Where to ship the phone (the buyer's name and address as booked); null for a meeting. */
    shipTo: ShipToSchema.nullable(),
    /** The buyer's rating for this sale, once given; the seller may reply once. */
    rating: RatingSchema.nullable(),
  })
  .meta({ id: 'Sale' });
export type Sale = z.infer<typeof SaleSchema>;

export const SalePageSchema = z
  .object({ items: z.array(SaleSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'SalePage' });
export type SalePage = z.infer<typeof SalePageSchema>;

// ---------------------------------------------------------------------------------------------
// Wishlist

export const WishlistItemSchema = z
  .object({
    product: ProductSchema,
    addedAt: z.iso.datetime({ offset: true }),
    /** The buyer's latest order for this phone that is not cancelled, if any (the payment column). */
    order: z.object({ id: z.uuid(), status: z.enum(orderStatuses) }).nullable(),
  })
  .meta({ id: 'WishlistItem' });
export type WishlistItem = z.infer<typeof WishlistItemSchema>;

export const WishlistPageSchema = z
  .object({ items: z.array(WishlistItemSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'WishlistPage' });
export type WishlistPage = z.infer<typeof WishlistPageSchema>;

/** Every phone in the buyer's wishlist, for the hearts on cards. */
export const WishlistIdsSchema = z.object({ productIds: z.array(z.uuid()) }).meta({ id: 'WishlistIds' });
export type WishlistIds = z.infer<typeof WishlistIdsSchema>;

// ---------------------------------------------------------------------------------------------
// Reports

export const ReportFormSchema = z
  .object({
    reason: z.enum(reportReasons, { error: buyingMessages.reasonRequired }),
    text: text({ multiLine: true, error: buyingMessages.reportTextRequired })
      .trim()
      .min(1, buyingMessages.reportTextRequired)
      .max(buyingLimits.reportText, buyingMessages.reportTextTooLong),
  })
  .meta({ id: 'ReportForm' });
export type ReportFormInput = z.input<typeof ReportFormSchema>;
export type ReportForm = z.output<typeof ReportFormSchema>;

export const ReportCreatedSchema = z.object({ id: z.uuid() }).meta({ id: 'ReportCreated' });
export type ReportCreated = z.infer<typeof ReportCreatedSchema>;

// ---------------------------------------------------------------------------------------------
// Path parameters

/** PUT / DELETE /api/me/wishlist/:productId. */
export const WishlistParamsSchema = z.object({ productId: text().max(64) });
