import { formatPrice, webTexts, type Product } from '@recell/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { ClockIcon, FlagIcon, HeartIcon, MapPinIcon } from '@/components/icons';
import { paths } from '@/config/paths';
import { useRequireSignIn } from '@/features/auth';
import { formatListingTime } from '@/lib/format-time';

export type ProductCardProps = {
  product: Product;
  isWishlisted?: boolean;
  /** Called for a signed-in user; signed-out visitors are sent to the login page instead. */
  onToggleWishlist?: (product: Product) => void;
  onReport?: (product: Product) => void;
  onBook?: (product: Product) => void;
  /** The first cards of a grid may load their image eagerly. */
  imageLoading?: 'lazy' | 'eager';
};

const iconButton =
  'flex size-11 items-center justify-center rounded-full border border-slate-200 text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800';

export function ProductCard({
  product,
  isWishlisted = false,
  onToggleWishlist,
  onReport,
  onBook,
  imageLoading = 'lazy',
}: ProductCardProps) {
  const requireSignIn = useRequireSignIn();
  const whenSignedIn = (action?: (product: Product) => void) => () => {
    if (requireSignIn()) action?.(product);
  };
  const { seller } = product;
  const nameId = useId();

  return (
    <article className="flex w-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <header className="flex items-start justify-between gap-3 p-4">
        <div className="min-w-0">
          <p className="flex items-center gap-1.5 font-semibold">
            <span className="truncate">{seller.name}</span>
            {seller.isVerified && (
              <svg
                role="img"
                aria-label={webTexts.verifiedSeller}
                viewBox="0 0 24 24"
                width={20}
                height={20}
                className="size-5 shrink-0 text-sky-600 dark:text-sky-400"
              >
                <title>{webTexts.verifiedSeller}</title>
                <path
                  fill="currentColor"
                  d="M12 1.5 14.6 3.4l3.2-.2 1 3 2.7 1.8-1 3 1 3-2.7 1.8-1 3-3.2-.2L12 22.5l-2.6-1.9-3.2.2-1-3L2.5 16l1-3-1-3 2.7-1.8 1-3 3.2.2Z"
                />
                <path d="m8 12.2 2.7 2.7L16.2 9.3" fill="none" stroke="#fff" strokeWidth={2} strokeLinecap="round" />
              </svg>
            )}
          </p>
          <p className="truncate text-sm text-slate-600 dark:text-slate-400">{seller.email}</p>
        </div>
        <p className="flex shrink-0 items-center gap-1 text-xs text-slate-600 dark:text-slate-400">
          <ClockIcon className="size-4" />
          <time dateTime={product.createdAt}>{formatListingTime(product.createdAt)}</time>
        </p>
      </header>

      <img
        src={product.imageUrl}
        alt={product.name}
        width={600}
        height={450}
        loading={imageLoading}
        decoding="async"
        className="aspect-[4/3] w-full bg-slate-100 object-cover dark:bg-slate-800"
      />

      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 id={nameId} className="text-lg font-bold">
            {product.name}
          </h3>
          <div className="flex shrink-0 gap-2">
            <button
              type="button"
              className={`${iconButton} ${isWishlisted ? 'text-rose-600 dark:text-rose-400' : ''}`}
              aria-label={isWishlisted ? webTexts.removeFromWishlist : webTexts.addToWishlist}
              aria-describedby={nameId}
              onClick={whenSignedIn(onToggleWishlist)}
            >
              <HeartIcon filled={isWishlisted} className="size-5" />
            </button>
            <button
              type="button"
              className={iconButton}
              aria-label={webTexts.report}
              aria-describedby={nameId}
              onClick={whenSignedIn(onReport)}
            >
              <FlagIcon className="size-5" />
            </button>
          </div>
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
            <dd>{product.used}</dd>
          </div>
          <div>
            <dt className="text-slate-600 dark:text-slate-400">{webTexts.locationLabel}</dt>
            <dd className="flex items-center gap-1">
              <MapPinIcon className="size-4 shrink-0" />
              {product.location}
            </dd>
          </div>
        </dl>

        <div className="mt-auto grid grid-cols-2 gap-2 pt-2">
          <button type="button" className="btn btn-primary" aria-describedby={nameId} onClick={whenSignedIn(onBook)}>
            {webTexts.bookNow}
          </button>
          <Link to={paths.product.to(product.id)} className="btn btn-outline" aria-describedby={nameId}>
            {webTexts.seeDetails}
          </Link>
        </div>
      </div>
    </article>
  );
}
