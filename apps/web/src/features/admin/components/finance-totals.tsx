import { financeTexts, formatPrice, type FinanceTotals } from '@recell/contract';
import { FinanceSection } from './finance-section';

const order: readonly (keyof FinanceTotals)[] = [
  'feesEarnedCents',
  'heldForSellersCents',
  'sendingCents',
  'failedCents',
  'sentToSellersCents',
  'refundedToBuyersCents',
  'disputedCents',
];

/** The ledger's totals: each figure's name, the amount, and what it counts. */
export function FinanceTotalsSection({ totals }: { totals: FinanceTotals }) {
  return (
    <FinanceSection title={financeTexts.totalsHeading} framed>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {order.map((name) => (
          <div key={name} className="rounded-xl bg-slate-50 p-3 dark:bg-slate-900">
            <dt className="text-sm text-slate-600 dark:text-slate-400">{financeTexts.totals[name]}</dt>
            <dd className="mt-1 text-xl font-semibold whitespace-nowrap">{formatPrice(totals[name])}</dd>
            <dd className="mt-1 text-xs text-slate-600 dark:text-slate-400">{financeTexts.totalsHelp[name]}</dd>
          </div>
        ))}
      </dl>
    </FinanceSection>
  );
}
