import { webTexts, type ListedProduct, type SignInReason } from '@recell/contract';
import { hashKey, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { FlagIcon, HeartIcon } from '@/components/content-icons';
import { dashboardPaths } from '@/config/dashboard-paths';
import { useAuth, useRequireSignIn } from '@/features/auth';
import { useListingBuying } from '@/features/buying';
import { isFocusLost } from '@/lib/focus';

/**
 * What a signed-in user's wishlist heart, Report and Book now do. The grids and the details page
 * give them the buying feature's behaviour (the wishlist, the report and booking modals, buyers
 * only) unless their caller passes its own. Signed-out visitors never reach them: they are sent to
 * the login page, which says why (to book this phone…) and brings them back.
 */
export type ListingActionHandlers = {
  onToggleWishlist?: ((product: ListedProduct) => void) | undefined;
  onReport?: ((product: ListedProduct) => void) | undefined;
  onBook?: ((product: ListedProduct) => void) | undefined;
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
  return { actions, isWishlisted: buying.isWishlisted, isBooked: buying.isBooked, dialogs: buying.dialogs };
}

/**
 * A phone's or a seller's page the server rendered is the same for everyone: its listings are a
 * visitor's answer, without the seller's email someone signed in is given. Once the session says
 * someone is signed in and the answer shown is still a visitor's, theirs is asked for.
 */
export function useSignedInAnswer(queryKey: QueryKey, isVisitorsAnswer: boolean) {
  const { status } = useAuth();
  const queryClient = useQueryClient();
  const queryHash = hashKey(queryKey);
  const wantsOwn = status === 'signedIn' && isVisitorsAnswer;
  useEffect(() => {
    if (wantsOwn) void queryClient.invalidateQueries({ predicate: (query) => query.queryHash === queryHash });
  }, [wantsOwn, queryClient, queryHash]);
}

/**
 * Who looks at a listing, which decides what its card offers: a visitor (sent to log in by the
 * buyer actions; also while the session is still being restored) and a buyer get the heart, Report
 * and Book now; the seller who listed it sees 'Your listing'; other sellers and admins get none of
 * them (the server refuses them all the same).
 */
export type ListingViewer = 'visitor' | 'buyer' | 'owner' | 'onlooker';

const useListingViewer = (product: ListedProduct): ListingViewer => {
  const { status, user } = useAuth();
  if (status !== 'signedIn') return 'visitor';
  if (user.role === 'user') return 'buyer';
  return user.role === 'seller' && user.id === product.seller.id ? 'owner' : 'onlooker';
};

/**
 * The three actions as click handlers, each behind the sign-in guard (a visitor is asked to log in
 * to do that very thing), and whether to offer them.
 */
export function useListingActions(product: ListedProduct, handlers: ListingActionHandlers) {
  const requireSignIn = useRequireSignIn();
  const { status } = useAuth();
  const viewer = useListingViewer(product);
  const guarded = (action: ((product: ListedProduct) => void) | undefined, reason: SignInReason) => () => {
    if (requireSignIn(reason)) action?.(product);
  };
  return {
    viewer,
    offersBuyerActions: viewer === 'visitor' || viewer === 'buyer',
    // Until the session is known a press could not tell a buyer from a visitor (a page rendered
    // on the server shows its cards before that): the actions wait, disabled.
    isWaitingForSession: status === 'loading',
    toggleWishlist: guarded(handlers.onToggleWishlist, 'wishlist'),
    report: guarded(handlers.onReport, 'report'),
    book: guarded(handlers.onBook, 'book'),
  };
}

/**
 * What stands in a listing's Book now place: Book now (disabled when `disabled`), Booked (a link
 * to My Orders) when the buyer has an open order on it, 'Your listing' for its seller, else nothing.
 */
export function BookingAction({
  viewer,
  isBooked,
  disabled = false,
  describedBy,
  onBook,
}: {
  viewer: ListingViewer;
  isBooked: boolean;
  disabled?: boolean;
  describedBy: string;
  onBook: () => void;
}) {
  // A booking made here turns Book now into Booked: the focus, left nowhere, goes to Booked.
  const pressedBookNow = useRef(false);
  const bookedRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (!isBooked || !pressedBookNow.current) return;
    pressedBookNow.current = false;
    if (isFocusLost()) bookedRef.current?.focus();
  }, [isBooked]);

  if (viewer === 'owner')
    return (
      <p className="flex min-h-11 items-center justify-center rounded-lg bg-slate-100 px-4 font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200">
        {webTexts.yourListing}
      </p>
    );
  if (viewer === 'onlooker') return null;
  if (viewer === 'buyer' && isBooked)
    return (
      <Link
        ref={bookedRef}
        to={dashboardPaths.myOrders.to()}
        className="btn btn-outline"
        aria-describedby={describedBy}
      >
        {webTexts.booked}
      </Link>
    );
  return (
    <button
      type="button"
      className="btn btn-primary"
      aria-describedby={describedBy}
      disabled={disabled}
      onClick={() => {
        pressedBookNow.current = true;
        onBook();
      }}
    >
      {webTexts.bookNow}
    </button>
  );
}

const iconButton =
  'flex size-11 items-center justify-center rounded-full border border-slate-200 text-slate-700 hover:bg-slate-100 disabled:cursor-wait disabled:opacity-60 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800';

/** The heart and the report flag, named for screen readers and described by the phone's name. */
export function WishlistAndReportButtons({
  isWishlisted,
  disabled = false,
  describedBy,
  onToggleWishlist,
  onReport,
}: {
  isWishlisted: boolean;
  disabled?: boolean;
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
        disabled={disabled}
        onClick={onToggleWishlist}
      >
        <HeartIcon filled={isWishlisted} className="size-5" />
      </button>
      <button
        type="button"
        className={iconButton}
        aria-label={webTexts.report}
        aria-describedby={describedBy}
        disabled={disabled}
        onClick={onReport}
      >
        <FlagIcon className="size-5" />
      </button>
    </div>
  );
}
