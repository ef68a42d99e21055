import type { ListedProduct } from '@recell/contract';

/**
 * A listing's seller email is for signed-in callers only (they see it on the cards, as the spec's
 * cards show it); a visitor, whose answer anyone may fetch and keep, gets the seller's name and
 * verified mark alone. The public listing routes (`config.identifiesCaller`) pass their answers
 * through these before they leave.
 */
export const listingFor = <T extends ListedProduct>(product: T, isSignedIn: boolean): T => {
  if (isSignedIn) return product;
  const { email: _email, ...seller } = product.seller;
  return { ...product, seller };
};

/** A page of listings as `listingFor` shows each; the page's other fields stay as they are. */
export const listingPageFor = <P extends { items: ListedProduct[] }>(page: P, isSignedIn: boolean): P =>
  isSignedIn ? page : { ...page, items: page.items.map((product) => listingFor(product, false)) };
