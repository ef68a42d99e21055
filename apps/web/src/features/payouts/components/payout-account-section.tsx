import { payoutTexts, type PayoutAccount, type PayoutAccountState } from '@recell/contract';
import { useId } from 'react';
import { BreakAtPunctuation } from '@/components/ui/data-table/cells';
import { showActionError } from '@/lib/form-errors';
import { useStartOnboarding } from '../api/start-onboarding';
import { Section } from './section';

/** The setup button of each state: none once the account is ready, or rejected (only we can help then). */
const setupButton: Record<PayoutAccountState, string | null> = {
  not_connected: payoutTexts.connect,
  incomplete: payoutTexts.finishSetup,
  needs_information: payoutTexts.fixSetup,
  rejected: null,
  ready: null,
};

/**
 * Starts (or goes on with) the account's setup: the API answers where it happens, Stripe's hosted
 * page or the test-mode page here, and the browser goes there (a full load: it may be another site).
 */
function SetupButton({ label }: { label: string }) {
  const start = useStartOnboarding();
  return (
    <button
      type="button"
      className="btn btn-primary mt-4"
      disabled={start.isPending}
      aria-busy={start.isPending || undefined}
      onClick={() => {
        start.mutate(undefined, {
          onSuccess: ({ url }) => {
            window.location.assign(url);
          },
          onError: showActionError,
        });
      }}
    >
      {start.isPending ? payoutTexts.openingSetup : label}
    </button>
  );
}

/** Payout account: where it stands in words, what the processor still asks for, and the setup button. */
export function PayoutAccountSection({ account }: { account: PayoutAccount }) {
  const ids = useId();
  const button = setupButton[account.state];
  return (
    <Section title={payoutTexts.accountHeading} id={`${ids}-account`}>
      <p className="mt-2">{payoutTexts.accountState[account.state]}</p>
      {account.requirementsDue.length > 0 && (
        <>
          <h3 id={`${ids}-due`} className="mt-3 font-semibold">
            {payoutTexts.requirementsDue}
          </h3>
          <ul aria-labelledby={`${ids}-due`} className="mt-1 list-disc pl-5 text-sm">
            {account.requirementsDue.map((requirement) => (
              <li key={requirement} className="break-words">
                <BreakAtPunctuation text={requirement} />
              </li>
            ))}
          </ul>
        </>
      )}
      {button && <SetupButton label={button} />}
    </Section>
  );
}
