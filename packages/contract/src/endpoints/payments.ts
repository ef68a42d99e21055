import type {
  PaidOrderSchema,
  PaymentConfigSchema,
  PaymentIntentSchema,
  PaymentReceiptSchema,
  PayOrderSchema,
  TestCardSchema,
  TestConfirmationSchema,
} from '../payments.ts';
import { endpoint } from './endpoint.ts';

/** Paying for a booked phone by card. */
export const paymentEndpoints = {
  config: endpoint<{ response: typeof PaymentConfigSchema }>()({
    method: 'GET',
    path: '/payments/config',
    status: 200,
  }),
  createPaymentIntent: endpoint<{ response: typeof PaymentIntentSchema }>()({
    method: 'POST',
    path: '/orders/:id/payment-intent',
    status: 200,
    auth: ['user'],
    idempotent: true,
  }),
  payOrder: endpoint<{ body: typeof PayOrderSchema; response: typeof PaidOrderSchema }>()({
    method: 'POST',
    path: '/orders/:id/pay',
    status: 200,
    auth: ['user'],
    idempotent: true,
  }),
  /** The buyer's receipt of a paid order (item, price, fees, the card's last four digits). */
  receipt: endpoint<{ response: typeof PaymentReceiptSchema }>()({
    method: 'GET',
    path: '/orders/:id/payment-receipt',
    status: 200,
    auth: ['user'],
  }),
  /** The built-in test-mode processor's card confirmation (Stripe's own is made by Stripe.js). */
  confirmTestPayment: endpoint<{ body: typeof TestCardSchema; response: typeof TestConfirmationSchema }>()({
    method: 'POST',
    path: '/test-processor/payment-intents/:id/confirm',
    status: 200,
  }),
} as const;
