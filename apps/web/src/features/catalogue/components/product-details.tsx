import {
  categoryBrands,
  deviceCheckTexts,
  formatPrice,
  listingTexts,
  webTexts,
  type Product,
  type ProductPhoto,
} from '@recell/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { PageHeading } from '@/components/ui/page';
import { paths } from '@/config/paths';
import {
  BookingAction,
  useBuyingActions,
  useListingActions,
  WishlistAndReportButtons,
  type ListingActionHandlers,
} from './listing-actions';
import { FairPriceLine } from './fair-price-hint';
import { ListingTime } from './product-card';
import { ProductGallery } from './product-gallery';
import { SellerRatingSummary, VerifiedBadge } from './verified-badge';

const termClass = 'text-sm text-slate-600 dark:text-slate-400';

/** "IMEI checked": a tick and the words (never the colour alone), with what the check means. */
function ImeiCheckedMark() {
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-0.5 text-sm font-semibold text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200"
      title={listingTexts.imeiCheckedHint}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width={16} height={16} className="size-4 shrink-0">
        <path d="m5 12.5 4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinecap="round" />
      </svg>
      {listingTexts.imeiChecked}
    </span>
  );
}

/**
 * A phone's page: its photos (ProductGallery), every field of the listing, how far below the original price
 * it is, the seller with the verified badge, and the card's actions (by who looks: see
 * ListingViewer). A sold phone is marked, and cannot be booked.
 */
export function ProductDetails({
  product,
  isWishlisted: isWishlistedProp,
  ...handlers
}: {
  /**
   * With its photos and its latest clean IMEI check from the details call; a listing from a list
   * shows its cover alone and no check.
   */
  product: Product & { photos?: readonly ProductPhoto[]; imeiCleanCheckedAt?: string | null };
  isWishlisted?: boolean;
} & ListingActionHandlers) {
  const buying = useBuyingActions(handlers);
  const actions = useListingActions(product, buying.actions);
  const isWishlisted = isWishlistedProp ?? buying.isWishlisted(product.id);
  const nameId = useId();
  const isSold = product.status === 'sold';
  const saving = listingTexts.belowOriginal(product.priceCents, product.originalPriceCents);
  // The phone facts a listing made before sellers gave them lacks are left out.
  const phoneFacts: [string, string | null][] = [
    [listingTexts.storageLabel, product.storageGb === null ? null : listingTexts.storageValue(product.storageGb)],
    [listingTexts.colourLabel, product.colour],
    [listingTexts.networkLabel, product.networkLock === null ? null : listingTexts.networkValue(product.networkLock)],
    [
      listingTexts.batteryHealthLabel,
      product.batteryHealth === null ? null : listingTexts.batteryHealthValue(product.batteryHealth),
    ],
  ];
  const facts: [string, string][] = [
    [listingTexts.brandLabel, product.brand],
    [listingTexts.modelLabel, product.model],
    ...phoneFacts.filter((fact): fact is [string, string] => fact[1] !== null),
    [listingTexts.conditionLabel, product.condition],
    [webTexts.usedLabel, product.used],
    [webTexts.locationLabel, product.location],
    [listingTexts.authenticityLabel, product.authenticity],
    [listingTexts.featuresLabel, product.features],
  ];

  return (
    <article className="mx-auto max-w-6xl px-4 py-8 sm:py-12" aria-labelledby={nameId}>
      <title>{`${product.name} · ReCell`}</title>
      <Link to={paths.category.to(product.categoryId)} className="link text-sm">
        {categoryBrands[product.categoryId]}
      </Link>
      <div className="mt-4 grid gap-8 md:grid-cols-2">
        <ProductGallery
          name={product.name}
          photos={product.photos ?? [{ id: null, url: product.imageUrl }]}
          overlay={
            isSold && (
              <p className="absolute top-3 left-3 rounded-full bg-slate-900 px-3 py-1 text-sm font-bold tracking-wide text-white uppercase">
                {listingTexts.soldMarker}
              </p>
            )
          }
        />

        <div className="flex min-w-0 flex-col gap-5">
          <div className="flex items-start justify-between gap-3">
            <PageHeading id={nameId} className="text-3xl font-bold break-words sm:text-4xl">
              {product.name}
            </PageHeading>
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

          <div>
            <p className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
              <span className="sr-only">{webTexts.priceLabel}: </span>
              <span className="text-3xl font-bold text-teal-800 dark:text-teal-300">
                {formatPrice(product.priceCents)}
              </span>
              {/* After a price drop only: the price before it ("was"), so a raise never looks like a deal. */}
              {product.previousPriceCents !== null && (
                <span className="text-slate-600 dark:text-slate-400">
                  {listingTexts.wasPrice} <s>{formatPrice(product.previousPriceCents)}</s>
                </span>
              )}
              <span className="text-slate-600 dark:text-slate-400">
                {webTexts.originalPriceLabel}: <s>{formatPrice(product.originalPriceCents)}</s>
              </span>
            </p>
            {saving && <p className="mt-1 font-medium text-emerald-800 dark:text-emerald-300">{saving}</p>}
            <FairPriceLine product={product} />
          </div>

          {actions.viewer !== 'onlooker' && (
            <div className="grid gap-2 sm:grid-cols-2">
              <BookingAction
                viewer={actions.viewer}
                isBooked={buying.isBooked(product.id)}
                disabled={isSold || actions.isWaitingForSession}
                describedBy={nameId}
                onBook={actions.book}
              />
            </div>
          )}

          <dl className="grid grid-cols-2 gap-x-6 gap-y-3">
            {facts.map(([term, value]) => (
              <div key={term} className={term === listingTexts.featuresLabel ? 'col-span-2 min-w-0' : 'min-w-0'}>
                <dt className={termClass}>{term}</dt>
                <dd className="break-words">{value}</dd>
              </div>
            ))}
            {product.imeiMasked !== null && (
              <div className="col-span-2 min-w-0">
                <dt className={termClass}>{listingTexts.imeiLabel}</dt>
                <dd className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="font-mono tracking-wider">{product.imeiMasked}</span>
                  {product.imeiChecked && <ImeiCheckedMark />}
                  {product.imeiCleanCheckedAt && (
                    <span className="text-sm text-slate-700 dark:text-slate-300" title={deviceCheckTexts.cleanHint}>
                      {deviceCheckTexts.cleanOn(product.imeiCleanCheckedAt)}
                    </span>
                  )}
                </dd>
              </div>
            )}
            <div className="col-span-2">
              <dt className={termClass}>{listingTexts.listedAt}</dt>
              <dd>
                <ListingTime iso={product.createdAt} />
              </dd>
            </div>
          </dl>

          <div>
            <h2 className="text-lg font-semibold">{listingTexts.descriptionLabel}</h2>
            <p className="mt-1 break-words whitespace-pre-line">{product.description}</p>
          </div>

          <section
            aria-labelledby={`${nameId}-seller`}
            className="rounded-2xl border border-slate-200 p-4 dark:border-slate-800"
          >
            <h2 id={`${nameId}-seller`} className="text-lg font-semibold">
              {listingTexts.sellerHeading}
            </h2>
            <p className="mt-2 flex items-center gap-1.5 font-semibold">
              <Link to={paths.seller.to(product.seller.id)} className="link break-words">
                {product.seller.name}
              </Link>
              {product.seller.isVerified && <VerifiedBadge />}
            </p>
            {/* Only someone signed in is given the seller's email. */}
            {product.seller.email && (
              <p className="text-sm break-words text-slate-600 dark:text-slate-400">{product.seller.email}</p>
            )}
            <div className="mt-1">
              <SellerRatingSummary average={product.seller.ratingAverage} count={product.seller.ratingCount} />
            </div>
          </section>
        </div>
      </div>
      {buying.dialogs}
    </article>
  );
}
