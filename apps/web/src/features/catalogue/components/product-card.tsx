import { formatPrice, webTexts, type ListedProduct } from '@recell/contract';
import { memo, useId } from 'react';
import { Link } from 'react-router';
import { ClockIcon, MapPinIcon } from '@/components/content-icons';
import { paths } from '@/config/paths';
import { useListingTime } from '@/lib/format-time';
import { listingSrcSet, productGridSizes } from '@/lib/responsive-image';
import {
  BookingAction,
  useListingActions,
  WishlistAndReportButtons,
  type ListingActionHandlers,
} from './listing-actions';
import { VerifiedBadge } from './verified-badge';

export type ProductCardProps = ListingActionHandlers & {
  product: ListedProduct;
  isWishlisted?: boolean;
  /** The signed-in buyer has an open order on it: Booked (to My Orders) instead of Book now. */
  isBooked?: boolean;
  /** Cards in view on arrival may load their picture eagerly; the rest wait until scrolled near. */
  imageLoading?: 'lazy' | 'eager';
  /** The card's rendered width, for the srcset (defaults to the 1 / 2 / 3 column grid). */
  imageSizes?: string;
};

/**
 * A listing's time (useListingTime: UTC in a page the server rendered, then the visitor's own). Its
 * own component: switching to local time re-renders this alone, not the card or the details.
 */
export function ListingTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{useListingTime(iso)}</time>;
}

/**
 * A listing in a grid (home's advertised phones, category pages): seller with the verified badge
 * and (for someone signed in) email, when it was listed, the picture, name, prices, used, location and the actions of
 * whoever looks (ListingViewer: the buyer's, Booked, 'Your listing' or none).
 */
export const ProductCard = memo(function ProductCard({
  product,
  isWishlisted = false,
  isBooked = false,
  imageLoading = 'lazy',
  imageSizes = productGridSizes,
  ...handlers
}: ProductCardProps) {
  const actions = useListingActions(product, handlers);
  const { seller } = product;
  const nameId = useId();
  const srcSet = listingSrcSet(product.imageUrl);

  return (
    <article className="flex w-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <header className="p-4">
        <p className="flex items-center gap-1.5 font-semibold">
          <Link to={paths.seller.to(seller.id)} className="truncate hover:underline">
            {seller.name}
          </Link>
          {seller.isVerified && <VerifiedBadge />}
          {seller.ratingAverage !== null && (
            <span
              role="img"
              aria-label={webTexts.sellerRating(seller.ratingAverage, seller.ratingCount)}
              className="shrink-0 text-sm font-normal whitespace-nowrap"
            >
              ★ {seller.ratingAverage.toFixed(1)} ({seller.ratingCount})
            </span>
          )}
        </p>
        {/* Only someone signed in is given the seller's email. */}
        {seller.email && <p className="truncate text-sm text-slate-600 dark:text-slate-400">{seller.email}</p>}
        <p className="mt-1 flex items-center gap-1 text-xs text-slate-600 dark:text-slate-400">
          <ClockIcon className="size-4 shrink-0" />
          <ListingTime iso={product.createdAt} />
        </p>
      </header>

      <img
        src={product.imageUrl}
        srcSet={srcSet}
        sizes={srcSet ? imageSizes : undefined}
        alt={product.name}
        width={600}
        height={450}
        loading={imageLoading}
        // A card in view on arrival is likely the page's largest paint: fetch it first.
        fetchPriority={imageLoading === 'eager' ? 'high' : undefined}
        decoding="async"
        className="aspect-[4/3] w-full bg-slate-100 object-cover dark:bg-slate-800"
      />

      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 id={nameId} className="text-lg font-bold break-words">
            {product.name}
          </h3>
          {actions.offersBuyerActions && (
            <WishlistAndReportButtons
              isWishlisted={isWishlisted}
              disabled={actions.isWaitingForSession}
              describedBy={nameId}
              onToggleWishlist={actions.toggleWishlist}
              onReport={actions.report}
            />
          )}
        </div>

        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
          <div>
            <dt className="text-slate-600 dark:text-slate-400">{webTexts.priceLabel}</dt>
            <dd className="text-lg font-bold text-teal-800 dark:text-teal-300">{formatPrice(product.priceCents)}</dd>
          </div>
          <div>
            <dt className="text-slate-600 dark:text-slate-400">{webTexts.originalPriceLabel}</dt>
            <dd className="text-lg text-slate-600 line-through dark:text-slate-400">
              {formatPrice(product.originalPriceCents)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600 dark:text-slate-400">{webTexts.usedLabel}</dt>
            <dd className="break-words">{product.used}</dd>
          </div>
          <div>
            <dt className="text-slate-600 dark:text-slate-400">{webTexts.locationLabel}</dt>
            <dd className="flex items-center gap-1 break-words">
              <MapPinIcon className="size-4 shrink-0" />
              <span className="min-w-0">{product.location}</span>
            </dd>
          </div>
        </dl>

        <div className="mt-auto grid grid-cols-2 gap-2 pt-2">
          <BookingAction
            viewer={actions.viewer}
            isBooked={isBooked}
            disabled={actions.isWaitingForSession}
            describedBy={nameId}
            onBook={actions.book}
          />
          <Link
            to={paths.product.to(product.id)}
            // Alone on the row when the viewer has nothing to do with the phone but look.
            className={actions.viewer === 'onlooker' ? 'btn btn-outline col-span-2' : 'btn btn-outline'}
            aria-describedby={nameId}
          >
            {webTexts.seeDetails}
          </Link>
        </div>
      </div>
    </article>
  );
});
