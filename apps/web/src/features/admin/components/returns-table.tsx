import { adminTexts, orderProgressTexts, returnTexts as texts, type AdminReturn } from '@recell/contract';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { BreakAtPunctuation, DateTime, FreeText, RowButton } from '@/components/ui/data-table/cells';
import { PagedTable } from '@/components/ui/data-table/paging';
import { Cell, DataTable, Row, useRowDialog } from '@/components/ui/data-table/table';
import { dashboardPaths } from '@/config/dashboard-paths';
import { ProductCells } from '@/features/buying';
import { useReturnsToDecide } from '../api/returns';

const DecideReturnDialog = lazy(() => import('./decide-return-dialog'));

const { columns: c } = texts;
// Every column is named, the picture's too: a header cell without a name says nothing.
const columns = [adminTexts.columnImage, c.phone, c.price, c.people, c.reason, c.answer, c.status, c.action];

/** A labelled fact of the return (when it was asked, paid, …). */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <span className="block text-xs text-slate-700 dark:text-slate-300">
      {label}: {children}
    </span>
  );
}

/** A person of the order: their role, name, then their email (wrapped at its punctuation). */
function Person({ role, name, email }: { role: string; name: string; email: string }) {
  return (
    <span className="block">
      <span className="block text-xs text-slate-600 dark:text-slate-400">{role}</span>
      <span className="block font-medium">{name}</span>
      <span className="block text-slate-600 dark:text-slate-400">
        <BreakAtPunctuation text={email} />
      </span>
    </span>
  );
}

/**
 * Returns (admin): every return waiting for a decision (the seller declined it, did not answer in
 * time, or found another IMEI) with the order's facts, the buyer's reason and the seller's answer,
 * a link to the order's page (its messages too) and Decide. 'No returns wait for a decision' when
 * there are none.
 */
export function ReturnsTable() {
  const returns = useReturnsToDecide();
  const dialog = useRowDialog<AdminReturn>();
  return (
    <>
      <PagedTable query={returns} empty={texts.adminEmpty} loadMoreLabel={texts.loadMore}>
        {(items) => (
          <DataTable caption={texts.adminTitle} columns={columns} cardsBelow="64rem" tableRef={dialog.tableRef}>
            {items.map((item) => {
              const { return: ret, order, product, buyer, seller } = item;
              const nameId = `return-${ret.id}`;
              return (
                <Row key={ret.id}>
                  <ProductCells product={product} priceCents={order.priceCents} nameId={nameId} />
                  <Cell label={c.people}>
                    <Person role={orderProgressTexts.columns.buyer} name={buyer.name} email={buyer.email} />
                    <Person role={orderProgressTexts.columns.seller} name={seller.name} email={seller.email} />
                    {order.paidCents !== null && (
                      <span className="mt-1 block text-xs text-slate-700 dark:text-slate-300">
                        {texts.paidShown(order.paidCents, order.refundedCents)}
                      </span>
                    )}
                  </Cell>
                  <Cell label={c.reason}>
                    <FreeText className="as-table:max-w-xs as-table:min-w-40">{ret.reason}</FreeText>
                    <Fact label={texts.askedAt}>
                      <DateTime iso={ret.createdAt} />
                    </Fact>
                    {ret.photos.length > 0 && <Fact label={texts.photosShown}>{ret.photos.length}</Fact>}
                  </Cell>
                  <Cell label={c.answer}>
                    <span className="block">
                      {ret.sellerAnswer ? texts.answerWords[ret.sellerAnswer] : texts.noAnswer}
                    </span>
                    {ret.declineReason && (
                      <FreeText className="as-table:max-w-xs as-table:min-w-40">{ret.declineReason}</FreeText>
                    )}
                    {ret.imeiCheck && <span className="block">{texts.imeiWords[ret.imeiCheck]}</span>}
                  </Cell>
                  <Cell label={c.status} className="as-table:min-w-40">
                    {texts.status[ret.status]}
                  </Cell>
                  <Cell label={c.action}>
                    <div className="flex flex-wrap items-center gap-2">
                      <RowButton variant="outline" describedBy={nameId} opensDialog onClick={() => dialog.open(item)}>
                        {texts.decide}
                      </RowButton>
                      <Link to={dashboardPaths.order.to(order.id)} className="link" aria-describedby={nameId}>
                        {texts.openOrder}
                      </Link>
                    </div>
                  </Cell>
                </Row>
              );
            })}
          </DataTable>
        )}
      </PagedTable>
      {dialog.row && (
        <Suspense fallback={null}>
          <DecideReturnDialog item={dialog.row} onDone={dialog.closeRemoved} onClose={dialog.close} />
        </Suspense>
      )}
    </>
  );
}
