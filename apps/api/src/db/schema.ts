/**
 * The whole data model of ReCell (docs/ARCHITECTURE.md, Data). Money is integer cents; ids are UUIDs except the
 * spec's category ids '1' Apple, '2' Xiaomi, '3' Samsung. Migrations are generated from this file
 * with `npm run db:generate -w @recell/api` and run at start-up on PGlite and PostgreSQL alike.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgEnum,
  pgMaterializedView,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const roleEnum = pgEnum('role', ['user', 'seller', 'admin']);
/** A listing's state; 'pending_review' and 'rejected' are never public (docs/decisions/0068). */
export const productStatusEnum = pgEnum('product_status', [
  'available',
  'sold',
  'removed',
  'pending_review',
  'rejected',
]);
export const orderStatusEnum = pgEnum('order_status', ['booked', 'paid', 'cancelled']);
export const identityProviderEnum = pgEnum('identity_provider', ['google', 'github']);
/**
 * What happens to a paid phone: the seller hands it over at a meeting or ships it, then the buyer
 * confirms receipt (or it completes on its own after a while). Only meaningful once the order is paid.
 */
export const orderProgressEnum = pgEnum('order_progress', [
  'awaiting_handover',
  'handed_over',
  'shipped',
  'completed',
  // A tracked parcel, as its carrier reports it (shipped = label bought, handed to the carrier).
  'in_transit',
  'delivered',
  'returned_to_sender',
  'lost',
]);
/** A parcel's tracker status in the carrier's (EasyPost's) words (adapters/shipping TrackingStatus). */
export const trackingStatusEnum = pgEnum('tracking_status', [
  'unknown',
  'pre_transit',
  'in_transit',
  'out_for_delivery',
  'available_for_pickup',
  'delivered',
  'return_to_sender',
  'failure',
  'cancelled',
]);
export const paymentStatusEnum = pgEnum('payment_status', ['succeeded', 'refunded']);
/**
 * A buyer's problem report on a paid order: open until an admin decides it; 'refunding' while the
 * refund is at the card processor (finished by the progress-orders job after a crash or an
 * outage), then 'refunded', or 'refund_failed' when the processor refused it or stayed out of
 * reach (undecided again: an admin refunds again or closes it); 'closed' without a refund.
 */
export const orderProblemStatusEnum = pgEnum('order_problem_status', [
  'open',
  'refunding',
  'refund_failed',
  'refunded',
  'closed',
]);
/**
 * A return of a shipped phone (docs/decisions/0074): packages/contract returnStatuses but
 * 'refund_failed', which is read from its refund's problem row (the refund engine's).
 */
export const orderReturnStatusEnum = pgEnum('order_return_status', [
  'requested',
  'accepted',
  'in_transit',
  'arrived',
  'declined',
  'escalated',
  'imei_mismatch',
  'refunding',
  'refunded',
  'rejected',
]);
/** How a booked phone reaches its buyer: at a meeting (the spec's booking) or shipped to one of their addresses. */
export const deliveryMethodEnum = pgEnum('delivery_method', ['meeting', 'shipping']);
/** Who pays an order's shipping (decision 0076), frozen at booking. */
export const shippingPayerEnum = pgEnum('shipping_payer', ['buyer', 'seller']);
export const reportReasonEnum = pgEnum('report_reason', ['stolen', 'fake', 'wrong_description', 'scam', 'other']);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    role: roleEnum('role').notNull().default('user'),
    verified: boolean('verified').notNull().default(false),
    imageUrl: text('image_url'),
    createdAt: createdAt(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** Null until the owner opens the confirmation link; until then they may browse but not trade. */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /** Access tokens issued before this (a password reset) are refused: every sign-in ends at once. */
    sessionsValidAfter: timestamp('sessions_valid_after', { withTimezone: true }),
    /**
     * A seller's ratings, kept with each rating in its transaction (docs/decisions/0044), so every
     * card shows the average from the seller row it already joins: how many, and their stars' sum.
     */
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
  },
  (t) => [
    check(
      'users_rating_totals',
      sql`${t.ratingCount} >= 0 and ${t.ratingSum} between ${t.ratingCount} and 5 * ${t.ratingCount}`,
    ),
    // Emails are unique whatever their case: 'Ann@x.com' and 'ann@x.com' are one account.
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_role_created_idx').on(t.role, t.createdAt),
    // The few disabled accounts, so public listing views can leave their phones out cheaply.
    index('users_disabled_idx')
      .on(t.id)
      .where(sql`${t.disabledAt} is not null`),
  ],
);

export const identities = pgTable(
  'identities',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: identityProviderEnum('provider').notNull(),
    subject: text('subject').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('identities_user_idx').on(t.userId)],
);

/** One row per refresh token; a sign-in starts a family, each rotation adds a row to it. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_family_idx').on(t.familyId),
    index('sessions_user_idx').on(t.userId),
  ],
);

export const accountTokenPurposeEnum = pgEnum('account_token_purpose', ['password_reset', 'email_confirmation']);

/** Single-use links sent by email (password reset, email confirmation); only the SHA-256 of a token is kept. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: accountTokenPurposeEnum('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('account_tokens_token_hash_key').on(t.tokenHash),
    index('account_tokens_user_idx').on(t.userId, t.purpose),
  ],
);

/**
 * Every email the app sends, written in the transaction of what caused it (a transactional
 * outbox); the deliver-emails job sends pending ones through SMTP. Without SMTP this table is the
 * development mailbox an admin reads.
 */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** What the email is about (password_reset, email_confirmation, …). */
    kind: text('kind').notNull(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    /** When the job may try (again); a claim pushes it ahead, so two workers never send one email. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** Set when the job gave up (too many failed attempts). */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /**
     * Where a mail client's one-click unsubscribe posts (List-Unsubscribe, List-Unsubscribe-Post);
     * null for emails that are not notifications (a reset link).
     */
    unsubscribeUrl: text('unsubscribe_url'),
  },
  (t) => [
    index('outbox_emails_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    index('outbox_emails_created_idx').on(t.createdAt),
  ],
);

export const categories = pgTable(
  'categories',
  {
    id: text('id').primaryKey(),
    brand: text('brand').notNull(),
    imageUrl: text('image_url').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [uniqueIndex('categories_brand_key').on(t.brand)],
);

/**
 * A listing's facts as tokens ('k:<category>', 's:<GB>', 'n:<network>', 'c:<colour>', 'm:<model>';
 * texts lower-cased): the expression products_live_facts_idx indexes, and the catalogue's queries
 * name to use it. A missing fact gives a null token, which matches nothing.
 */
export const productFactTokens = (t: {
  categoryId: AnyPgColumn;
  storageGb: AnyPgColumn;
  networkLock: AnyPgColumn;
  colour: AnyPgColumn;
  model: AnyPgColumn;
}) =>
  sql`(array['k:' || ${t.categoryId}, 's:' || ${t.storageGb}::text, 'n:' || lower(${t.networkLock}), 'c:' || lower(${t.colour}), 'm:' || lower(${t.model})])`;

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id),
    name: text('name').notNull(),
    brand: text('brand').notNull(),
    model: text('model').notNull(),
    priceCents: integer('price_cents').notNull(),
    originalPriceCents: integer('original_price_cents').notNull(),
    condition: text('condition').notNull(),
    used: text('used').notNull(),
    location: text('location').notNull(),
    authenticity: text('authenticity').notNull(),
    features: text('features').notNull(),
    description: text('description').notNull(),
    imageUrl: text('image_url').notNull(),
    /** Given only to buyers who booked the phone; never part of a public listing. */
    sellerPhone: text('seller_phone').notNull(),
    // The phone facts: null on listings made before sellers gave them; every new listing has them
    // (battery health is optional).
    storageGb: integer('storage_gb'),
    colour: text('colour'),
    /** 'unlocked', or the carrier the phone is locked to. */
    networkLock: text('network_lock'),
    batteryHealth: integer('battery_health'),
    /** The whole IMEI: only its seller and admins get it; everyone else sees its last four digits. */
    imei: text('imei'),
    /** The IMEI passed the check when listed, and has not been blocked (reported stolen) since. */
    imeiChecked: boolean('imei_checked').notNull().default(false),
    /**
     * The price before the latest change when that change lowered it (the details page's "was"),
     * else null. Kept here, set with the change, so listing pages need no join on price_changes.
     */
    previousPriceCents: integer('previous_price_cents'),
    status: productStatusEnum('status').notNull().default('available'),
    /** When the listing last went to the admins' review queue (created or resubmitted); null when never reviewed. */
    submittedForReviewAt: timestamp('submitted_for_review_at', { withTimezone: true }),
    /** The admin's reason, while the listing is 'rejected'; the seller reads it on My Products. */
    rejectionReason: text('rejection_reason'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The words of the listing, plus two markers no text can produce (a parsed word never holds a
     * space): 'category <id>' and 'condition <condition>'. They let one GIN index answer "these
     * words, in this category, in this condition" by itself (docs/decisions/0009).
     */
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', coalesce(name, '') || ' ' || coalesce(brand, '') || ' ' || coalesce(model, '')), 'A') || setweight(to_tsvector('simple', coalesce(features, '') || ' ' || coalesce(location, '')), 'B') || setweight(to_tsvector('simple', coalesce(description, '')), 'C') || array_to_tsvector(array['category ' || category_id, 'condition ' || condition])`,
    ),
  },
  (t) => [
    check('products_price_positive', sql`${t.priceCents} > 0`),
    check('products_original_price_positive', sql`${t.originalPriceCents} > 0`),
    check('products_storage_gb_known', sql`${t.storageGb} in (16, 32, 64, 128, 256, 512, 1024)`),
    check('products_battery_health_range', sql`${t.batteryHealth} between 50 and 100`),
    check('products_imei_digits', sql`${t.imei} ~ '^[0-9]{15}$'`),
    check('products_previous_price_was_higher', sql`${t.previousPriceCents} > ${t.priceCents}`),
    check('products_rejection_reason_length', sql`char_length(${t.rejectionReason}) between 1 and 500`),
    // The admins' queue: listings waiting for review, oldest first.
    index('products_review_queue_idx')
      .on(t.submittedForReviewAt, t.id)
      .where(sql`${t.submittedForReviewAt} is not null`),
    // One listing for sale per phone: a second one with the same IMEI fails here, however close
    // together the two are made.
    uniqueIndex('products_available_imei_key')
      .on(t.imei)
      .where(sql`${t.status} = 'available' and ${t.imei} is not null`),
    // Blocking an IMEI finds every listing of it, sold ones too (their mark goes).
    index('products_imei_idx')
      .on(t.imei)
      .where(sql`${t.imei} is not null`),
    // Category browsing: newest first, keyset on (created_at, id), only live listings. The index
    // sorts DESC NULLS LAST, so queries must say `desc nulls last` to walk it (plain DESC means
    // NULLS FIRST in PostgreSQL and would sort the whole category instead). Battery health comes
    // last, after the order: a filtered page's walk checks a battery floor in the index and reads
    // only the listings that pass it (docs/decisions/0080).
    index('products_browse_idx').on(t.categoryId, t.status, t.createdAt.desc(), t.id.desc(), t.batteryHealth),
    index('products_browse_price_idx').on(t.categoryId, t.status, t.priceCents, t.id, t.batteryHealth),
    index('products_seller_idx').on(t.sellerId, t.createdAt.desc()),
    // The fair-price guide (docs/decisions/0039): a model (lower-cased, trimmed) and storage, by
    // status and condition, with the price, seller and id, so both medians are read from indexes
    // alone (the sold phones lead to their paid orders through orders_paid_product_idx).
    index('products_fair_price_idx').on(
      sql`lower(btrim(${t.model}))`,
      t.storageGb,
      t.status,
      t.condition,
      t.priceCents,
      t.sellerId,
      t.id,
      // Never searched by: PostgreSQL reads an expression's column from the index only when the
      // column itself is in it too.
      t.model,
    ),
    // Category search over listings for sale: words, category and condition markers intersect
    // inside this one index (docs/decisions/0009).
    index('products_live_search_idx')
      .using('gin', t.search)
      .where(sql`${t.status} = 'available'`),
    // Search across every brand: the same two orders without the category in front
    // (docs/decisions/0038), battery health last as above.
    index('products_live_newest_idx')
      .on(t.createdAt.desc(), t.id.desc(), t.batteryHealth)
      .where(sql`${t.status} = 'available'`),
    index('products_live_price_idx')
      .on(t.priceCents, t.id, t.batteryHealth)
      .where(sql`${t.status} = 'available'`),
    // Phone-fact filters, for combinations the ordered walk cannot fill a page with (1 TB on one
    // carrier, a rare model): the category and the facts as one array of tokens, so one GIN index
    // intersects them inside itself, as the search index does with its markers (docs/decisions/0038).
    // Battery health is a range: a filter on the rows found.
    index('products_live_facts_idx')
      .using('gin', productFactTokens(t))
      .where(sql`${t.status} = 'available'`),
    // The facts that say which phone it is follow its price (a bigger, newer model costs more), so
    // their matches can all lie far down the price order. The ordered walk of a filtered page goes
    // down one of these instead of the category's order: storage in both sorts, with and without
    // the category; model and colour by price (docs/decisions/0038, amendment).
    index('products_live_storage_newest_idx')
      .on(t.storageGb, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'available'`),
    index('products_live_storage_price_idx')
      .on(t.storageGb, t.priceCents, t.id)
      .where(sql`${t.status} = 'available'`),
    index('products_live_category_storage_newest_idx')
      .on(t.categoryId, t.storageGb, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'available'`),
    index('products_live_category_storage_price_idx')
      .on(t.categoryId, t.storageGb, t.priceCents, t.id)
      .where(sql`${t.status} = 'available'`),
    index('products_live_model_price_idx')
      .on(sql`lower(${t.model})`, t.priceCents, t.id)
      .where(sql`${t.status} = 'available'`),
    index('products_live_colour_price_idx')
      .on(sql`lower(${t.colour})`, t.priceCents, t.id)
      .where(sql`${t.status} = 'available'`),
  ],
);

/**
 * The words of live listings' names, brands and models, per category, with how many listings hold
 * each: the search's "did you mean" vocabulary (docs/decisions/0055). A materialised view with a
 * trigram index, written by hand in migration 0019_search_suggestions (drizzle-kit leaves an `existing` view alone) and
 * refreshed by the refresh-search-terms job.
 */
export const searchTerms = pgMaterializedView('search_terms', {
  categoryId: text('category_id').notNull(),
  term: text('term').notNull(),
  listings: integer('listings').notNull(),
}).existing();

/** Every change of a listing's price, written with the change (docs/decisions/0036). */
export const priceChanges = pgTable(
  'price_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    oldPriceCents: integer('old_price_cents').notNull(),
    newPriceCents: integer('new_price_cents').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('price_changes_prices_positive', sql`${t.oldPriceCents} > 0 and ${t.newPriceCents} > 0`),
    index('price_changes_product_idx').on(t.productId, t.changedAt.desc()),
  ],
);

export const advertisements = pgTable(
  'advertisements',
  {
    productId: uuid('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  // The home grid walks this index newest first and stops at the page size (keyset on created_at, product_id).
  (t) => [index('advertisements_newest_idx').on(t.createdAt.desc(), t.productId.desc())],
);

/**
 * A listing's photos in order (at most 8; position 0 is the cover). `products.image_url` always
 * holds the cover's URL too, written in the same transaction, so cards and every list read it
 * without a join; only the details page reads this table (docs/decisions/0037).
 */
export const productPhotos = pgTable(
  'product_photos',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    imageUrl: text('image_url').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.position] }),
    check('product_photos_position_range', sql`${t.position} between 0 and 7`),
    // The orphan-upload job asks whether a stored picture is still some listing's photo.
    index('product_photos_image_url_idx').on(t.imageUrl),
  ],
);

/**
 * Who uploaded which picture (POST /api/uploads): a listing or a profile takes an image id only
 * from the person who uploaded it, since pictures are stored by content and anyone may learn an
 * id. The same picture uploaded by two people is a row for each.
 */
export const imageUploads = pgTable(
  'image_uploads',
  {
    imageId: text('image_id').notNull(),
    uploaderId: uuid('uploader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.uploaderId, t.imageId] }),
    check('image_uploads_image_id_format', sql`${t.imageId} ~ '^[0-9a-f]{64}$'`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id),
    phone: text('phone').notNull(),
    location: text('location').notNull(),
    /** The price when the buyer booked; what the payment charges. */
    priceCents: integer('price_cents').notNull(),
    status: orderStatusEnum('status').notNull().default('booked'),
    transactionId: text('transaction_id'),
    /** The processor's payment intent for this order, reused while the buyer stays on the payment page. */
    paymentIntentId: text('payment_intent_id'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** After payment: handed over or shipped by the seller, then completed (the status stays paid). */
    progress: orderProgressEnum('progress').notNull().default('awaiting_handover'),
    /** When the seller marked the phone handed over or shipped. */
    handedOverAt: timestamp('handed_over_at', { withTimezone: true }),
    /** The seller shipped the phone rather than handing it over at a meeting (kept once completed). */
    isShipped: boolean('is_shipped').notNull().default(false),
    /** The seller's optional tracking note when shipping. */
    trackingNote: text('tracking_note'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** An admin refunded the buyer after a problem report: the order stays paid (a money record), the phone sold. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** The marketplace's commission on the sale, frozen when the sale is recorded (null until paid). */
    sellerFeeCents: integer('seller_fee_cents'),
    /**
     * The buyer's service fee, frozen when the payment is prepared (null before): the card is
     * authorised for the price plus this.
     */
    buyerFeeCents: integer('buyer_fee_cents'),
    /**
     * What the buyer pays for shipping (the carrier's cheapest rate, quoted at booking), when the
     * buyer pays it (`SHIPPING_PAID_BY`); null for a meeting or when the seller pays. The card is
     * authorised for it too.
     */
    shippingCents: integer('shipping_cents'),
    /**
     * Who pays the label, frozen at booking from `SHIPPING_PAID_BY`: the buyer (`shipping_cents`
     * held for it) or the seller (taken from the payout). Null for a meeting, and for orders booked
     * before anyone paid for shipping: the marketplace bears their label.
     */
    shippingPaidBy: shippingPayerEnum('shipping_paid_by'),
    /** A meeting (phone and location above) or shipping to `ship_to`. */
    deliveryMethod: deliveryMethodEnum('delivery_method').notNull().default('meeting'),
    /**
     * A shipped order's copy of the buyer's address as it was when booked (with the carrier's id for
     * it), so removing the address later changes no order. Null for a meeting.
     */
    shipTo: jsonb('ship_to').$type<OrderShipTo>(),
    /** The address the copy was taken from (it may be removed since; the copy stands). */
    shipToAddressId: uuid('ship_to_address_id').references((): AnyPgColumn => addresses.id),
    /** The shipped parcel (a bought label): its carrier, tracking code, tracker and shipment. */
    carrier: text('carrier'),
    trackingCode: text('tracking_code'),
    trackerId: text('tracker_id'),
    shipmentId: text('shipment_id'),
    /** What the seller's label cost, in cents (set when it was bought: an order has one label). */
    labelCostCents: integer('label_cost_cents'),
    /** The carrier refunded the label, never used, when the order was refunded (its ledger movement written then). */
    labelRefundedAt: timestamp('label_refunded_at', { withTimezone: true }),
    /** The tracker's newest status and when the carrier last changed it (older updates never win). */
    trackingStatus: trackingStatusEnum('tracking_status'),
    trackingUpdatedAt: timestamp('tracking_updated_at', { withTimezone: true }),
    /** When the marketplace last heard of the tracker (an event, or its poll): the poll asks the stalest. */
    trackingCheckedAt: timestamp('tracking_checked_at', { withTimezone: true }),
    /** The carrier's delivered scan: a tracked parcel's problem window and completion count from it. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /**
     * An order booked with shipping: the carrier's first scan is due by then (paid + SHIP_BY_BUSINESS_DAYS
     * business days, set when it is paid; decision 0075). Null for a meeting.
     */
    shipBy: timestamp('ship_by', { withTimezone: true }),
    /** The seller was reminded of `ship_by` (once, whichever replica got there first). */
    shipByRemindedAt: timestamp('ship_by_reminded_at', { withTimezone: true }),
    /** No carrier scan by `ship_by`: the job cancelled the order then and started the buyer's refund. */
    missedDropOffAt: timestamp('missed_drop_off_at', { withTimezone: true }),
  },
  (t) => [
    check('orders_price_positive', sql`${t.priceCents} > 0`),
    check('orders_ship_to_when_shipping', sql`(${t.deliveryMethod} = 'shipping') = (${t.shipTo} is not null)`),
    // The ship-by job: paid parcels not yet with the carrier, the nearest deadline first.
    index('orders_ship_by_idx')
      .on(t.shipBy)
      .where(
        sql`${t.status} = 'paid' and ${t.shipBy} is not null and ${t.missedDropOffAt} is null and ${t.refundedAt} is null and ${t.progress} in ('awaiting_handover', 'shipped')`,
      ),
    // The admins' Missed drop-offs, newest first.
    index('orders_missed_drop_off_idx')
      .on(t.missedDropOffAt.desc(), t.id.desc())
      .where(sql`${t.missedDropOffAt} is not null`),
    // A tracker's update finds its order.
    uniqueIndex('orders_tracker_key')
      .on(t.trackerId)
      .where(sql`${t.trackerId} is not null`),
    // The progress-orders job: delivered parcels not completed yet, oldest delivery first. (The
    // predicates name no new progress value: its migration adds them in the same transaction.)
    index('orders_delivered_idx')
      .on(t.deliveredAt)
      .where(
        sql`${t.status} = 'paid' and ${t.deliveredAt} is not null and ${t.completedAt} is null and ${t.refundedAt} is null`,
      ),
    // The tracking poll: tracked parcels not delivered yet, least recently heard of first.
    index('orders_parcel_on_its_way_idx')
      .on(t.trackingCheckedAt)
      .where(
        sql`${t.trackerId} is not null and ${t.deliveredAt} is null and ${t.completedAt} is null and ${t.refundedAt} is null`,
      ),
    index('orders_buyer_idx').on(t.buyerId, t.createdAt.desc()),
    index('orders_product_idx').on(t.productId),
    // One open order per buyer per phone; a cancelled one may be followed by a new booking.
    uniqueIndex('orders_one_open_per_buyer_key')
      .on(t.productId, t.buyerId)
      .where(sql`${t.status} = 'booked'`),
    // The fair-price guide: a sold phone's paid (and not refunded) order, when it was paid and its price, from the index alone.
    index('orders_paid_product_idx')
      .on(t.productId, t.paidAt, t.priceCents)
      .where(sql`${t.status} = 'paid' and ${t.refundedAt} is null`),
    // The progress-orders job: orders handed over or shipped, oldest hand-over first.
    index('orders_awaiting_receipt_idx')
      .on(t.handedOverAt)
      .where(sql`${t.status} = 'paid' and ${t.progress} in ('handed_over', 'shipped') and ${t.refundedAt} is null`),
    // A phone is sold once: at most one paid order per product that is not refunded in full (a
    // returned and refunded phone may be put back on sale and sold again; decision 0074).
    uniqueIndex('orders_one_paid_per_product_key')
      .on(t.productId)
      .where(sql`${t.status} = 'paid' and ${t.refundedAt} is null`),
  ],
);

/** A shipped order's copy of its address (`orders.ship_to`). */
export interface OrderShipTo {
  name: string;
  line1: string;
  line2: string | null;
  city: string;
  region: string;
  postalCode: string;
  country: string;
  phone: string;
  carrierAddressId: string;
}

/**
 * A person's delivery addresses, each verified by the carrier when added (its corrected form is
 * what is kept, with the carrier's id for it). At most ten live ones per person (the addresses
 * module counts under a lock). Removal is soft (`removed_at`): orders point at the address they
 * copied. A seller's ship-from address is the one live address with `is_ship_from`.
 */
export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2'),
    city: text('city').notNull(),
    region: text('region').notNull(),
    postalCode: text('postal_code').notNull(),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull(),
    phone: text('phone').notNull(),
    /** The shipping port's id for the verified address. */
    carrierAddressId: text('carrier_address_id').notNull(),
    /** A seller's address that sold phones ship from. */
    isShipFrom: boolean('is_ship_from').notNull().default(false),
    createdAt: createdAt(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    check('addresses_country_code', sql`${t.country} ~ '^[A-Z]{2}$'`),
    check('addresses_ship_from_live', sql`not (${t.isShipFrom} and ${t.removedAt} is not null)`),
    // A person's live addresses, oldest first.
    index('addresses_owner_live_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.removedAt} is null`),
    // At most one ship-from address per seller.
    uniqueIndex('addresses_one_ship_from_key')
      .on(t.userId)
      .where(sql`${t.isShipFrom}`),
  ],
);

/**
 * A shipped parcel's scans as its carrier reported them, kept for the order's page. A scan
 * reported again (a repeated or older tracker update) is the same row: the unique key makes it a no-op.
 */
export const orderTrackingEvents = pgTable(
  'order_tracking_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    status: trackingStatusEnum('status').notNull(),
    /** The carrier's words ("Arrived at USPS facility"). */
    message: text('message').notNull(),
    /** Where, in words; null when the carrier does not say. */
    place: text('place'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('order_tracking_events_scan_key').on(t.orderId, t.occurredAt, t.status, t.message)],
);

/**
 * Messages between an order's buyer and its phone's seller (docs/decisions/0043), from the booking
 * on. Text only, 1 to 2000 characters; kept with the order (a record of what was agreed). The body
 * is kept with its contact details masked, and `contact_details_hidden` says some were (0066).
 */
export const orderMessages = pgTable(
  'order_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    contactDetailsHidden: boolean('contact_details_hidden').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check('order_messages_body_length', sql`char_length(${t.body}) between 1 and 2000`),
    // A thread newest first, a page at a time (keyset on created_at, id).
    index('order_messages_thread_idx').on(t.orderId, t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * Each participant's place in an order's thread: how many messages they have not read (kept with
 * every message and reset when they read, so the dashboard's unread counts read a few rows, never
 * the messages), and when they last read it. A row exists once the thread has a message or the
 * participant has read it.
 */
export const orderThreadReads = pgTable(
  'order_thread_reads',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    unreadCount: integer('unread_count').notNull().default(0),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    /** When the newest message this participant has not written arrived (orders the unread counts). */
    lastReceivedAt: timestamp('last_received_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.userId] }),
    check('order_thread_reads_unread_count', sql`${t.unreadCount} >= 0`),
    // The dashboard's unread counts: only the threads with something unread.
    index('order_thread_reads_unread_idx')
      .on(t.userId, t.lastReceivedAt.desc())
      .where(sql`${t.unreadCount} > 0`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: paymentStatusEnum('status').notNull(),
    /** The card's last four digits, for the buyer's receipt (nothing more of a card is kept). */
    cardLast4: text('card_last4'),
    /** What was given back to the buyer so far: all of it, or an admin's parts. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payments_order_key').on(t.orderId),
    uniqueIndex('payments_provider_payment_key').on(t.provider, t.providerPaymentId),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * Problem reports on paid orders (docs/decisions/0042): the buyer's reason, open until an admin
 * refunds the order or closes the report. At most one undecided report (open, refunding, or its
 * refund failed: anything but refunded or closed) per order; an undecided one pauses the order's
 * completion on its own. (The indexes name the decided statuses, so adding an undecided one
 * needs no new index.)
 */
export const orderProblems = pgTable(
  'order_problems',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull(),
    status: orderProblemStatusEnum('status').notNull().default('open'),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    /** While refunding: when the job may take the refund over (a lease; later after a failure). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** The admin's refund when it is part of what was paid (null: all of it). */
    refundCents: integer('refund_cents'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The return this refund is of (decision 0074): its refund runs as a report's does. Null for a buyer's report. */
    returnId: uuid('return_id').references((): AnyPgColumn => orderReturns.id),
  },
  (t) => [
    uniqueIndex('order_problems_one_open_per_order_key')
      .on(t.orderId)
      .where(sql`${t.status} not in ('refunded', 'closed')`),
    index('order_problems_order_idx').on(t.orderId, t.createdAt.desc()),
    index('order_problems_open_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} not in ('refunded', 'closed')`),
  ],
);

/**
 * The return of a shipped phone (docs/decisions/0074): at most one per order. The buyer's reason and
 * photos; the seller's answer (by `seller_answer_by`); the prepaid return label's parcel, followed as
 * the order's own parcel is; the seller's IMEI check; an admin's decision. Its refund is an
 * `order_problems` row pointing back at it (one refund engine).
 */
export const orderReturns = pgTable(
  'order_returns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    reason: text('reason').notNull(),
    /** The buyer's uploaded pictures (0 to 4), in their order, as their URLs (as listings keep theirs). */
    photoUrls: text('photo_urls')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: orderReturnStatusEnum('status').notNull().default('requested'),
    createdAt: createdAt(),
    sellerAnswerBy: timestamp('seller_answer_by', { withTimezone: true }).notNull(),
    sellerAnsweredAt: timestamp('seller_answered_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    /** The return label's shipment and rate, kept before the buy so a retry buys the same label. */
    shipmentId: text('shipment_id'),
    rateId: text('rate_id'),
    carrier: text('carrier'),
    trackingCode: text('tracking_code'),
    trackerId: text('tracker_id'),
    labelCostCents: integer('label_cost_cents'),
    trackingStatus: trackingStatusEnum('tracking_status'),
    trackingUpdatedAt: timestamp('tracking_updated_at', { withTimezone: true }),
    trackingCheckedAt: timestamp('tracking_checked_at', { withTimezone: true }),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }),
    /** The seller's IMEI check of the phone that came back. */
    imeiMatched: boolean('imei_matched'),
    imeiCheckedAt: timestamp('imei_checked_at', { withTimezone: true }),
    /** An admin's decision: accept, refund or reject, with the reason both parties read. */
    decision: text('decision'),
    decisionReason: text('decision_reason'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    relistedAt: timestamp('relisted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('order_returns_order_key').on(t.orderId),
    uniqueIndex('order_returns_tracker_key')
      .on(t.trackerId)
      .where(sql`${t.trackerId} is not null`),
    check('order_returns_decision', sql`${t.decision} is null or ${t.decision} in ('accept', 'refund', 'reject')`),
    check('order_returns_photos', sql`coalesce(array_length(${t.photoUrls}, 1), 0) <= 4`),
    // The admins' list and the job's escalation read only the returns waiting.
    index('order_returns_waiting_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} in ('requested', 'declined', 'escalated', 'imei_mismatch')`),
    // The tracking poll: return parcels on their way.
    index('order_returns_parcel_on_its_way_idx')
      .on(t.trackingCheckedAt)
      .where(sql`${t.trackerId} is not null and ${t.arrivedAt} is null`),
  ],
);

export const wishlist = pgTable(
  'wishlist',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index('wishlist_product_idx').on(t.productId)],
);

export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: reportReasonEnum('reason').notNull().default('other'),
    text: text('text').notNull(),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** How an admin closed it: 'dismissed' (listing kept) or 'listing_removed'. */
    resolution: text('resolution'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('reports_created_idx').on(t.createdAt.desc()),
    index('reports_open_product_idx')
      .on(t.productId, t.createdAt.desc())
      .where(sql`${t.resolvedAt} is null`),
    // One open report per buyer per phone.
    uniqueIndex('reports_one_open_per_reporter_key')
      .on(t.productId, t.reporterId)
      .where(sql`${t.resolvedAt} is null`),
  ],
);

/**
 * A buyer's rating of the seller after a completed order: 1–5 stars and an optional comment, once
 * per order (the unique index decides, however close together two tries are); the seller's one
 * reply; an admin may hide an abusive comment, whose stars still count (docs/decisions/0044).
 */
export const ratings = pgTable(
  'ratings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id),
    stars: integer('stars').notNull(),
    comment: text('comment'),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    commentHiddenAt: timestamp('comment_hidden_at', { withTimezone: true }),
    commentHiddenBy: uuid('comment_hidden_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('ratings_stars_range', sql`${t.stars} between 1 and 5`),
    check('ratings_comment_length', sql`char_length(${t.comment}) <= 1000`),
    check('ratings_reply_length', sql`char_length(${t.reply}) <= 1000`),
    uniqueIndex('ratings_order_key').on(t.orderId),
    // The seller page's list, newest first (keyset on created_at, id).
    index('ratings_seller_newest_idx').on(t.sellerId, t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * Questions people ask on a listing before booking, and its seller's one answer (docs/decisions/0067).
 * Both texts are stored with contact details masked. Answered questions no admin hid are public;
 * `asker_id` is never shown to anyone.
 */
export const productQuestions = pgTable(
  'product_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    askerId: uuid('asker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: createdAt(),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: uuid('hidden_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // Five times the form's limits: a masked contact detail can be longer than what it hides.
    check('product_questions_text_length', sql`char_length(${t.text}) between 1 and 2500`),
    check('product_questions_answer_length', sql`char_length(${t.answer}) between 1 and 5000`),
    // An answer and its time come together: once answered, a question stays answered.
    check('product_questions_answered', sql`(${t.answer} is null) = (${t.answeredAt} is null)`),
    // The public list: a listing's answered, visible questions, newest first (keyset on created_at, id).
    index('product_questions_public_idx')
      .on(t.productId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.answeredAt} is not null and ${t.hiddenAt} is null`),
    // The seller's (and an admin's) waiting questions, and each asker's open count on a listing.
    index('product_questions_unanswered_idx')
      .on(t.productId, t.askerId)
      .where(sql`${t.answeredAt} is null`),
  ],
);

/**
 * What visitors sent with the Contact us form, for the admins' Messages page. Unread until an
 * admin marks it read; archived messages leave the inbox (archiving reads it too). Rows are kept:
 * an admin's archive is the record of what was asked.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
    readBy: uuid('read_by').references(() => users.id, { onDelete: 'set null' }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    archivedBy: uuid('archived_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // The inbox and the archive, each newest first.
    index('contact_messages_inbox_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.archivedAt} is null`),
    index('contact_messages_archived_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.archivedAt} is not null`),
  ],
);

/**
 * IMEIs an admin blocked (reported stolen): never listed again. The reason is the admin's; the
 * audit log records who blocked which listing's IMEI.
 */
export const blockedImeis = pgTable('blocked_imeis', {
  imei: text('imei').primaryKey(),
  reason: text('reason').notNull(),
  blockedBy: uuid('blocked_by').references(() => users.id, { onDelete: 'set null' }),
  blockedAt: timestamp('blocked_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every IMEI check of a listing at the device-check service (modules/device-check), one row per
 * check, never changed: `clean`, `flagged` with its reasons, or `unavailable` (the service did not
 * answer; the listing was accepted and waits for the daily re-check). `context` says which step
 * asked: listing, edit, capture (before a card is charged) or recheck (the daily job).
 */
export const deviceChecks = pgTable(
  'device_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    imei: text('imei').notNull(),
    outcome: text('outcome').notNull(),
    reasons: text('reasons')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The brand and model the IMEI's type-allocation code names, when the service knows it. */
    tacModel: text('tac_model'),
    context: text('context').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('device_checks_outcome', sql`${t.outcome} in ('clean', 'flagged', 'unavailable')`),
    check('device_checks_context', sql`${t.context} in ('listing', 'edit', 'capture', 'recheck')`),
    check(
      'device_checks_reasons',
      sql`(${t.outcome} = 'flagged') = (cardinality(${t.reasons}) > 0) and ${t.reasons} <@ array['blacklisted', 'unpaid_finance', 'carrier_locked', 'activation_locked', 'model_mismatch']::text[]`,
    ),
    // A listing's latest check (its page, the re-check's order) is one index read.
    index('device_checks_product_checked_idx').on(t.productId, t.checkedAt.desc()),
  ],
);

/** Who did what to which record, and when: admin actions, deletions, payments. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    detail: jsonb('detail'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc()),
    index('audit_log_subject_idx').on(t.subjectType, t.subjectId),
  ],
);

/**
 * The built-in test-mode card processor's payment intents (the embedded default of the payments
 * port). Shaped like Stripe's: status requires_payment_method → requires_capture (card authorised)
 * → succeeded (captured), or canceled. Only the card's last four digits are ever kept.
 */
export const testPaymentIntents = pgTable(
  'test_payment_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status').notNull(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    lastErrorCode: text('last_error_code'),
    lastErrorMessage: text('last_error_message'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** What refunds gave back of the captured amount (all of it once `refunded_at` is set). */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** The idempotency keys of the partial refunds made (each is made once). */
    refundKeys: text('refund_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('test_payment_intents_order_idx').on(t.orderId)],
);

/** Processor webhook events already handled: each event is processed once, however often it is sent. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * The answers to requests sent with an Idempotency-Key (plugins/idempotency.ts): a repeat of the
 * same request by the same account within a day gets the stored answer instead of acting again.
 * A row without an answer is a request still running, or one whose server died before it answered.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    userId: uuid('user_id').notNull(),
    key: text('key').notNull(),
    /** The route and a hash of its parameters and body: a key is good for one request only. */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotent_requests_created_at_idx').on(t.createdAt)],
);

/**
 * A phone reserved for the one order whose card is being captured (docs/decisions/0017). The sale
 * claims the phone in a short transaction, captures at the processor with no lock held, then
 * records the sale and deletes the claim. One claim per phone and per order: a second buyer who
 * finds one is refused, and a claim left by a crash is finished by the payments reconcile job.
 */
export const saleClaims = pgTable(
  'sale_claims',
  {
    productId: uuid('product_id')
      .primaryKey()
      .references(() => products.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    paymentIntentId: text('payment_intent_id').notNull(),
    createdAt: createdAt(),
    /** The reconcile job that took the claim over works on it until then (several replicas run the job). */
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sale_claims_order_key').on(t.orderId), index('sale_claims_created_idx').on(t.createdAt)],
);

/**
 * Money to give back at the processor (a transactional outbox): written in the same transaction
 * that decides an intent will never pay for a sale (an order cancelled, a buyer who lost the phone,
 * a capture that cannot be recorded), tried at once after commit, and retried by the reconcile job
 * until the processor confirms. An intent listed here is never sold.
 */
export const paymentReleases = pgTable(
  'payment_releases',
  {
    paymentIntentId: text('payment_intent_id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** 'cancel' an authorisation, or 'refund' captured money; whichever the intent needs is done. */
    kind: text('kind').notNull(),
    createdAt: createdAt(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** When the reconcile job may try it (again): a lease while one tries, later after a failure. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    check('payment_releases_kind', sql`${t.kind} in ('cancel', 'refund')`),
    index('payment_releases_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.doneAt} is null`),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * The verification codes issued to sellers whose listings are reviewed (docs/decisions/0068): one
 * per listing to be, written on paper beside the phone in the verification photo. The photo is
 * kept here (a small WebP), never in the public image storage: only admins and its seller see it.
 * A code is used once: `product_id` is set when a listing is made with it.
 */
export const listingCodes = pgTable(
  'listing_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    photo: bytea('photo'),
    productId: uuid('product_id').references(() => products.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('listing_codes_code_key').on(t.code),
    uniqueIndex('listing_codes_product_key').on(t.productId),
    index('listing_codes_seller_idx').on(t.sellerId, t.createdAt.desc()),
    check('listing_codes_code_shape', sql`${t.code} ~ '^[A-Z0-9]{6}$'`),
  ],
);

/** The notification kinds the database accepts (packages/contract notificationKinds). */
const notificationKindCheck = (column: AnyPgColumn) =>
  sql`${column} in ('order_booked', 'order_paid', 'order_handed_over', 'order_completed', 'new_message', 'seller_verified', 'listing_removed', 'listing_approved', 'listing_rejected', 'price_drop', 'problem_outcome', 'device_check', 'new_question', 'question_answered', 'parcel_delivered', 'parcel_not_delivered', 'ship_by_reminder', 'missed_drop_off', 'return_requested', 'return_answered', 'return_arrived', 'return_outcome')`;

/**
 * The bell's list: what happened that a person must not miss, newest first. Written by `notify`
 * in the transaction of the event itself; `link` is a path on the site.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    check('notifications_kind', notificationKindCheck(t.kind)),
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // The unread count reads only the few unread rows.
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

/** Kinds whose emails a person switched off (opt-out: no row, the email is sent). */
export const emailOptOuts = pgTable(
  'email_opt_outs',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] }), check('email_opt_outs_kind', notificationKindCheck(t.kind))],
);

/**
 * The unsubscribe link of each notification email: only the SHA-256 of its random token is kept.
 * A link does not expire (an old email must still stop the emails) and works without signing in;
 * it can only switch its own person's own kind off.
 */
export const unsubscribeTokens = pgTable(
  'unsubscribe_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('unsubscribe_tokens_kind', notificationKindCheck(t.kind)),
    index('unsubscribe_tokens_user_idx').on(t.userId),
  ],
);

/** Where an order's money sits (docs/decisions/0061): the processor's balance, owed to the seller, the marketplace's. */
export const ledgerAccountEnum = pgEnum('ledger_account', [
  'processor_balance',
  'seller_payable',
  'platform_fees',
  /** Taken by the card network while a dispute is open. */
  'disputed',
  /** The shipping the buyer paid, held for the label (credit: negative while held). */
  'shipping_held',
]);
/** What moved an order's money. */
export const ledgerMovementEnum = pgEnum('ledger_movement', [
  'sale',
  'refund',
  'transfer',
  'reversal',
  'partial_refund',
  'dispute_opened',
  'dispute_won',
  'dispute_lost',
  /** The order's shipping label bought at the carrier. */
  'label',
  /** The label refunded by the carrier, never used. */
  'label_refund',
]);

/**
 * The money ledger (docs/decisions/0061): append-only, double-entry, integer cents, debits positive
 * and credits negative. Each movement is a set of entries written in the transaction of the state
 * change it records; the database refuses an order whose entries do not sum to zero at commit, and
 * any change or removal of an entry (a correction is a new movement).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    movement: ledgerMovementEnum('movement').notNull(),
    account: ledgerAccountEnum('account').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_order_idx').on(t.orderId),
    check('ledger_entries_amount_nonzero', sql`${t.amountCents} <> 0`),
  ],
);

/**
 * A seller's payout account at the processor (docs/decisions/0062): Stripe Connect Express, or the
 * test-mode processor's. Its state is the processor's, copied on each `account.updated` (or each
 * return from onboarding).
 */
export const payoutAccounts = pgTable('payout_accounts', {
  sellerId: uuid('seller_id')
    .primaryKey()
    .references(() => users.id),
  processor: text('processor').notNull(),
  accountId: text('account_id').notNull().unique(),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
  requirementsDue: jsonb('requirements_due').$type<string[]>().notNull().default([]),
  disabledReason: text('disabled_reason'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A sale's share for its seller (docs/decisions/0062): `held` from the sale until the order
 * completes and the seller's account is ready, `sending` while the transfer is made (leased, tried
 * again with backoff), then `sent`; `failed` when the processor refused it for good or it ran out
 * of tries (an admin retries it); `cancelled` by a refund before release, `reversed` by one after.
 */
export const sellerPayoutStatusEnum = pgEnum('seller_payout_status', [
  'held',
  'sending',
  'sent',
  'failed',
  'cancelled',
  'reversed',
]);

export const sellerPayouts = pgTable(
  'seller_payouts',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    amountCents: integer('amount_cents').notNull(),
    status: sellerPayoutStatusEnum('status').notNull().default('held'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
    transferId: text('transfer_id'),
    reversalId: text('reversal_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    /** What partial refunds took back of the share after it was sent. */
    reversedCents: integer('reversed_cents').notNull().default(0),
    /** The processor's reversals recorded for partial refunds (each recorded once). */
    partReversalIds: text('part_reversal_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** How often an admin sent a failed share again: part of the transfer's idempotency key. */
    retries: integer('retries').notNull().default(0),
    /** A dispute of the sale is open: the share is not sent until it closes. */
    frozenAt: timestamp('frozen_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('seller_payouts_seller_idx').on(t.sellerId, t.createdAt),
    index('seller_payouts_open_idx')
      .on(t.status)
      .where(sql`${t.status} in ('held', 'sending')`),
    check('seller_payouts_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** The test-mode payout processor's connected accounts (what Stripe keeps for Connect). */
export const testConnectedAccounts = pgTable('test_connected_accounts', {
  id: text('id').primaryKey(),
  sellerId: uuid('seller_id')
    .notNull()
    .unique()
    .references(() => users.id),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
  requirementsDue: jsonb('requirements_due').$type<string[]>().notNull().default([]),
  disabledReason: text('disabled_reason'),
  createdAt: createdAt(),
});

/** The test-mode payout processor's transfers and reversals, each made once per idempotency key. */
export const testTransfers = pgTable('test_transfers', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  kind: text('kind').notNull(),
  accountId: text('account_id').notNull(),
  /** For a reversal: the transfer it takes back from. */
  transferId: text('transfer_id'),
  orderId: uuid('order_id'),
  amountCents: integer('amount_cents').notNull(),
  createdAt: createdAt(),
});

/**
 * Chargebacks of a sale's card payment (Stripe's `charge.dispute.*`): open while the card network
 * holds the money, then won (the money comes back) or lost (it goes to the buyer).
 */
export const paymentDisputes = pgTable(
  'payment_disputes',
  {
    id: text('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    /** Stripe's dispute status (needs_response, under_review, won, lost, …). */
    status: text('status').notNull(),
    /** By when the evidence must reach the card network. */
    evidenceDueBy: timestamp('evidence_due_by', { withTimezone: true }),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [index('payment_disputes_order_idx').on(t.orderId)],
);

/** Money paid out of a seller's payout account to their bank (Stripe's `payout.*` of a connected account). */
export const sellerBankPayouts = pgTable(
  'seller_bank_payouts',
  {
    id: text('id').primaryKey(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    amountCents: integer('amount_cents').notNull(),
    /** Stripe's payout status: pending, in_transit, paid, failed, canceled. */
    status: text('status').notNull(),
    arrivalDate: timestamp('arrival_date', { withTimezone: true }),
    failureMessage: text('failure_message'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('seller_bank_payouts_seller_idx').on(t.sellerId, t.createdAt)],
);

/**
 * The built-in test carrier's shipments (the embedded default of the shipping port), shaped like
 * EasyPost's: addresses and parcel, the rates offered, then the label bought (once per shipment,
 * replayed for its idempotency key). Its tracker is computed from `label_bought_at` on the clock,
 * so nothing moves it but time; `ending` is how the parcel's journey ends (magic addresses).
 */
export const testCarrierShipments = pgTable('test_carrier_shipments', {
  id: text('id').primaryKey(),
  fromAddress: jsonb('from_address').$type<Record<string, unknown>>().notNull(),
  toAddress: jsonb('to_address').$type<Record<string, unknown>>().notNull(),
  parcel: jsonb('parcel').$type<Record<string, number>>().notNull(),
  rates: jsonb('rates').$type<Record<string, unknown>[]>().notNull(),
  /** delivered, return_to_sender or failure. */
  ending: text('ending').notNull(),
  rateId: text('rate_id'),
  buyIdempotencyKey: text('buy_idempotency_key'),
  trackingCode: text('tracking_code').unique(),
  trackerId: text('tracker_id').unique(),
  labelBoughtAt: timestamp('label_bought_at', { withTimezone: true }),
  refundedAt: timestamp('refunded_at', { withTimezone: true }),
  createdAt: createdAt(),
});
