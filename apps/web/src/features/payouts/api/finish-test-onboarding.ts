import { payoutEndpoints, type Payouts, type TestOnboardingOutcome } from '@recell/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { payoutKeys } from './payout-keys';

/** POST /api/test-processor/payout-account/onboarding: the outcome picked; answers the account. */
const finishTestOnboarding = (outcome: TestOnboardingOutcome) =>
  callApi(payoutEndpoints.finishTestOnboarding, { json: { outcome } });

/**
 * Ends the test-mode onboarding: Payouts shows the account's new state at once, and loads again
 * (sales waiting for the account may be on their way now).
 */
export function useFinishTestOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: finishTestOnboarding,
    onSuccess: (account) => {
      queryClient.setQueryData<Payouts>(payoutKeys.mine, (data) => (data ? { ...data, account } : data));
      void queryClient.invalidateQueries({ queryKey: payoutKeys.mine });
    },
  });
}
