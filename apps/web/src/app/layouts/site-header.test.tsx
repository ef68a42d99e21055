import { themeCookie, webTexts } from '@recell/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AuthContextValue } from '@/features/auth';
import { mockApi } from '@/test/api-mock';
import { jsonResponse, makeMe } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { SiteHeader } from './site-header';

const nav = () => screen.getByRole('navigation', { name: 'Main' });

describe('SiteHeader', () => {
  it('offers a signed-out visitor Home, About, Blogs and Login, and the logo links home', () => {
    renderWithProviders(<SiteHeader />);

    const links = within(nav());
    expect(links.getByRole('link', { name: 'ReCell' })).toHaveAttribute('href', '/');
    expect(links.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(links.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    expect(links.getByRole('link', { name: 'Blogs' })).toHaveAttribute('href', '/blogs');
    expect(links.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(links.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(links.queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();
    expect(links.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
  });

  it('shows neither Login nor Dashboard while it is not yet known who is signed in', () => {
    renderWithProviders(<SiteHeader />, { auth: { status: 'loading', user: null, logout: async () => {} } });

    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('gives a signed-in user the notifications bell, the Dashboard with their photo, Profile and a working Log out', async () => {
    mockApi({ 'GET /api/me/notifications/unread-count': () => jsonResponse({ unread: 3 }) });
    const logout = vi.fn(async () => {});
    const auth: AuthContextValue = {
      status: 'signedIn',
      user: makeMe({ name: 'Ada Seller', imageUrl: '/uploads/ada.webp', role: 'seller' }),
      logout,
    };
    renderWithProviders(<SiteHeader />, { auth });

    const dashboard = await screen.findByRole('link', { name: 'Dashboard' });
    expect(await screen.findByRole('link', { name: 'Notifications, 3 unread' })).toHaveAttribute(
      'href',
      '/notifications',
    );
    expect(dashboard).toHaveAttribute('href', '/dashboard');
    expect(dashboard.querySelector('img')).toHaveAttribute('src', '/uploads/ada.webp');
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(logout).toHaveBeenCalledOnce();
  });

  it('opens and closes the mobile menu with a button that reports its state', async () => {
    renderWithProviders(<SiteHeader />);

    const menuButton = screen.getByRole('button', { name: 'Menu' });
    const menu = document.getElementById(menuButton.getAttribute('aria-controls') ?? '');
    expect(menu).toContainElement(screen.getByRole('link', { name: 'About' }));
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');

    await userEvent.keyboard('{Escape}');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(menuButton);
    await userEvent.click(screen.getByRole('link', { name: 'About' }));
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('location')).toHaveTextContent('/about');
  });

  it('switches to dark mode and remembers the choice', async () => {
    const { unmount } = renderWithProviders(<SiteHeader />);

    expect(document.documentElement).not.toHaveClass('dark');
    await userEvent.click(screen.getByRole('button', { name: 'Dark mode' }));
    expect(document.documentElement).toHaveClass('dark');
    // The button now offers the way back.
    expect(screen.getByRole('button', { name: 'Light mode' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Dark mode' })).not.toBeInTheDocument();
    expect(document.cookie).toContain(`${themeCookie}=dark`);

    unmount();
    renderWithProviders(<SiteHeader />);
    expect(screen.getByRole('button', { name: 'Light mode' })).toBeVisible();
  });

  it('has a search form that works as a plain GET to /search before the code runs', () => {
    renderWithProviders(<SiteHeader />);

    const form = screen.getByRole('search');
    // What the browser submits without the app's code: GET /search?q=…
    expect(form).toHaveAttribute('action', '/search');
    expect(form).toHaveAttribute('method', 'get');
    const input = within(form).getByRole('searchbox', { name: webTexts.headerSearchLabel });
    expect(input).toHaveAttribute('name', 'q');
    expect(within(form).getByRole('button', { name: webTexts.headerSearchButton })).toHaveAttribute('type', 'submit');
  });

  it('opens the search page with the words typed, in the app, and closes the open menu', async () => {
    renderWithProviders(<SiteHeader />);
    const menuButton = screen.getByRole('button', { name: 'Menu' });
    await userEvent.click(menuButton);

    await userEvent.type(screen.getByRole('searchbox', { name: webTexts.headerSearchLabel }), 'pixel 8 & case{Enter}');

    expect(screen.getByTestId('location')).toHaveTextContent('/search');
    expect(screen.getByTestId('location').dataset.search).toBe('?q=pixel+8+%26+case');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });
});
