import { webTexts, type Product } from '@recell/contract';
import { FlagIcon, HeartIcon } from '@/components/icons';
import { useRequireSignIn } from '@/features/auth';
import { useListingBuying } from '@/features/buying';

/**
 * What a signed-in user's wishlist heart, Report and Book now do. The grids and the details page
 * give them the buying feature's behaviour (the wishlist, the report and booking modals, buyers
 * only) unless their caller passes its own. Signed-out visitors never reach them: they are sent to
 * the login page, which brings them back.
 */
export type ListingActionHandlers = {
  onToggleWishlist?: ((product: Product) => void) | undefined;
  onReport?: ((product: Product) => void) | undefined;
  onBook?: ((product: Product) => void) | undefined;
};

/**
 * The buyer's side of a grid or a phone's page: each action the caller did not pass does what the
 * buying feature does, the hearts are filled from the buyer's wishlist, and `dialogs` (the booking
 * and report modals) is rendered once beside the cards.
 */
export function useBuyingActions(handlers: ListingActionHandlers) {
  const buying = useListingBuying();
  const actions: Required<ListingActionHandlers> = {
    onToggleWishlist: handlers.onToggleWishlist ?? buying.handlers.onToggleWishlist,
    onReport: handlers.onReport ?? buying.handlers.onReport,
    onBook: handlers.onBook ?? buying.handlers.onBook,
  };
  return { actions, isWishlisted: buying.isWishlisted, dialogs: buying.dialogs };
}

/** The three actions as click handlers, each behind the sign-in guard. */
export function useListingActions(product: Product, handlers: ListingActionHandlers) {
  const requireSignIn = useRequireSignIn();
  const guarded = (action: ((product: Product) => void) | undefined) => () => {
    if (requireSignIn()) action?.(product);
  };
  return {
    toggleWishlist: guarded(handlers.onToggleWishlist),
    report: guarded(handlers.onReport),
    book: guarded(handlers.onBook),
  };
}

const iconButton =
  'flex size-11 items-center justify-center rounded-full border border-slate-200 text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800';

/** The heart and the report flag, named for screen readers and described by the phone's name. */
export function WishlistAndReportButtons({
  isWishlisted,
  describedBy,
  onToggleWishlist,
  onReport,
}: {
  isWishlisted: boolean;
  describedBy: string;
  onToggleWishlist: () => void;
  onReport: () => void;
}) {
  return (
    <div className="flex shrink-0 gap-2">
      <button
        type="button"
        className={`${iconButton} ${isWishlisted ? 'text-rose-600 dark:text-rose-400' : ''}`}
        aria-label={isWishlisted ? webTexts.removeFromWishlist : webTexts.addToWishlist}
        aria-describedby={describedBy}
        onClick={onToggleWishlist}
      >
        <HeartIcon filled={isWishlisted} className="size-5" />
      </button>
      <button
        type="button"
        className={iconButton}
        aria-label={webTexts.report}
        aria-describedby={describedBy}
        onClick={onReport}
      >
        <FlagIcon className="size-5" />
      </button>
    </div>
  );
}
