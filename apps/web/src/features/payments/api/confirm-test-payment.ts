import { paymentEndpoints, type TestCard } from '@recell/contract';
import { callApi } from '@/lib/api-client';

/**
 * POST /api/test-processor/payment-intents/:id/confirm: the built-in test-mode processor checks the
 * card (Stripe's test-card behaviour) and authorises the amount: status 'requires_capture'. A
 * refused card is a 402 with Stripe's message ('Your card was declined.').
 */
export const confirmTestPayment = (paymentIntentId: string, card: TestCard) =>
  callApi(paymentEndpoints.confirmTestPayment, { params: { id: paymentIntentId }, json: card });
