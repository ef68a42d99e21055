import { payoutTexts } from '@recell/contract';
import { useId } from 'react';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { useMyPayouts } from '../api/get-my-payouts';
import { BalancesSection } from './balances-section';
import { BankPayoutsTable } from './bank-payouts-table';
import { DownloadCsvButton } from './download-csv-button';
import { PayoutAccountSection } from './payout-account-section';
import { PayoutSalesTable } from './payout-sales-table';
import { Section } from './section';

/**
 * The seller's Payouts page: their payout account (its state, what is still needed, the setup
 * button), the balances, and each sale with where its money stands (Download CSV for the lot).
 */
export function PayoutsView() {
  const payouts = useMyPayouts();
  const salesId = useId();
  const bankId = useId();
  if (payouts.isPending) return <Spinner />;
  if (payouts.isError)
    return (
      <div className="mt-6">
        <LoadError error={payouts.error} onRetry={() => void payouts.refetch()} />
      </div>
    );
  const { account, balances, sales, bankPayouts } = payouts.data;
  return (
    <div className="mt-6 grid max-w-5xl gap-4">
      <div className="grid gap-4 lg:grid-cols-2 lg:items-start">
        <PayoutAccountSection account={account} />
        <BalancesSection balances={balances} />
      </div>
      <Section
        title={payoutTexts.salesHeading}
        id={salesId}
        framed={false}
        action={sales.length > 0 ? <DownloadCsvButton sales={sales} /> : undefined}
      >
        <PayoutSalesTable sales={sales} />
      </Section>
      {bankPayouts.length > 0 && (
        <Section title={payoutTexts.bankPayoutsHeading} id={bankId} framed={false}>
          <BankPayoutsTable payouts={bankPayouts} />
        </Section>
      )}
    </div>
  );
}
