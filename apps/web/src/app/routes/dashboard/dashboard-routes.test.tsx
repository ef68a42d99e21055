import { messages, webTexts, type Role } from '@recell/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppRoutes } from '@/app/router';
import type { AuthContextValue } from '@/features/auth';
import { apiServer } from '@/test/api-mock';
import { jsonResponse, makeMe } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';

const signedInAs = (role: Role, name = 'Ada Lovelace'): AuthContextValue => ({
  status: 'signedIn',
  user: makeMe({ role, name, imageUrl: '/uploads/ada.webp' }),
  logout: async () => {},
});

const menu = async () => screen.findByRole('navigation', { name: 'Dashboard menu' });
const menuLinks = async () =>
  within(await menu())
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('the dashboard', () => {
  // The menu of a buyer or a seller asks for their unread messages.
  let unread = { total: 0, orders: [] as Array<{ orderId: string; count: number }> };
  beforeEach(() => {
    unread = { total: 0, orders: [] };
    apiServer.use(http.get('*/api/me/messages/unread', () => jsonResponse(unread)));
  });

  it('welcomes the user, with their photo, name and View profile in the sidebar', async () => {
    renderWithProviders(<AppRoutes />, { route: '/dashboard', auth: signedInAs('user', 'Ada Lovelace') });

    expect(await screen.findByRole('heading', { level: 1, name: messages.dashboardWelcome })).toBeInTheDocument();
    const sidebar = (await menu()).closest('aside')!;
    expect(within(sidebar).getByRole('img', { name: 'Ada Lovelace' })).toHaveAttribute('src', '/uploads/ada.webp');
    expect(within(sidebar).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(sidebar).getByRole('link', { name: messages.viewProfile })).toHaveAttribute('href', '/profile');
  });

  it.each<[Role, string[][]]>([
    [
      'seller',
      [
        ['My Products', '/dashboard/my-products'],
        ['Add Product', '/dashboard/addProduct'],
        ['My Sales', '/dashboard/my-sales'],
        ['Payouts', '/dashboard/payouts'],
        ['Addresses', '/dashboard/addresses'],
      ],
    ],
    [
      'user',
      [
        ['My Orders', '/dashboard/my-orders'],
        ['My Wishlist', '/dashboard/my-wishlist'],
        ['Addresses', '/dashboard/addresses'],
      ],
    ],
    [
      'admin',
      [
        ['All Users', '/dashboard/all-users'],
        ['All Sellers', '/dashboard/all-sellers'],
        ['Reported Items', '/dashboard/reported-items'],
        ['Listing review', '/dashboard/listing-review'],
        ['Order problems', '/dashboard/order-problems'],
        ['Returns', '/dashboard/returns'],
        ['Missed drop-offs', '/dashboard/missed-drop-offs'],
        ['Finance', '/dashboard/finance'],
        ['Messages', '/dashboard/messages'],
        ['Audit Log', '/dashboard/audit-log'],
        ['Email outbox', '/dashboard/email-outbox'],
      ],
    ],
  ])("gives a %s their role's menu", async (role, links) => {
    renderWithProviders(<AppRoutes />, { route: '/dashboard', auth: signedInAs(role) });
    expect(await menuLinks()).toEqual(links);
  });

  it.each<[Role, string]>([
    ['user', 'My Orders'],
    ['seller', 'My Sales'],
  ])('shows a %s their unread messages on %s', async (role, item) => {
    unread = { total: 3, orders: [{ orderId: '11111111-1111-4111-8111-111111111111', count: 3 }] };
    renderWithProviders(<AppRoutes />, { route: '/dashboard', auth: signedInAs(role) });
    expect(await within(await menu()).findByRole('link', { name: `${item} (3 unread messages)` })).toBeInTheDocument();
  });

  it.each<[Role, string, string]>([
    ['user', '/dashboard/orders/11111111-1111-4111-8111-111111111111/messages', 'Messages'],
    ['seller', '/dashboard/orders/11111111-1111-4111-8111-111111111111/messages', 'Messages'],
    ['seller', '/dashboard/my-products', 'My Products'],
    ['seller', '/dashboard/addProduct', 'Add Product'],
    ['seller', '/dashboard/my-sales', 'My Sales'],
    ['seller', '/dashboard/payouts', 'Payouts'],
    ['seller', '/dashboard/payouts/test-onboarding', 'Set up your payout account'],
    ['user', '/dashboard/my-orders', 'My Orders'],
    ['user', '/dashboard/my-wishlist', 'My Wishlist'],
    ['user', '/dashboard/orders/payment/7', 'Payment'],
    ['user', '/dashboard/addresses', 'Addresses'],
    ['seller', '/dashboard/addresses', 'Addresses'],
    ['admin', '/dashboard/all-users', 'All Users'],
    ['admin', '/dashboard/all-sellers', 'All Sellers'],
    ['admin', '/dashboard/reported-items', 'Reported Items'],
    ['admin', '/dashboard/listing-review', 'Listing review'],
    ['admin', '/dashboard/order-problems', 'Order problems'],
    ['admin', '/dashboard/returns', 'Returns'],
    ['admin', '/dashboard/missed-drop-offs', 'Missed drop-offs'],
    ['admin', '/dashboard/finance', 'Finance'],
    ['admin', '/dashboard/audit-log', 'Audit Log'],
    ['admin', '/dashboard/email-outbox', 'Email outbox'],
  ])('opens %s pages to a %s: %s', async (role, route, heading) => {
    renderWithProviders(<AppRoutes />, { route, auth: signedInAs(role) });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(route);
  });

  it.each<[Role, string, string, Role]>([
    ['user', '/dashboard/my-products', 'My Products', 'seller'],
    ['user', '/dashboard/payouts', 'Payouts', 'seller'],
    ['admin', '/dashboard/payouts/test-onboarding', 'Set up your payout account', 'seller'],
    ['user', '/dashboard/all-users', 'All Users', 'admin'],
    ['seller', '/dashboard/my-orders', 'My Orders', 'user'],
    ['seller', '/dashboard/reported-items', 'Reported Items', 'admin'],
    ['seller', '/dashboard/finance', 'Finance', 'admin'],
    ['admin', '/dashboard/addProduct', 'Add Product', 'seller'],
    ['admin', '/dashboard/orders/payment/7', 'Payment', 'user'],
    ['admin', '/dashboard/addresses', 'Addresses', 'user'],
  ])(
    "keeps a %s out of %s: they land on the dashboard's welcome page, which says why",
    async (role, route, heading, owner) => {
      renderWithProviders(<AppRoutes />, { route, auth: signedInAs(role) });

      expect(await screen.findByRole('heading', { level: 1, name: messages.dashboardWelcome })).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent(webTexts.pageForOtherRole[owner]);
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/);
      expect(screen.queryByRole('heading', { name: heading })).not.toBeInTheDocument();
    },
  );

  it('answers an unknown dashboard page with the 404 page', async () => {
    renderWithProviders(<AppRoutes />, { route: '/dashboard/nothing-here', auth: signedInAs('user') });
    expect(await screen.findByRole('heading', { level: 1, name: messages.notFoundTitle })).toBeInTheDocument();
  });

  it('folds the sidebar behind a button that reports its state (phones)', async () => {
    renderWithProviders(<AppRoutes />, { route: '/dashboard', auth: signedInAs('seller') });

    const button = await screen.findByRole('button', { name: 'Dashboard menu' });
    const sidebar = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(sidebar).toContainElement(await menu());
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');

    await userEvent.click(within(await menu()).getByRole('link', { name: 'Add Product' }));
    await waitFor(() => {
      expect(button).toHaveAttribute('aria-expanded', 'false');
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Product' })).toBeInTheDocument();
  });
});
