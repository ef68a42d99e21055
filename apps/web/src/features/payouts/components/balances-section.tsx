import { formatPrice, payoutTexts, type Payouts } from '@recell/contract';
import { useId } from 'react';
import { Section } from './section';

/** One figure of the balances: its name, then the amount. */
function Balance({ term, cents }: { term: string; cents: number }) {
  return (
    <div className="rounded-xl bg-slate-50 p-3 dark:bg-slate-900">
      <dt className="text-sm text-slate-600 dark:text-slate-400">{term}</dt>
      <dd className="mt-1 text-xl font-semibold whitespace-nowrap">{formatPrice(cents)}</dd>
    </div>
  );
}

/** Balances: what is held, on the way and paid out, and why money is held. */
export function BalancesSection({ balances }: { balances: Payouts['balances'] }) {
  const id = useId();
  return (
    <Section title={payoutTexts.balancesHeading} id={id}>
      <dl className="mt-3 grid gap-3 sm:grid-cols-3">
        <Balance term={payoutTexts.held} cents={balances.heldCents} />
        <Balance term={payoutTexts.onTheWay} cents={balances.onTheWayCents} />
        <Balance term={payoutTexts.paidOut} cents={balances.paidOutCents} />
      </dl>
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{payoutTexts.heldHelp}</p>
    </Section>
  );
}
