import { financeTexts } from '@recell/contract';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { useFinance } from '../api/get-finance';
import { DisputesTable } from './finance-disputes-table';
import { FailedPayoutsTable, PendingPayoutsTable } from './finance-payouts-table';
import { FinanceTotalsSection } from './finance-totals';

/**
 * Finance (admin): the ledger's totals, the failed payouts with Send again, the payouts on their
 * way and the card payments' disputes with their deadlines.
 */
export function FinanceView() {
  const finance = useFinance();
  if (finance.isPending) return <Spinner />;
  if (finance.isError)
    return (
      <div className="mt-6">
        <LoadError error={finance.error} onRetry={() => void finance.refetch()} />
      </div>
    );
  const { totals, failedPayouts, pendingPayouts, disputes } = finance.data;
  return (
    <>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{financeTexts.intro}</p>
      <div className="mt-6 grid gap-8">
        <FinanceTotalsSection totals={totals} />
        <FailedPayoutsTable payouts={failedPayouts} />
        <PendingPayoutsTable payouts={pendingPayouts} />
        <DisputesTable disputes={disputes} />
      </div>
    </>
  );
}
