import { formatPrice } from '@recell/contract';
import { Link } from 'react-router';
import { cell, Cell, MediaCell, RowHeader } from '@/components/ui/data-table/table';
import { ProductThumb } from '@/components/ui/product-thumb';
import { paths } from '@/config/paths';

/*
 * A phone's cells in the dashboard's tables (My Wishlist, My Products, Reported Items, Order
 * problems). They live with buying, the lowest feature that shows them; listings and admin use them
 * through its index.ts (shared code may not know what a listing is).
 */

type ProductCellsProps = {
  product: { id: string; name: string; imageUrl: string };
  /** The price asked (an order's: the price it was booked at). */
  priceCents: number;
  /** Lets the row's buttons name the phone (their aria-describedby). */
  nameId?: string;
  /** False for a phone that is gone: its name is not a link. */
  isLinked?: boolean;
};

/**
 * A phone's first cells: its picture, its name (the row's header, a link to its page) and its
 * price; on a card the name and the price sit beside the picture.
 */
export function ProductCells({ product, priceCents, nameId, isLinked = true }: ProductCellsProps) {
  return (
    <>
      <MediaCell className="as-cards:row-span-2">
        <ProductThumb imageUrl={product.imageUrl} name={product.name} />
      </MediaCell>
      <RowHeader id={nameId} className="as-cards:self-end">
        {isLinked ? (
          <Link to={paths.product.to(product.id)} className="link">
            {product.name}
          </Link>
        ) : (
          <span>{product.name}</span>
        )}
      </RowHeader>
      <td role="cell" className={`${cell} font-semibold whitespace-nowrap as-cards:self-start`}>
        {formatPrice(priceCents)}
      </td>
    </>
  );
}

/**
 * A listing's columns in My Products, My Orders and My Wishlist (image, name, price, original,
 * location): ProductCells, then the original price and where the phone is (`labels`: their
 * columns' names).
 */
export function ListingCells({
  product,
  labels,
  ...cells
}: ProductCellsProps & {
  product: ProductCellsProps['product'] & { originalPriceCents: number; location: string };
  labels: { original: string; location: string };
}) {
  return (
    <>
      <ProductCells product={product} {...cells} />
      <Cell label={labels.original} className="whitespace-nowrap">
        {formatPrice(product.originalPriceCents)}
      </Cell>
      <Cell label={labels.location}>{product.location}</Cell>
    </>
  );
}
