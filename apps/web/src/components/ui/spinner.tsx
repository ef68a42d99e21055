import { webTexts } from '@recell/contract';

/** A busy indicator that screen readers announce by its label. */
export function Spinner({ label = webTexts.loading, className = 'py-16' }: { label?: string; className?: string }) {
  return (
    <div role="status" aria-label={label} className={`flex justify-center ${className}`}>
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-teal-600 border-t-transparent dark:border-teal-300 dark:border-t-transparent"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}
