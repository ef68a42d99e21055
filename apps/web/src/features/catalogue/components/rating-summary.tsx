import { ratingTexts } from '@recell/contract';
import { Stars } from '@/components/ui/stars';

/**
 * A seller's rating summary on the details and seller pages: stars rounded to the nearest whole
 * one and "4.8 out of 5 from 12 ratings"; "No ratings yet" before the first.
 */
export function RatingSummary({ average, count }: { average: number | null; count: number }) {
  if (average === null || count === 0)
    return <p className="text-sm text-slate-600 dark:text-slate-400">{ratingTexts.noRatings}</p>;
  const text = ratingTexts.summary(average, count);
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm">
      <Stars stars={Math.round(average)} label={text} />
      <span aria-hidden="true">{text}</span>
    </p>
  );
}
