import {
  adminTexts,
  dollarsToCents,
  messages,
  orderMessagesPagePath,
  orderProgressTexts as texts,
  type AdminOrderProblem,
} from '@recell/contract';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { inputClass } from '@/components/ui/form';
import { BreakAtPunctuation, DateTime, FreeText, Id, RowButton } from '@/components/ui/data-table/cells';
import { PagedTable } from '@/components/ui/data-table/paging';
import { Cell, DataTable, Row, useRowDialog } from '@/components/ui/data-table/table';
import { ProductCells } from '@/features/buying';
import { isApiError, wasReported } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useCloseProblem, useOrderProblems, useRefundProblem } from '../api/order-problems';

const { columns: c } = texts;
// Every column is named, the picture's too: a header cell without a name says nothing.
const columns = [adminTexts.columnImage, c.phone, c.price, c.buyer, c.seller, c.progress, c.problem, c.action];

type Decision = { kind: 'refund' | 'close'; item: AdminOrderProblem };

/** What the buyer paid (the price, and any service fee) and was not refunded yet. */
const leftToRefund = (item: AdminOrderProblem) =>
  (item.order.paidCents ?? item.order.priceCents) - item.order.refundedCents;

const failureOf = (error: unknown) =>
  wasReported(error) ? null : isApiError(error) ? error.message : messages.internalError;

/** A labelled fact of the order (when it was paid, handed over, …). */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <span className="block text-xs text-slate-700 dark:text-slate-300">
      {label}: {children}
    </span>
  );
}

/** A person of the order: their name, then their email (wrapped at its punctuation). */
function Person({ name, email }: { name: string; email: string }) {
  return (
    <>
      <span className="block font-medium">{name}</span>
      <span className="block text-slate-600 dark:text-slate-400">
        <BreakAtPunctuation text={email} />
      </span>
    </>
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
  const [amount, setAmount] = useState('');
  const amountId = useId();
  const confirm = () => {
    if (!decision) return;
    setFailure(null);
    let amountCents: number | undefined;
    if (decision.kind === 'refund') {
      const left = leftToRefund(decision.item);
      const dollars = Number(amount.trim().replace(/^\$/, ''));
      if (!/^\$?\d+(\.\d{1,2})?$/.test(amount.trim()) || dollars <= 0) {
        setFailure(texts.refundAmountInvalid);
        return;
      }
      const cents = dollarsToCents(dollars);
      // All that is left is a full refund: sent without an amount, the server takes what is left.
      amountCents = cents === left ? undefined : cents;
    }
    mutation.mutate(
      { problemId: decision.item.problem.id, amountCents },
      {
        onSuccess: () => {
          toast.success(decision.kind === 'refund' ? texts.refundedToast : texts.closedToast);
          dialog.closeRemoved();
        },
        onError: (error) => setFailure(failureOf(error)),
      },
    );
  };
  const open = (next: Decision) => {
    setFailure(null);
    setAmount((leftToRefund(next.item) / 100).toFixed(2));
    dialog.open(next);
  };

  return (
    <>
      <PagedTable query={problems} empty={texts.adminEmpty} loadMoreLabel={texts.loadMore}>
        {(items) => (
          <DataTable caption={texts.adminTitle} columns={columns} cardsBelow="64rem" tableRef={dialog.tableRef}>
            {items.map((item) => {
              const { problem, order, product, buyer, seller } = item;
              const nameId = `problem-${problem.id}`;
              return (
                <Row key={problem.id}>
                  <ProductCells product={product} priceCents={order.priceCents} nameId={nameId} />
                  <Cell label={c.buyer}>
                    <Person name={buyer.name} email={buyer.email} />
                  </Cell>
                  <Cell label={c.seller}>
                    <Person name={seller.name} email={seller.email} />
                  </Cell>
                  <Cell label={c.progress} className="as-table:min-w-44">
                    <span className="block">{texts.stepStatus[order.progress]}</span>
                    {order.paidAt && (
                      <Fact label={texts.paidAt}>
                        <DateTime iso={order.paidAt} />
                      </Fact>
                    )}
                    {order.handedOverAt && (
                      <Fact label={texts.handedOverAt}>
                        <DateTime iso={order.handedOverAt} />
                      </Fact>
                    )}
                    {/* As the buyer and seller read it ('Tracking: …'), not as the seller's form asks for it. */}
                    {order.trackingNote && (
                      <FreeText className="text-xs text-slate-700 as-table:max-w-60 dark:text-slate-300">
                        {texts.trackingNoteShown(order.trackingNote)}
                      </FreeText>
                    )}
                    {order.transactionId && (
                      <Fact label={texts.transaction}>
                        <Id>{order.transactionId}</Id> ({order.paymentStatus})
                      </Fact>
                    )}
                  </Cell>
                  <Cell label={c.problem}>
                    <FreeText className="as-table:max-w-xs as-table:min-w-40">{problem.reason}</FreeText>
                    <Fact label={texts.reportedAt}>
                      <DateTime iso={problem.createdAt} />
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
          description={decision.kind === 'refund' ? texts.refundText(leftToRefund(decision.item)) : texts.closeText}
          labels={
            decision.kind === 'refund'
              ? { cancel: texts.cancel, delete: texts.confirmRefund, deleting: texts.refunding }
              : { cancel: texts.cancel, delete: texts.confirmClose, deleting: texts.closing }
          }
          isBusy={mutation.isPending}
          failure={failure}
          onConfirm={confirm}
          onClose={dialog.close}
        >
          {decision.kind === 'refund' && (
            <div className="mt-3 grid gap-1">
              <label htmlFor={amountId} className="text-sm font-medium">
                {texts.refundAmount}
              </label>
              <input
                id={amountId}
                className={inputClass}
                inputMode="decimal"
                autoComplete="off"
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                aria-describedby={`${amountId}-hint`}
              />
              <p id={`${amountId}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
                {texts.refundAmountHint(leftToRefund(decision.item))}
              </p>
            </div>
          )}
        </ConfirmDialog>
      )}
    </>
  );
}
