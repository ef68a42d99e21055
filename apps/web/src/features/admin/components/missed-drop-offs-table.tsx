import { formatPrice, missedDropOffTexts as texts } from '@recell/contract';
import { BreakAtPunctuation, DateTime, Id } from '@/components/ui/data-table/cells';
import { PagedTable } from '@/components/ui/data-table/paging';
import { Cell, DataTable, Row } from '@/components/ui/data-table/table';
import { useMissedDropOffs } from '../api/missed-drop-offs';

const { columns: c } = texts;
const columns = [c.order, c.seller, c.shipBy, c.label, c.outcome];

/**
 * Shipped orders whose parcel the carrier had not scanned by their ship-by time (decision 0075),
 * newest first: the order, its seller with their count of missed drop-offs (for trust decisions),
 * the deadline, the label and what became of the buyer's refund.
 */
export function MissedDropOffsTable() {
  const missed = useMissedDropOffs();
  return (
    <>
      <p className="mb-4 text-slate-600 dark:text-slate-300">{texts.intro}</p>
      <PagedTable query={missed} empty={texts.empty} loadMoreLabel={texts.loadMore}>
        {(items) => (
          <DataTable caption={texts.tableLabel} columns={columns} cardsBelow="56rem">
            {items.map((item) => (
              <Row key={item.orderId}>
                <Cell label={c.order}>
                  <span className="block font-medium">{item.product.name}</span>
                  <span className="block text-sm">{formatPrice(item.priceCents)}</span>
                  <Id>{item.orderId}</Id>
                </Cell>
                <Cell label={c.seller}>
                  <span className="block">{item.seller.name}</span>
                  <BreakAtPunctuation text={item.seller.email} />
                  <span className="block text-sm font-medium">{texts.missedCount(item.seller.missedDropOffs)}</span>
                </Cell>
                <Cell label={c.shipBy}>
                  <DateTime iso={item.shipBy} />
                </Cell>
                <Cell label={c.label}>
                  {item.isLabelBought ? texts.labelBought(item.isLabelRefunded) : texts.labelNone}
                </Cell>
                <Cell label={c.outcome}>
                  <span className="block">{texts.outcome(item.refund)}</span>
                  <span className="block text-sm text-slate-600 dark:text-slate-300">
                    <DateTime iso={item.missedAt} />
                  </span>
                </Cell>
              </Row>
            ))}
          </DataTable>
        )}
      </PagedTable>
    </>
  );
}
