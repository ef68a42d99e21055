import { orderMessageTexts } from '@recell/contract';

/**
 * A count of unread messages beside a link's text: the number is shown, and read out with the
 * link's name ("My Orders (3 unread messages)"). Nothing when there are none.
 */
export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  // The space keeps the link's name two words apart ("My Orders (3 unread messages)").
  return (
    <>
      {' '}
      <span className="ms-2 inline-flex min-w-6 items-center justify-center rounded-full bg-amber-500 px-1.5 text-xs font-bold text-slate-950">
        <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
        <span className="sr-only">{`(${orderMessageTexts.unread(count)})`}</span>
      </span>
    </>
  );
}
