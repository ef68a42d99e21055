import { formatPrice, payoutTexts, type PayoutSale, type PayoutSaleState } from '@recell/contract';
import { Link } from 'react-router';
import { DateTime, StatusPill } from '@/components/ui/data-table/cells';
import { EmptyTable } from '@/components/ui/data-table/paging';
import { Cell, DataTable, Row, RowHeader } from '@/components/ui/data-table/table';
import { dashboardPaths } from '@/config/dashboard-paths';

const { columns: texts } = payoutTexts;
const columns = [texts.phone, texts.soldAt, texts.price, texts.fee, texts.net, texts.releaseAt, texts.state] as const;

/** Green once paid out, sky while on its way or held, grey when it waits or went back, red when taken back. */
const stateTone: Record<PayoutSaleState, 'good' | 'neutral' | 'muted' | 'bad'> = {
  held: 'neutral',
  waiting_for_account: 'muted',
  sending: 'neutral',
  sent: 'good',
  refunded: 'muted',
  reversed: 'bad',
};

function Amount({ label, cents, className }: { label: string; cents: number; className?: string }) {
  return (
    <Cell label={label} className={className ? `whitespace-nowrap ${className}` : 'whitespace-nowrap'}>
      {formatPrice(cents)}
    </Cell>
  );
}

/**
 * The seller's sales, newest first: the phone (a link to its order's page), when it sold, the
 * price, the fee and what the seller receives, when the money is released (a dash before the
 * hand-over) and where it stands. Each row is a card on a narrow screen.
 */
export function PayoutSalesTable({ sales }: { sales: readonly PayoutSale[] }) {
  if (sales.length === 0) return <EmptyTable>{payoutTexts.noSales}</EmptyTable>;
  return (
    <DataTable caption={payoutTexts.salesHeading} columns={columns}>
      {sales.map((sale) => (
        <Row key={sale.orderId}>
          <RowHeader className="break-words as-cards:col-span-2">
            <Link to={dashboardPaths.order.to(sale.orderId)} className="link">
              {sale.productName}
            </Link>
          </RowHeader>
          <Cell label={texts.soldAt}>
            <DateTime iso={sale.soldAt} />
          </Cell>
          <Amount label={texts.price} cents={sale.priceCents} />
          <Amount label={texts.fee} cents={sale.feeCents} />
          <Amount label={texts.net} cents={sale.netCents} className="font-semibold" />
          <Cell label={texts.releaseAt}>
            {sale.releaseAt ? (
              <DateTime iso={sale.releaseAt} />
            ) : (
              <>
                <span aria-hidden="true">—</span>
                <span className="sr-only">{payoutTexts.noReleaseDate}</span>
              </>
            )}
          </Cell>
          <Cell label={texts.state}>
            <StatusPill tone={stateTone[sale.state]} wraps>
              {payoutTexts.saleState[sale.state]}
            </StatusPill>
          </Cell>
        </Row>
      ))}
    </DataTable>
  );
}
