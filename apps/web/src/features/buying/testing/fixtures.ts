import type { Order, Product, Sale, WishlistItem } from '@recell/contract';
import { makeProduct } from '@/test/fixtures';

/** The phone as an order or a sale carries it. */
const orderProductOf = (product: Product) => ({
  id: product.id,
  categoryId: product.categoryId,
  name: product.name,
  brand: product.brand,
  model: product.model,
  imageUrl: product.imageUrl,
  priceCents: product.priceCents,
  originalPriceCents: product.originalPriceCents,
  location: product.location,
  status: product.status,
});

/** A buyer's order as GET /api/me/orders returns it (booked and payable unless overridden). */
export const makeOrder = (overrides: Partial<Omit<Order, 'product'>> = {}, product: Partial<Product> = {}): Order => {
  const phone = makeProduct(product);
  return {
    id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    status: 'booked',
    priceCents: phone.priceCents,
    phone: '01712345678',
    location: 'Dhanmondi 27',
    transactionId: null,
    createdAt: new Date(2025, 1, 3, 9, 30).toISOString(),
    paidAt: null,
    canPay: true,
    product: orderProductOf(phone),
    seller: { ...phone.seller, phone: '01898765432' },
    ...overrides,
  };
};

/** A sale as GET /api/me/sales returns it. */
export const makeSale = (overrides: Partial<Omit<Sale, 'product'>> = {}, product: Partial<Product> = {}): Sale => {
  const phone = makeProduct(product);
  return {
    id: '9b2f5a1e-3c4d-4e5f-8a6b-7c8d9e0f1a2b',
    status: 'booked',
    priceCents: phone.priceCents,
    createdAt: new Date(2025, 1, 3, 21, 7).toISOString(),
    paidAt: null,
    product: orderProductOf(phone),
    buyer: {
      id: '3b0f6a52-8d1e-4c7b-9a2f-5e6d7c8b9a01',
      name: 'Ada Buyer',
      email: 'ada@example.com',
      phone: '01712345678',
      location: 'Dhanmondi 27',
    },
    ...overrides,
  };
};

/** A wishlisted phone as GET /api/me/wishlist returns it (no order unless given). */
export const makeWishlistItem = (
  product: Partial<Product> = {},
  order: WishlistItem['order'] = null,
): WishlistItem => ({
  product: makeProduct(product),
  addedAt: new Date(2025, 1, 1, 12, 0).toISOString(),
  order,
});

/** A promise and the functions that settle it (an answer the test releases when it wants). */
export const deferred = <T>() => {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
};
