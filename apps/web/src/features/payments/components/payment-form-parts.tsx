import { paymentTexts } from '@recell/contract';
import type { CardFailure } from '../use-complete-payment';

/**
 * The Payment button: disabled while the page prepares the payment and while a payment runs (a
 * double click never pays twice); its name stays 'Payment', a status line says what is going on.
 */
export function PayButton({ isWorking, isReady }: { isWorking: boolean; isReady: boolean }) {
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

/** The card processor's refusal, in red under the form (spec §2, §8). */
export function CardFailureMessage({ id, failure }: { id: string; failure: CardFailure | null }) {
  return (
    <div role="alert" id={id} className="text-sm font-medium text-red-700 empty:hidden dark:text-red-300">
      {failure?.message}
    </div>
  );
}
