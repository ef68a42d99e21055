import { messages } from '@recell/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '@/app/router';
import type { AuthContextValue } from '@/features/auth';
import { jsonResponse, makeMe } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';

// Category pages are for signed-in users (docs/product.md, Screens).
const signedIn: AuthContextValue = { status: 'signedIn', user: makeMe(), logout: async () => {} };

const categories = {
  items: [
    { id: '1', brand: 'Apple', imageUrl: '/uploads/apple.webp' },
    { id: '2', brand: 'Xiaomi', imageUrl: '/uploads/xiaomi.webp' },
    { id: '3', brand: 'Samsung', imageUrl: '/uploads/samsung.webp' },
  ],
};

describe('the 404 page', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        Promise.resolve(
          url.startsWith('/api/categories') ? jsonResponse(categories) : jsonResponse({ items: [], nextCursor: null }),
        ),
      ),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('answers an unknown address with the spec texts and a Go home link', async () => {
    renderWithProviders(<AppRoutes />, { route: '/no/such/page' });

    expect(await screen.findByRole('heading', { level: 1, name: messages.notFoundTitle })).toBeInTheDocument();
    expect(screen.getByText(messages.notFoundText)).toBeInTheDocument();
    // the site layout stays around it
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: messages.goHome }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(screen.queryByRole('heading', { name: messages.notFoundTitle })).not.toBeInTheDocument();
  });

  it('answers a category that does not exist', async () => {
    renderWithProviders(<AppRoutes />, { route: '/categories/42', auth: signedIn });
    expect(await screen.findByRole('heading', { level: 1, name: messages.notFoundTitle })).toBeInTheDocument();
  });

  it('shows a category that exists under its brand', async () => {
    renderWithProviders(<AppRoutes />, { route: '/categories/2', auth: signedIn });
    expect(await screen.findByRole('heading', { level: 1, name: 'Xiaomi' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: messages.notFoundTitle })).not.toBeInTheDocument();
  });
});
