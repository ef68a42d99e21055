import { orderMessageTexts } from '@recell/contract';

/**
 * A count of unread messages beside a link's text: the number is shown, and read out as
 * "3 unread messages" with the link's name. Nothing when there are none.
 */
export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="ms-2 inline-flex min-w-6 items-center justify-center rounded-full bg-amber-500 px-1.5 text-xs font-bold text-slate-950">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{`, ${orderMessageTexts.unread(count)}`}</span>
    </span>
  );
}
