import { orderProgressTexts as texts, type AdminOrderProblem } from '@recell/contract';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Cell, DataTable, PagedTable, ProductCells, Row, RowButton, useRowDialog } from '@/components/ui/data-table';
import { formatListingTime } from '@/lib/format-time';
import { toast } from '@/lib/toast';
import { isApiError, wasReported } from '@/lib/api-client';
import { messages, orderMessagesPagePath } from '@recell/contract';
import { Link } from 'react-router';
import { useCloseProblem, useOrderProblems, useRefundProblem } from '../api/order-problems';

const { columns: c } = texts;
const columns = ['', c.phone, c.price, c.buyer, c.seller, c.progress, c.problem, c.action];

type Decision = { kind: 'refund' | 'close'; item: AdminOrderProblem };

const failureOf = (error: unknown) =>
  wasReported(error) ? null : isApiError(error) ? error.message : messages.internalError;

/** A labelled fact of the order (when it was paid, handed over, …). */
function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <span className="block text-xs text-slate-700 dark:text-slate-300">
      {label}: {children}
    </span>
  );
}

/**
 * Order problems (admin): every undecided problem report with the order's facts (the phone, the
 * price paid, buyer and seller, when it was paid and handed over, the tracking note, the payment)
 * and the buyer's reason; Refund or Close, each after a confirmation. 'No open order problems'
 * when there are none.
 */
export function OrderProblemsTable() {
  const problems = useOrderProblems();
  const refund = useRefundProblem();
  const close = useCloseProblem();
  const dialog = useRowDialog<Decision>();
  const [failure, setFailure] = useState<string | null>(null);

  const decision = dialog.row;
  const mutation = decision?.kind === 'refund' ? refund : close;
  const confirm = () => {
    if (!decision) return;
    setFailure(null);
    mutation.mutate(decision.item.problem.id, {
      onSuccess: () => {
        toast.success(decision.kind === 'refund' ? texts.refundedToast : texts.closedToast);
        dialog.closeRemoved();
      },
      onError: (error) => setFailure(failureOf(error)),
    });
  };
  const open = (next: Decision) => {
    setFailure(null);
    dialog.open(next);
  };

  return (
    <>
      <PagedTable query={problems} empty={texts.adminEmpty} loadMoreLabel={texts.loadMore}>
        {(items) => (
          <DataTable caption={texts.adminTitle} columns={columns} tableRef={dialog.tableRef}>
            {items.map((item) => {
              const { problem, order, product, buyer, seller } = item;
              const nameId = `problem-${problem.id}`;
              return (
                <Row key={problem.id}>
                  <ProductCells product={product} priceCents={order.priceCents} nameId={nameId} />
                  <Cell label={c.buyer} className="wrap-anywhere">
                    <span className="block font-medium">{buyer.name}</span>
                    <span className="block text-slate-600 break-all dark:text-slate-400">{buyer.email}</span>
                  </Cell>
                  <Cell label={c.seller} className="wrap-anywhere">
                    <span className="block font-medium">{seller.name}</span>
                    <span className="block text-slate-600 break-all dark:text-slate-400">{seller.email}</span>
                  </Cell>
                  <Cell label={c.progress}>
                    <span className="block">{texts.stepStatus[order.progress]}</span>
                    {order.paidAt && (
                      <Fact label={texts.paidAt}>
                        <time dateTime={order.paidAt}>{formatListingTime(order.paidAt)}</time>
                      </Fact>
                    )}
                    {order.handedOverAt && (
                      <Fact label={texts.handedOverAt}>
                        <time dateTime={order.handedOverAt}>{formatListingTime(order.handedOverAt)}</time>
                      </Fact>
                    )}
                    {order.trackingNote && <Fact label={texts.trackingNote}>{order.trackingNote}</Fact>}
                    {order.transactionId && (
                      <Fact label={texts.transaction}>
                        <span className="break-all">{order.transactionId}</span> ({order.paymentStatus})
                      </Fact>
                    )}
                  </Cell>
                  <Cell label={c.problem} className="max-w-80 wrap-anywhere whitespace-pre-line">
                    <span className="block">{problem.reason}</span>
                    <Fact label={texts.reportedAt}>
                      <time dateTime={problem.createdAt}>{formatListingTime(problem.createdAt)}</time>
                    </Fact>
                    {problem.status === 'refunding' && (
                      <Fact label={texts.refund}>{texts.problemStatus.refunding}</Fact>
                    )}
                    {problem.status === 'refund_failed' && (
                      <strong className="mt-1 block text-sm font-semibold text-red-800 dark:text-red-300">
                        {texts.refund}: {texts.refundFailedFlag}
                      </strong>
                    )}
                    <Link to={orderMessagesPagePath(order.id)} className="link mt-1 block" aria-describedby={nameId}>
                      {texts.readMessages}
                    </Link>
                  </Cell>
                  <Cell label={c.action}>
                    <div className="flex flex-wrap gap-2">
                      <RowButton
                        variant="danger"
                        describedBy={nameId}
                        opensDialog
                        onClick={() => open({ kind: 'refund', item })}
                      >
                        {texts.refund}
                      </RowButton>
                      {(problem.status === 'open' || problem.status === 'refund_failed') && (
                        <RowButton
                          variant="outline"
                          describedBy={nameId}
                          opensDialog
                          onClick={() => open({ kind: 'close', item })}
                        >
                          {texts.close}
                        </RowButton>
                      )}
                    </div>
                  </Cell>
                </Row>
              );
            })}
          </DataTable>
        )}
      </PagedTable>
      {decision && (
        <ConfirmDialog
          title={
            decision.kind === 'refund'
              ? texts.refundTitle(decision.item.product.name)
              : texts.closeTitle(decision.item.product.name)
          }
          description={decision.kind === 'refund' ? texts.refundText(decision.item.order.priceCents) : texts.closeText}
          labels={
            decision.kind === 'refund'
              ? { cancel: texts.cancel, delete: texts.confirmRefund, deleting: texts.refunding }
              : { cancel: texts.cancel, delete: texts.confirmClose, deleting: texts.closing }
          }
          isBusy={mutation.isPending}
          failure={failure}
          onConfirm={confirm}
          onClose={dialog.close}
        />
      )}
    </>
  );
}
