import { payoutTexts } from '@recell/contract';
import { TestOnboardingForm } from '@/features/payouts';
import { DashboardPage } from './dashboard-page';

/** The test-mode processor's payout account setup (Stripe's hosted onboarding in production). */
function PayoutTestOnboardingPage() {
  return (
    <DashboardPage title={payoutTexts.testOnboardingTitle}>
      <TestOnboardingForm />
    </DashboardPage>
  );
}

export default PayoutTestOnboardingPage;
