import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { makeProduct } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { ProductCard } from './product-card';
import { ProductDetails } from './product-details';

const product = makeProduct();
const sellerPage = `/sellers/${product.seller.id}`;

describe("the seller's name", () => {
  it('links to the seller’s page from a card', () => {
    renderWithProviders(<ProductCard product={product} />);
    expect(screen.getByRole('link', { name: product.seller.name })).toHaveAttribute('href', sellerPage);
  });

  it('links to the seller’s page from a phone’s details', () => {
    mockApi({});
    renderWithProviders(<ProductDetails product={product} />);
    const seller = screen.getByRole('region', { name: 'Seller' });
    expect(within(seller).getByRole('link', { name: product.seller.name })).toHaveAttribute('href', sellerPage);
  });
});
