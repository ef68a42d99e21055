import { paymentTexts } from '@recell/contract';
import type { ReactNode } from 'react';
import type { CardFailure, ConfirmCard, PaymentFlow } from '../use-complete-payment';

/**
 * The Payment button: disabled while the page prepares the payment and while a payment runs (a
 * double click never pays twice); its name stays 'Payment', a status line says what is going on.
 */
function PayButton({ isWorking, isReady }: { isWorking: boolean; isReady: boolean }) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
      <button
        type="submit"
        className="btn btn-primary w-full sm:w-auto sm:min-w-40"
        disabled={isWorking || !isReady}
        aria-busy={isWorking || undefined}
      >
        {paymentTexts.payButton}
      </button>
      <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
        {isWorking ? paymentTexts.paying : ''}
      </p>
    </div>
  );
}

/** The card processor's refusal, in red under the form (docs/product.md, Screens and Messages). */
function CardFailureMessage({ id, failure }: { id: string; failure: CardFailure | null }) {
  return (
    <div role="alert" id={id} className="text-sm font-medium text-red-700 empty:hidden dark:text-red-300">
      {failure?.message}
    </div>
  );
}

/**
 * A card form (the test-mode processor's or Stripe's): its fields, the Payment button, and the
 * processor's refusal under them (`failureId`, for the fields it names). Payment runs `confirm`
 * through the payment flow.
 */
export function CardForm({
  flow,
  confirm,
  isReady,
  failureId,
  children,
}: {
  flow: PaymentFlow;
  confirm: ConfirmCard;
  isReady: boolean;
  failureId: string;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      aria-label={paymentTexts.cardFormLabel}
      className="grid gap-4 rounded-2xl border border-slate-200 p-4 sm:p-6 dark:border-slate-800"
      onSubmit={(event) => {
        event.preventDefault();
        void flow.submit(confirm);
      }}
    >
      {children}
      <PayButton isWorking={flow.isWorking} isReady={isReady} />
      <CardFailureMessage id={failureId} failure={flow.failure} />
    </form>
  );
}
