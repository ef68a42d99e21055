import { formatPrice, paymentTexts, type Order } from '@recell/contract';
import { ProductThumb } from '@/components/ui/product-thumb';

/**
 * The order's phone as the payment page shows it (docs/product.md, Screens): Price (the order's price, what is
 * charged), Original Price and Brand Name.
 */
export function OrderSummary({ order }: { order: Order }) {
  const { product } = order;
  return (
    <section
      aria-label={paymentTexts.summaryLabel}
      className="flex items-center gap-4 rounded-2xl border border-slate-200 p-4 dark:border-slate-800"
    >
      <ProductThumb imageUrl={product.imageUrl} name={product.name} size={80} eager />
      <dl className="grid min-w-0 grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600 dark:text-slate-300">{paymentTexts.price}</dt>
        <dd className="font-semibold">{formatPrice(order.priceCents)}</dd>
        <dt className="text-slate-600 dark:text-slate-300">{paymentTexts.originalPrice}</dt>
        <dd>{formatPrice(product.originalPriceCents)}</dd>
        <dt className="text-slate-600 dark:text-slate-300">{paymentTexts.brandName}</dt>
        <dd className="break-words">{product.brand}</dd>
      </dl>
    </section>
  );
}
