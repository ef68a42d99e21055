import {
  dollarsToCents,
  DecideReturnSchema,
  returnDecisions,
  returnLimits,
  returnMessages,
  returnTexts as texts,
  type AdminReturn,
  type ReturnDecision,
} from '@recell/contract';
import { useId, useRef, useState, type FormEvent } from 'react';
import { FormDialog } from '@/components/ui/form-dialog';
import { TextAreaField, TextField } from '@/components/ui/form';
import { isApiError } from '@/lib/api-client';
import { dialogError } from '@/lib/dialog-send';
import { toast } from '@/lib/toast';
import { useDecideReturn } from '../api/returns';

/** What the buyer paid (the price, and any service fee) and was not refunded yet. */
export const leftToRefund = (item: AdminReturn) =>
  (item.order.paidCents ?? item.order.priceCents) - item.order.refundedCents;

type Errors = { decision?: string; amount?: string; reason?: string };

/**
 * An admin decides a return: accept it (a prepaid label is bought), refund (all that is left, or
 * an amount in dollars) or reject it, with a reason both parties read on the order's page. The API
 * refuses an amount above what was paid: its message is said under the amount.
 */
export default function DecideReturnDialog({
  item,
  onDone,
  onClose,
}: {
  item: AdminReturn;
  onDone: () => void;
  onClose: () => void;
}) {
  const decide = useDecideReturn();
  const id = useId();
  const [decision, setDecision] = useState<ReturnDecision | ''>('');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const firstChoice = useRef<HTMLInputElement>(null);
  const amountInput = useRef<HTMLInputElement>(null);
  const reasonInput = useRef<HTMLTextAreaElement>(null);
  const left = leftToRefund(item);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const found: Errors = {};
    let amountCents: number | undefined;
    if (decision === '') found.decision = returnMessages.decisionRequired;
    if (decision === 'refund' && amount.trim() !== '') {
      const typed = amount.trim().replace(/^\$/, '');
      if (!/^\d+(\.\d{1,2})?$/.test(typed) || Number(typed) <= 0) found.amount = texts.amountInvalid;
      else {
        const cents = dollarsToCents(Number(typed));
        // All that is left is a full refund: sent without an amount, the server takes what is left.
        amountCents = cents === left ? undefined : cents;
      }
    }
    const checked = DecideReturnSchema.safeParse({ decision: decision || 'reject', reason, amountCents });
    const reasonIssue = checked.error?.issues.find((issue) => issue.path[0] === 'reason');
    if (reasonIssue) found.reason = reasonIssue.message;
    setErrors(found);
    if (found.decision || found.amount || found.reason || decision === '') {
      (found.decision ? firstChoice : found.amount ? amountInput : reasonInput).current?.focus();
      return;
    }
    try {
      await decide.mutateAsync({ returnId: item.return.id, body: { decision, reason: reason.trim(), amountCents } });
    } catch (error) {
      const fields = isApiError(error) ? error.fields : undefined;
      if (fields?.amountCents || fields?.reason) {
        setErrors({ amount: fields.amountCents, reason: fields.reason });
        return;
      }
      setFailure(dialogError(error));
      return;
    }
    onDone();
    toast.success(texts.decidedToast);
  };

  return (
    <FormDialog
      title={texts.decideTitle(item.product.name)}
      isBusy={decide.isPending}
      failure={failure}
      cancelLabel={texts.cancel}
      submitLabel={texts.confirmDecision}
      busyLabel={texts.deciding}
      onSubmit={submit}
      onClose={onClose}
    >
      <fieldset aria-describedby={errors.decision ? `${id}-decision-error` : undefined}>
        <legend className="text-sm font-medium">{texts.decisionLabel}</legend>
        <div className="mt-1 grid gap-1">
          {returnDecisions.map((each) => (
            <label
              key={each}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-2 hover:bg-slate-50 dark:hover:bg-slate-800"
            >
              <input
                ref={each === returnDecisions[0] ? firstChoice : undefined}
                type="radio"
                name={`${id}-decision`}
                value={each}
                checked={decision === each}
                onChange={() => setDecision(each)}
                className="size-4 shrink-0 accent-teal-700"
              />
              {texts.decisionOptions[each]}
            </label>
          ))}
        </div>
        {errors.decision && (
          <p id={`${id}-decision-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
            {errors.decision}
          </p>
        )}
      </fieldset>
      {decision === 'refund' && (
        <TextField
          ref={amountInput}
          label={texts.refundAmount}
          hint={texts.refundAmountHint(left)}
          error={errors.amount}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
      )}
      <TextAreaField
        ref={reasonInput}
        label={texts.decisionReason}
        error={errors.reason}
        rows={4}
        required
        maxLength={returnLimits.reason}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
    </FormDialog>
  );
}
