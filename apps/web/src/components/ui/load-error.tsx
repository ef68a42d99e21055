import { webTexts } from '@recell/contract';
import { isApiError } from '@/lib/api-error';

/** A failed load, with a way to try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const text = isApiError(error) ? error.message : webTexts.loadFailed;
  return (
    <div
      role="alert"
      className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center dark:border-red-900 dark:bg-red-950"
    >
      <p className="text-red-800 dark:text-red-200">{text}</p>
      <button type="button" className="btn btn-outline mt-4" onClick={onRetry}>
        {webTexts.tryAgain}
      </button>
    </div>
  );
}
