/**
 * Card payments. The payments port has two processors: the built-in test-mode processor (the
 * embedded default, Stripe's test-card behaviour) and Stripe (when STRIPE_* are set). Either way:
 * the amount comes from the order, never from the client; the card is authorised first and only
 * captured inside the sale, so a buyer who loses a race for a phone is never charged; a payment is
 * recorded only when the processor reports `succeeded`, once per order and per processor payment id.
 */
import { z } from './zod.ts';
import { OrderSchema } from './orders.ts';
import { text } from './text.ts';

export const cardProcessors = ['test', 'stripe'] as const;
export type CardProcessorName = (typeof cardProcessors)[number];

/** GET /api/payments/config: which processor the payment page talks to. */
export const PaymentConfigSchema = z
  .object({
    processor: z.enum(cardProcessors),
    /** Stripe's publishable key (null for the test-mode processor). */
    publishableKey: z.string().nullable(),
  })
  .meta({ id: 'PaymentConfig' });
export type PaymentConfig = z.infer<typeof PaymentConfigSchema>;

/** POST /api/orders/:id/payment-intent: the intent for this order (the same one while it is open). */
export const PaymentIntentSchema = z
  .object({
    paymentIntentId: z.string(),
    clientSecret: z.string(),
    /** What the card is charged: the price, the buyer's service fee and the shipping. */
    amountCents: z.number().int(),
    priceCents: z.number().int(),
    /** The buyer's service fee, frozen on the order with this payment (0 when there is none). */
    buyerFeeCents: z.number().int(),
    /** The shipping the buyer pays, frozen at booking (0 for a meeting, or when the seller pays it). */
    shippingCents: z.number().int(),
    currency: z.string(),
    processor: z.enum(cardProcessors),
  })
  .meta({ id: 'PaymentIntent' });
export type PaymentIntent = z.infer<typeof PaymentIntentSchema>;

/** The test-mode processor's card form (number, expiry, CVC); the number is never stored. */
export const TestCardSchema = z
  .object({
    clientSecret: text().min(1).max(200),
    number: text().max(40),
    /** "MM/YY" as typed. */
    expiry: text().max(10),
    cvc: text().max(8),
  })
  .meta({ id: 'TestCardConfirmation' });
export type TestCard = z.infer<typeof TestCardSchema>;

/** The test-mode processor's answer to a confirmation. */
export const TestConfirmationSchema = z
  .object({ paymentIntentId: z.string(), status: z.string() })
  .meta({ id: 'TestConfirmation' });

/** POST /api/orders/:id/pay: after the card is confirmed, the server captures and records the sale. */
export const PayOrderSchema = z.object({ paymentIntentId: text().min(1).max(200) }).meta({ id: 'PayOrder' });
export type PayOrder = z.infer<typeof PayOrderSchema>;

export const PaidOrderSchema = OrderSchema.meta({ id: 'PaidOrder' });

/** GET /api/orders/:id/payment-receipt: the buyer's receipt for a paid order. */
export const PaymentReceiptSchema = z
  .object({
    orderId: z.uuid(),
    productName: z.string(),
    priceCents: z.number().int(),
    /** The buyer's service fee (0 when there was none). */
    buyerFeeCents: z.number().int(),
    /** The shipping the buyer paid (0 for a meeting, or when the seller paid it). */
    shippingCents: z.number().int(),
    /** What the card was charged. */
    totalCents: z.number().int(),
    /** The card's last four digits (null when the processor did not tell them). */
    cardLast4: z.string().nullable(),
    paidAt: z.iso.datetime({ offset: true }),
    /** The payment was given back to the buyer (a refund, or a chargeback the buyer won). */
    isRefunded: z.boolean(),
  })
  .meta({ id: 'PaymentReceipt' });
export type PaymentReceipt = z.infer<typeof PaymentReceiptSchema>;

/**
 * The card processor's messages, as Stripe words them (the test cards' behaviour), and ours for
 * what happens around the sale.
 */
export const paymentMessages = {
  // Stripe's own texts for its test cards
  cardDeclined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expiredCard: 'Your card has expired.',
  incorrectCvc: "Your card's security code is incorrect.",
  incorrectNumber: 'Your card number is incorrect.',
  invalidNumber: 'Your card number is invalid.',
  invalidExpiry: "Your card's expiration date is invalid.",
  invalidExpiryYear: "Your card's expiration year is in the past.",
  invalidCvc: "Your card's security code is invalid.",
  processingError: 'An error occurred while processing your card. Try again in a little bit.',
  /** Stripe's answer, in test mode, to a valid card number that is not one of its test cards. */
  testModeLiveCard:
    'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
  receiptNotFound: 'This order has no payment receipt',
  /** Stripe's answer to a client secret that does not match the payment intent. */
  clientSecretMismatch: 'The client_secret provided does not match any associated PaymentIntent on this account.',
  // Ours
  orderPaid: 'This order has already been paid',
  phoneSold: 'This phone has just been sold to another buyer. Your card has not been charged.',
  orderNotPayable: 'This order can no longer be paid',
  paymentNotConfirmed: 'The card payment has not been confirmed yet',
  paymentIntentMismatch: 'This payment does not belong to this order',
  webhookSignatureInvalid: 'The webhook signature is not valid',
  paymentAlreadyConfirmed: 'This card payment has already been confirmed',
  paymentIntentCanceled: 'This card payment was cancelled and nothing was charged. Please pay again.',
  paymentRefunded: 'Your payment could not be completed, so it has been refunded. Please try again.',
  paymentInProgress: 'Your payment for this order is being completed. Please wait a moment and refresh.',
} as const;

/** POST /api/webhooks/stripe: the event was received (and handled, or already handled before). */
export const WebhookReceiptSchema = z.object({ received: z.literal(true) }).meta({ id: 'WebhookReceipt' });
