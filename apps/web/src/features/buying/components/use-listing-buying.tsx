import { buyingTexts, type ListedProduct } from '@recell/contract';
import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useAuth } from '@/features/auth';
import { loadChunk } from '@/lib/load-chunk';
import { toast } from '@/lib/toast';
import { useChangeWishlist } from '../api/change-wishlist';
import { useBookedIds } from '../api/get-booked-ids';
import { useWishlistIds } from '../api/get-wishlist-ids';

// The modals load on first use: the grids that offer them (home, category pages) stay light.
const BookingDialog = lazy(() => loadChunk(() => import('./booking-dialog')));
const ReportDialog = lazy(() => loadChunk(() => import('./report-dialog')));

/** What a listing's buyer actions do (the shape of the catalogue's ListingActionHandlers). */
export type BuyingHandlers = {
  onToggleWishlist: (product: ListedProduct) => void;
  onReport: (product: ListedProduct) => void;
  onBook: (product: ListedProduct) => void;
};

type OpenDialog = { kind: 'book' | 'report'; product: ListedProduct };

/** True when the signed-in user is a buyer (role user): only buyers book, wishlist and report. */
const useIsBuyer = () => {
  const { status, user } = useAuth();
  return status === 'signedIn' && user?.role === 'user';
};

/** The booking modal for `product` while it is set (lazily loaded). */
export function BookingModal({ product, onClose }: { product: ListedProduct | null; onClose: () => void }) {
  if (!product) return null;
  return (
    <Suspense fallback={null}>
      <BookingDialog product={product} onClose={onClose} />
    </Suspense>
  );
}

/**
 * The buyer's side of a listing grid or a phone's page: the hearts (filled for the phones in the
 * buyer's wishlist, GET /api/me/wishlist/ids), which phones the buyer has booked already
 * (GET /api/me/orders/product-ids; both asked for only for a buyer), the heart's toggle, and the
 * booking and report modals. Render `dialogs` once next to the cards. Sellers and admins are not
 * offered these actions; should one reach them anyway they are told that only buyer accounts can.
 * Visitors never get here (the cards send them to the login page first).
 */
export function useListingBuying(): {
  handlers: BuyingHandlers;
  isWishlisted: (productId: string) => boolean;
  isBooked: (productId: string) => boolean;
  dialogs: ReactNode;
} {
  const isBuyer = useIsBuyer();
  const wishlistIds = useWishlistIds(isBuyer);
  const bookedIds = useBookedIds(isBuyer);
  const { mutate: changeWishlist } = useChangeWishlist();
  const [open, setOpen] = useState<OpenDialog | null>(null);
  const ids = wishlistIds.data;
  const booked = bookedIds.data;

  const isWishlisted = useCallback((productId: string) => isBuyer && (ids?.has(productId) ?? false), [isBuyer, ids]);
  const isBooked = useCallback((productId: string) => isBuyer && (booked?.has(productId) ?? false), [isBuyer, booked]);

  const handlers = useMemo(() => {
    const buyersOnly = (action: (product: ListedProduct) => void) => (product: ListedProduct) => {
      if (isBuyer) action(product);
      else toast.error(buyingTexts.buyersOnly, { id: 'buyers-only' });
    };
    return {
      onBook: buyersOnly((product) => {
        setOpen({ kind: 'book', product });
      }),
      onReport: buyersOnly((product) => {
        setOpen({ kind: 'report', product });
      }),
      onToggleWishlist: buyersOnly((product) => {
        changeWishlist({ productId: product.id, add: !(ids?.has(product.id) ?? false) });
      }),
    };
  }, [isBuyer, ids, changeWishlist]);

  const close = useCallback(() => {
    setOpen(null);
  }, []);

  const dialogs =
    open?.kind === 'book' ? (
      <BookingModal product={open.product} onClose={close} />
    ) : open?.kind === 'report' ? (
      <Suspense fallback={null}>
        <ReportDialog product={open.product} onClose={close} />
      </Suspense>
    ) : null;

  return { handlers, isWishlisted, isBooked, dialogs };
}
