export { PayoutsView } from './components/payouts-view';
export { TestOnboardingForm } from './components/test-onboarding-form';
