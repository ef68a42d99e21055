import { formatPrice, payoutTexts, type BankPayout } from '@recell/contract';
import { DateTime, StatusPill } from '@/components/ui/data-table/cells';
import { Cell, DataTable, Row, RowHeader } from '@/components/ui/data-table/table';

const { bankColumns: texts } = payoutTexts;
const columns = [texts.amount, texts.arrival, texts.status] as const;

/** The processor's words for a bank payout, in the page's (its own word when it is a new one). */
const statusText = (status: string) => (payoutTexts.bankPayoutStatus as Record<string, string>)[status] ?? status;

/**
 * Money paid out of the seller's payout account to their bank, on the processor's schedule: the
 * amount, when it arrives, and whether it did (a failed one says why).
 */
export function BankPayoutsTable({ payouts }: { payouts: readonly BankPayout[] }) {
  return (
    <DataTable caption={payoutTexts.bankPayoutsHeading} columns={columns}>
      {payouts.map((payout) => (
        <Row key={payout.id}>
          <RowHeader className="whitespace-nowrap">{formatPrice(payout.amountCents)}</RowHeader>
          <Cell label={texts.arrival}>{payout.arrivalDate ? <DateTime iso={payout.arrivalDate} /> : '—'}</Cell>
          <Cell label={texts.status}>
            <StatusPill tone={payout.status === 'paid' ? 'good' : payout.status === 'failed' ? 'bad' : 'neutral'} wraps>
              {statusText(payout.status)}
            </StatusPill>
            {payout.failureMessage && <p className="mt-1 text-sm">{payout.failureMessage}</p>}
          </Cell>
        </Row>
      ))}
    </DataTable>
  );
}
