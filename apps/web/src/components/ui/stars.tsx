/**
 * A rating as stars ("★★★★☆"), read by a screen reader as its label ("4 out of 5 stars") instead
 * of five symbols.
 */
export function Stars({ stars, label, className }: { stars: number; label: string; className?: string }) {
  return (
    <span
      role="img"
      aria-label={label}
      className={`whitespace-nowrap text-amber-600 dark:text-amber-400 ${className ?? ''}`}
    >
      {'★'.repeat(stars)}
      <span className="text-slate-300 dark:text-slate-600">{'★'.repeat(5 - stars)}</span>
    </span>
  );
}
