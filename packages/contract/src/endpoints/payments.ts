import {
  PaidOrderSchema,
  PaymentConfigSchema,
  PaymentIntentSchema,
  PayOrderSchema,
  TestCardSchema,
  TestConfirmationSchema,
} from '../payments.ts';
import { endpoint } from './endpoint.ts';

/** Paying for a booked phone by card. */
export const paymentEndpoints = {
  config: endpoint({ method: 'GET', path: '/payments/config', status: 200, response: PaymentConfigSchema }),
  createPaymentIntent: endpoint({
    method: 'POST',
    path: '/orders/:id/payment-intent',
    status: 200,
    response: PaymentIntentSchema,
    auth: ['user'],
  }),
  payOrder: endpoint({
    method: 'POST',
    path: '/orders/:id/pay',
    status: 200,
    body: PayOrderSchema,
    response: PaidOrderSchema,
    auth: ['user'],
  }),
  /** The built-in test-mode processor's card confirmation (Stripe's own is made by Stripe.js). */
  confirmTestPayment: endpoint({
    method: 'POST',
    path: '/test-processor/payment-intents/:id/confirm',
    status: 200,
    body: TestCardSchema,
    response: TestConfirmationSchema,
  }),
} as const;
