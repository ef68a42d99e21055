import { TestConfirmationSchema, type TestCard } from '@recell/contract';
import { apiRequest } from '@/lib/api-client';
import { paymentApiPaths } from './payment-api-paths';

/**
 * POST /api/test-processor/payment-intents/:id/confirm: the built-in test-mode processor checks the
 * card (Stripe's test-card behaviour) and authorises the amount: status 'requires_capture'. A
 * refused card is a 402 with Stripe's message ('Your card was declined.').
 */
export const confirmTestPayment = (paymentIntentId: string, card: TestCard) =>
  apiRequest(paymentApiPaths.testConfirm(paymentIntentId), TestConfirmationSchema, { method: 'POST', json: card });
