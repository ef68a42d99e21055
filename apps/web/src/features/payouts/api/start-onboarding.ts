import { payoutEndpoints } from '@recell/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/**
 * POST /api/me/payout-account/onboarding: makes the payout account if there is none, and answers
 * where its setup is finished or fixed (Stripe's hosted page, or the test-mode page here).
 */
const startOnboarding = () => callApi(payoutEndpoints.startOnboarding);

export const useStartOnboarding = () => useMutation({ mutationFn: startOnboarding });
