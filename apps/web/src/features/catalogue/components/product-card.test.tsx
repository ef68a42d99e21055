import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AuthContextValue } from '@/features/auth';
import { renderWithProviders } from '@/test/render';
import { makeMe, makeProduct } from '@/test/fixtures';
import { ProductCard } from './product-card';

const signedIn: AuthContextValue = {
  status: 'signedIn',
  user: makeMe(),
  logout: async () => {},
};

describe('ProductCard', () => {
  it('shows the listing: name, $ price and original price, used, location, image and seller', () => {
    renderWithProviders(<ProductCard product={makeProduct()} />);

    expect(screen.getByRole('heading', { name: 'iPhone 13 Pro' })).toBeInTheDocument();
    expect(screen.getByText('$450')).toBeInTheDocument();
    expect(screen.getByText('$999.50')).toBeInTheDocument();
    expect(screen.getByText('1 year')).toBeInTheDocument();
    expect(screen.getByText('Dhaka')).toBeInTheDocument();
    expect(screen.getByText('Rahim Uddin')).toBeInTheDocument();
    expect(screen.getByText('rahim@example.com')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'iPhone 13 Pro' })).toHaveAttribute('src', '/uploads/iphone-13-pro.webp');
  });

  it('shows the seller’s rating as “★ 4.8 (12)”, named for a screen reader, and nothing before the first', () => {
    const rated = makeProduct();
    rated.seller = { ...rated.seller, ratingAverage: 4.8, ratingCount: 12 };
    const { unmount } = renderWithProviders(<ProductCard product={rated} />);
    const summary = screen.getByRole('img', { name: 'Rated 4.8 out of 5 from 12 ratings' });
    expect(summary).toHaveTextContent('★ 4.8 (12)');
    unmount();

    renderWithProviders(<ProductCard product={makeProduct()} />);
    expect(screen.queryByRole('img', { name: /^Rated / })).not.toBeInTheDocument();
  });

  it('shows when it was listed on a 12-hour clock with am/pm, with the date', () => {
    const { unmount } = renderWithProviders(<ProductCard product={makeProduct()} />);
    expect(screen.getByText('Jan 5, 2025, 3:05 pm')).toBeInTheDocument();
    unmount();

    renderWithProviders(
      <ProductCard product={makeProduct({ createdAt: new Date(2025, 6, 20, 0, 9).toISOString() })} />,
    );
    expect(screen.getByText('Jul 20, 2025, 12:09 am')).toBeInTheDocument();
  });

  it('shows the verified badge only for a verified seller', () => {
    const { unmount } = renderWithProviders(<ProductCard product={makeProduct()} />);
    expect(screen.getByRole('img', { name: 'Verified seller' })).toBeInTheDocument();
    unmount();

    const unverified = makeProduct();
    renderWithProviders(
      <ProductCard product={{ ...unverified, seller: { ...unverified.seller, isVerified: false } }} />,
    );
    expect(screen.getByText('Rahim Uddin')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Verified seller' })).not.toBeInTheDocument();
  });

  it('offers the 400 and 800 px copies and the main picture of a stored image, sized for the 1/2/3 column grid', () => {
    const hash = 'c0'.repeat(32);
    const { unmount } = renderWithProviders(
      <ProductCard product={makeProduct({ imageUrl: `/uploads/c0/${hash}.webp` })} />,
    );
    const image = screen.getByRole('img', { name: 'iPhone 13 Pro' });
    expect(image).toHaveAttribute(
      'srcset',
      `/uploads/c0/${hash}-400.webp 400w, /uploads/c0/${hash}-800.webp 800w, /uploads/c0/${hash}.webp 1600w`,
    );
    expect(image).toHaveAttribute('sizes', expect.stringContaining('calc((100vw - 80px) / 3)'));
    expect(image).toHaveAttribute('loading', 'lazy');
    unmount();

    // a picture without the stored copies beside it gets no srcset
    renderWithProviders(<ProductCard product={makeProduct({ imageUrl: 'https://example.com/phone.jpg' })} />);
    expect(screen.getByRole('img', { name: 'iPhone 13 Pro' })).not.toHaveAttribute('srcset');
  });

  it('links See Details to the phone page', () => {
    const product = makeProduct();
    renderWithProviders(<ProductCard product={product} />);
    expect(screen.getByRole('link', { name: 'See Details' })).toHaveAttribute('href', `/products/${product.id}`);
  });

  it.each(['Add to wishlist', 'Report', 'Book now'])(
    'sends a signed-out visitor who presses %s to the login page, remembering the page',
    async (name) => {
      const onAction = vi.fn();
      renderWithProviders(
        <ProductCard product={makeProduct()} onToggleWishlist={onAction} onReport={onAction} onBook={onAction} />,
        { route: '/home' },
      );

      await userEvent.click(screen.getByRole('button', { name }));

      const location = screen.getByTestId('location');
      expect(location).toHaveTextContent('/login');
      expect(JSON.parse(location.dataset.state ?? 'null')).toMatchObject({ from: { pathname: '/home' } });
      expect(onAction).not.toHaveBeenCalled();
    },
  );

  it('lets a signed-in user act on the listing', async () => {
    const product = makeProduct();
    const onToggleWishlist = vi.fn();
    const onReport = vi.fn();
    const onBook = vi.fn();
    renderWithProviders(
      <ProductCard product={product} onToggleWishlist={onToggleWishlist} onReport={onReport} onBook={onBook} />,
      { auth: signedIn, route: '/home' },
    );

    const card = screen.getByRole('article');
    await userEvent.click(within(card).getByRole('button', { name: 'Add to wishlist' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Report' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Book now' }));

    expect(onToggleWishlist).toHaveBeenCalledWith(product);
    expect(onReport).toHaveBeenCalledWith(product);
    expect(onBook).toHaveBeenCalledWith(product);
    expect(screen.getByTestId('location')).toHaveTextContent('/home');
  });
});
