import type { ListedProduct } from '@recell/contract';
import { useDeferredValue, useMemo } from 'react';

/** The cards that come with an answer at once: all a phone's screen shows, and a desktop's first row. */
const cardsAtOnce = 3;
const noProducts: ListedProduct[] = [];

/**
 * The cards to show of a list of phones. An answer renders at once (a store update), and two dozen
 * cards in one go block a slow phone's main thread for a few hundred ms: the first cards come with
 * the answer, the rest in a deferred render that React splits into short slices. Until it catches
 * up, another answer's later cards are not shown beside this one's first ones.
 */
export function useCardsInSlices(products: readonly ListedProduct[]): readonly ListedProduct[] {
  const laterProducts = useMemo(() => products.slice(cardsAtOnce), [products]);
  const deferredLater = useDeferredValue(laterProducts, noProducts);
  const shownLater = deferredLater[0]?.id === laterProducts[0]?.id ? deferredLater : noProducts;
  return useMemo(
    () => (shownLater.length ? products.slice(0, cardsAtOnce).concat(shownLater) : products.slice(0, cardsAtOnce)),
    [products, shownLater],
  );
}
