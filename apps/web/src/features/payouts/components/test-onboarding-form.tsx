import { payoutTexts, type TestOnboardingOutcome } from '@recell/contract';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { dashboardPaths } from '@/config/dashboard-paths';
import { showActionError } from '@/lib/form-errors';
import { useFinishTestOnboarding } from '../api/finish-test-onboarding';

// From the texts, not the contract's `testOnboardingOutcomes`: its module would bring zod's schemas.
const outcomes = Object.keys(payoutTexts.testOutcomes) as TestOnboardingOutcome[];

/**
 * The test-mode processor's onboarding (what Stripe's hosted page is in production): no bank
 * details, the seller picks how the setup ends, and goes back to Payouts, which shows the result.
 */
export function TestOnboardingForm() {
  const [outcome, setOutcome] = useState<TestOnboardingOutcome>('complete');
  const finish = useFinishTestOnboarding();
  const navigate = useNavigate();
  const ids = useId();
  return (
    <div className="mt-4 max-w-xl">
      <p>{payoutTexts.testOnboardingIntro}</p>
      <form
        className="mt-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (finish.isPending) return;
          finish.mutate(outcome, {
            // The finished setup is not a page to come back to.
            onSuccess: () => void navigate(dashboardPaths.payouts.to(), { replace: true }),
            onError: showActionError,
          });
        }}
      >
        <fieldset className="rounded-2xl border border-slate-200 p-4 dark:border-slate-800">
          <legend className="px-1 font-semibold">{payoutTexts.testOutcomeLegend}</legend>
          <ul className="flex flex-col gap-1">
            {outcomes.map((value) => (
              <li key={value} className="flex min-h-11 items-center gap-3">
                <input
                  id={`${ids}-${value}`}
                  type="radio"
                  name="outcome"
                  value={value}
                  className="size-5"
                  checked={outcome === value}
                  onChange={() => {
                    setOutcome(value);
                  }}
                />
                <label htmlFor={`${ids}-${value}`}>{payoutTexts.testOutcomes[value]}</label>
              </li>
            ))}
          </ul>
        </fieldset>
        <button
          type="submit"
          className="btn btn-primary mt-4"
          disabled={finish.isPending}
          aria-busy={finish.isPending || undefined}
        >
          {payoutTexts.testOnboardingSubmit}
        </button>
      </form>
      <p className="mt-6">
        <Link to={dashboardPaths.payouts.to()} className="link">
          {payoutTexts.backToPayouts}
        </Link>
      </p>
    </div>
  );
}
