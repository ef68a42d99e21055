import { accountTexts, formatPrice, listingTexts, messages, webTexts, type MyProduct } from '@recell/contract';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { showActionError } from '@/lib/form-errors';
import { listingSrcSet } from '@/lib/responsive-image';
import { toast } from '@/lib/toast';
import { useAdvertiseProduct } from '../api/advertise-product';
import { useMyProducts } from '../api/get-my-products';
import { DeleteProductDialog } from './delete-product-dialog';

const headerCell =
  'px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300';
const cell = 'px-4 py-3 align-middle';

/**
 * The seller's phones (spec §2 My Products): image, name, price, original, location, sales status,
 * promote and action; 'No Your Products' when there are none. Promote (spec §4): 'Advertise' for a
 * phone for sale that is not advertised yet, a disabled 'Advertised' once it is, a disabled 'No
 * Access' for a sold one. Delete asks in a dialog first.
 *
 * On narrow screens the table scrolls sideways inside its frame; the page itself never does.
 */
export function MyProductsTable() {
  const products = useMyProducts();
  const advertise = useAdvertiseProduct();
  const [toDelete, setToDelete] = useState<MyProduct | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  // A deleted phone's row goes, and its Delete button (where focus returns) with it: once the
  // dialog has closed, focus moves to the table instead.
  const refocusTable = useRef(false);
  useEffect(() => {
    if (toDelete || !refocusTable.current) return;
    refocusTable.current = false;
    tableRef.current?.focus();
  }, [toDelete]);

  if (products.isPending) return <Spinner />;
  if (products.isError)
    return (
      <div className="mt-6">
        <LoadError error={products.error} onRetry={() => void products.refetch()} />
      </div>
    );

  const items = products.data.pages.flatMap((page) => page.items);
  if (items.length === 0)
    return (
      <p className="mt-6 rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
        {messages.noProducts}
      </p>
    );

  const onAdvertise = (product: MyProduct) => {
    advertise.mutate(product.id, {
      onSuccess: () => toast.success(messages.productAdvertised),
      onError: showActionError,
    });
  };

  return (
    <>
      <div className="mt-6 overflow-x-auto rounded-2xl border border-slate-200 dark:border-slate-800">
        <table ref={tableRef} tabIndex={-1} className="w-full min-w-[52rem] text-sm focus:outline-none">
          <caption className="sr-only">{accountTexts.myProducts}</caption>
          <thead className="bg-slate-50 dark:bg-slate-900">
            <tr>
              <th scope="col" className={headerCell}>
                {listingTexts.columnImage}
              </th>
              <th scope="col" className={headerCell}>
                {listingTexts.columnName}
              </th>
              <th scope="col" className={headerCell}>
                {listingTexts.columnPrice}
              </th>
              <th scope="col" className={headerCell}>
                {listingTexts.columnOriginal}
              </th>
              <th scope="col" className={headerCell}>
                {listingTexts.columnLocation}
              </th>
              <th scope="col" className={headerCell}>
                {listingTexts.columnStatus}
              </th>
              <th scope="col" className={headerCell}>
                {listingTexts.columnPromote}
              </th>
              <th scope="col" className={headerCell}>
                {listingTexts.columnAction}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {items.map((product) => {
              const isSold = product.status === 'sold';
              const isAdvertising = advertise.isPending && advertise.variables === product.id;
              const nameId = `my-product-${product.id}`;
              const srcSet = listingSrcSet(product.imageUrl);
              return (
                <tr key={product.id}>
                  <td className={cell}>
                    <img
                      src={product.imageUrl}
                      srcSet={srcSet}
                      sizes={srcSet ? '64px' : undefined}
                      alt={product.name}
                      width={64}
                      height={64}
                      loading="lazy"
                      decoding="async"
                      className="size-16 rounded-lg bg-slate-100 object-cover dark:bg-slate-800"
                    />
                  </td>
                  <th scope="row" className={`${cell} text-left font-semibold`}>
                    <Link id={nameId} to={paths.product.to(product.id)} className="link break-words">
                      {product.name}
                    </Link>
                  </th>
                  <td className={`${cell} font-semibold whitespace-nowrap`}>{formatPrice(product.priceCents)}</td>
                  <td className={`${cell} whitespace-nowrap`}>{formatPrice(product.originalPriceCents)}</td>
                  <td className={`${cell} break-words`}>{product.location}</td>
                  <td className={cell}>
                    <span
                      className={`rounded-full px-2.5 py-1 text-xs font-semibold ${
                        isSold
                          ? 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100'
                          : 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100'
                      }`}
                    >
                      {isSold ? messages.statusSold : messages.statusAvailable}
                    </span>
                  </td>
                  <td className={cell}>
                    {isSold ? (
                      <button type="button" className="btn btn-outline" disabled aria-describedby={nameId}>
                        {messages.noAccess}
                      </button>
                    ) : product.isAdvertised ? (
                      <button type="button" className="btn btn-outline" disabled aria-describedby={nameId}>
                        {messages.advertised}
                      </button>
                    ) : (
                      <button
                        type="button"
                        className="btn btn-primary"
                        aria-describedby={nameId}
                        disabled={isAdvertising}
                        aria-busy={isAdvertising || undefined}
                        onClick={() => {
                          onAdvertise(product);
                        }}
                      >
                        {messages.advertise}
                      </button>
                    )}
                  </td>
                  <td className={cell}>
                    <button
                      type="button"
                      className="btn border border-red-300 text-red-800 hover:bg-red-50 dark:border-red-800 dark:text-red-200 dark:hover:bg-red-950"
                      aria-describedby={nameId}
                      aria-haspopup="dialog"
                      onClick={() => {
                        setToDelete(product);
                      }}
                    >
                      {listingTexts.delete}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {products.hasNextPage && (
        <div className="mt-6 flex justify-center">
          <button
            type="button"
            className="btn btn-outline"
            disabled={products.isFetchingNextPage}
            onClick={() => void products.fetchNextPage()}
          >
            {products.isFetchingNextPage ? webTexts.loading : listingTexts.showMore}
          </button>
        </div>
      )}
      {toDelete && (
        <DeleteProductDialog
          product={toDelete}
          onClose={() => {
            setToDelete(null);
          }}
          onDeleted={() => {
            refocusTable.current = true;
            setToDelete(null);
          }}
        />
      )}
    </>
  );
}
