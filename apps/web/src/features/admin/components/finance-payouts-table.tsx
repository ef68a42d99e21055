import { financeTexts, formatPrice, messages, type FinancePayout } from '@recell/contract';
import { useEffect, useRef, useState } from 'react';
import { DateTime, FreeText, RowButton } from '@/components/ui/data-table/cells';
import { EmptyTable } from '@/components/ui/data-table/paging';
import { Cell, DataTable, Row, RowHeader, useTableRefocus } from '@/components/ui/data-table/table';
import { isApiError, wasReported } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useRetryPayout } from '../api/retry-payout';
import { CappedNote, FinanceSection, Missing } from './finance-section';

const { columns: c } = financeTexts;

const rowHeaderId = (orderId: string) => `payout-${orderId}`;

/** The cells both payout tables share: the phone (the row's name), its seller, the amount and the tries. */
function PayoutCells({ payout }: { payout: FinancePayout }) {
  return (
    <>
      <RowHeader id={rowHeaderId(payout.orderId)} className="break-words as-cards:col-span-2">
        {payout.productName}
      </RowHeader>
      <Cell label={c.seller}>{payout.sellerName}</Cell>
      <Cell label={c.amount} className="whitespace-nowrap font-semibold">
        {formatPrice(payout.amountCents)}
      </Cell>
      <Cell label={c.attempts}>{payout.attempts}</Cell>
      <Cell label={c.lastError}>
        {payout.lastError ? (
          <FreeText className="text-xs as-table:max-w-xs as-table:min-w-40">{payout.lastError}</FreeText>
        ) : (
          <Missing said={financeTexts.noError} />
        )}
      </Cell>
    </>
  );
}

const failureOf = (error: unknown) =>
  wasReported(error) ? null : isApiError(error) ? error.message : messages.internalError;

/**
 * Failed payouts, newest sale first, each with Send again: sent now, the row goes (and the totals
 * move); refused again or delayed, why is said above the table and the screen refreshes.
 */
export function FailedPayoutsTable({ payouts }: { payouts: readonly FinancePayout[] }) {
  const retry = useRetryPayout();
  const { tableRef, refocusTable } = useTableRefocus();
  const [failure, setFailure] = useState<{ productName: string; message: string } | null>(null);
  // A second press that lands before the first one's pending state has disabled the buttons (a
  // double-click) sends nothing: set by a press, cleared by the first render that finds it over.
  const isPressed = useRef(false);
  useEffect(() => {
    if (!retry.isPending) isPressed.current = false;
  });

  const sendAgain = (payout: FinancePayout) => {
    if (retry.isPending || isPressed.current) return;
    isPressed.current = true;
    setFailure(null);
    retry.mutate(payout.orderId, {
      onSuccess: () => {
        toast.success(financeTexts.sentAgainToast);
        refocusTable();
      },
      onError: (error) => {
        const message = failureOf(error);
        if (message) setFailure({ productName: payout.productName, message });
      },
    });
  };

  return (
    <FinanceSection title={financeTexts.failedHeading}>
      {failure && (
        <p
          role="alert"
          className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          {failure.productName}: {failure.message}
        </p>
      )}
      {payouts.length === 0 ? (
        <EmptyTable>{financeTexts.noFailed}</EmptyTable>
      ) : (
        <DataTable
          caption={financeTexts.failedHeading}
          columns={[c.phone, c.seller, c.amount, c.attempts, c.lastError, c.action]}
          tableRef={tableRef}
        >
          {payouts.map((payout) => {
            const isSending = retry.isPending && retry.variables === payout.orderId;
            return (
              <Row key={payout.orderId}>
                <PayoutCells payout={payout} />
                <Cell label={c.action}>
                  <RowButton
                    variant="primary"
                    className="whitespace-nowrap"
                    describedBy={rowHeaderId(payout.orderId)}
                    isBusy={isSending}
                    disabled={retry.isPending}
                    onClick={() => {
                      sendAgain(payout);
                    }}
                  >
                    {isSending ? financeTexts.sendingAgain : financeTexts.sendAgain}
                  </RowButton>
                </Cell>
              </Row>
            );
          })}
        </DataTable>
      )}
      <CappedNote count={payouts.length} />
    </FinanceSection>
  );
}

/** Payouts being transferred (or tried again after an outage), newest sale first, with their next try. */
export function PendingPayoutsTable({ payouts }: { payouts: readonly FinancePayout[] }) {
  return (
    <FinanceSection title={financeTexts.pendingHeading}>
      {payouts.length === 0 ? (
        <EmptyTable>{financeTexts.noPending}</EmptyTable>
      ) : (
        <DataTable
          caption={financeTexts.pendingHeading}
          columns={[c.phone, c.seller, c.amount, c.attempts, c.lastError, c.nextAttempt]}
        >
          {payouts.map((payout) => (
            <Row key={payout.orderId}>
              <PayoutCells payout={payout} />
              <Cell label={c.nextAttempt}>
                {payout.nextAttemptAt ? (
                  <DateTime iso={payout.nextAttemptAt} />
                ) : (
                  <Missing said={financeTexts.noNextAttempt} />
                )}
              </Cell>
            </Row>
          ))}
        </DataTable>
      )}
      <CappedNote count={payouts.length} />
    </FinanceSection>
  );
}
