import { financeTexts, formatPrice, type FinanceDispute } from '@recell/contract';
import { DateTime, StatusPill } from '@/components/ui/data-table/cells';
import { EmptyTable } from '@/components/ui/data-table/paging';
import { Cell, DataTable, Row, RowHeader } from '@/components/ui/data-table/table';
import { CappedNote, FinanceSection, Missing } from './finance-section';

const { columns: c } = financeTexts;
const columns = [c.phone, c.amount, c.reason, c.status, c.deadline, c.opened, c.closed];

/** The processor's statuses the screen words (another is shown as the processor says it). */
const statusTexts: Readonly<Record<string, string | undefined>> = financeTexts.disputeStatus;

/** The processor's words (`product_not_received`) as words: 'Product not received'. */
const wordsOf = (code: string) => {
  const words = code.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Red while it needs a response, sky under review, green when won, grey otherwise. */
const toneOf = (dispute: FinanceDispute) => {
  if (dispute.status === 'won') return 'good';
  if (dispute.closedAt) return 'muted';
  return dispute.status.includes('needs_response') ? 'bad' : 'neutral';
};

/** The card payments' disputes: open ones first, the nearest evidence deadline first; then closed ones. */
export function DisputesTable({ disputes }: { disputes: readonly FinanceDispute[] }) {
  return (
    <FinanceSection title={financeTexts.disputesHeading}>
      {disputes.length === 0 ? (
        <EmptyTable>{financeTexts.noDisputes}</EmptyTable>
      ) : (
        <DataTable caption={financeTexts.disputesHeading} columns={columns}>
          {disputes.map((dispute) => (
            <Row key={dispute.id}>
              <RowHeader className="break-words as-cards:col-span-2">{dispute.productName}</RowHeader>
              <Cell label={c.amount} className="whitespace-nowrap font-semibold">
                {formatPrice(dispute.amountCents)}
              </Cell>
              <Cell label={c.reason}>{wordsOf(dispute.reason)}</Cell>
              <Cell label={c.status}>
                <StatusPill tone={toneOf(dispute)} wraps>
                  {statusTexts[dispute.status] ?? wordsOf(dispute.status)}
                </StatusPill>
              </Cell>
              <Cell label={c.deadline}>
                {dispute.evidenceDueBy ? (
                  <DateTime iso={dispute.evidenceDueBy} />
                ) : (
                  <Missing said={financeTexts.noDeadline} />
                )}
              </Cell>
              <Cell label={c.opened}>
                <DateTime iso={dispute.createdAt} />
              </Cell>
              <Cell label={c.closed}>
                {dispute.closedAt ? <DateTime iso={dispute.closedAt} /> : financeTexts.stillOpen}
              </Cell>
            </Row>
          ))}
        </DataTable>
      )}
      <CappedNote count={disputes.length} />
    </FinanceSection>
  );
}
