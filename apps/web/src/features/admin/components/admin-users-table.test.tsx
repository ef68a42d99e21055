import { adminMessages, adminTexts, messages, webTexts, type AdminUser, type Product } from '@recell/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuthContextValue } from '@/features/auth';
import { AdvertisedSection } from '@/features/catalogue';
import { apiError, mockApi, noContent } from '@/test/api-mock';
import { jsonResponse, makeMe, makeProduct, pageOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { AdminUsersTable } from './admin-users-table';

const admin: AuthContextValue = { status: 'signedIn', user: makeMe({ role: 'admin' }), logout: async () => {} };

const makeUser = (overrides: Partial<AdminUser> = {}): AdminUser => ({
  id: '0a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d',
  name: 'Karim Buyer',
  email: 'karim@example.com',
  role: 'user',
  isVerified: false,
  imageUrl: '/uploads/karim.webp',
  createdAt: '2025-01-05T10:00:00.000Z',
  ...overrides,
});

const karim = makeUser();
const nadia = makeUser({
  id: '1b2c3d4e-5f60-4172-8394-a5b6c7d8e9f0',
  name: 'Nadia Islam',
  email: 'nadia@example.com',
  imageUrl: null,
});
const rahim = makeUser({
  id: '2c3d4e5f-6071-4283-94a5-b6c7d8e9f0a1',
  name: 'Rahim Uddin',
  email: 'rahim@example.com',
  role: 'seller',
});
const verifiedSeller = makeUser({
  id: '3d4e5f60-7182-4394-a5b6-c7d8e9f0a1b2',
  name: 'Sadia Phones',
  email: 'sadia@example.com',
  role: 'seller',
  isVerified: true,
});

const rowOf = (name: string) => {
  const row = screen.getByRole('rowheader', { name }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return within(row);
};

const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent);

/** A toast saying exactly `text`. */
const findToast = async (text: string) => {
  const toast = await screen.findByText(text);
  expect(toast).toHaveAttribute('role', 'status');
  return toast;
};

/** An answer the test gives when it wants (to see what shows while a call is under way). */
const deferred = () => {
  let resolve!: (response: Response) => void;
  const promise = new Promise<Response>((done) => {
    resolve = done;
  });
  return { promise, resolve };
};

/** The accounts as the API holds them: role and `q` filter them, the cursor '2' is the second page. */
let accounts: AdminUser[] = [];
const serveAccounts = (initial: AdminUser[], routes: Parameters<typeof mockApi>[0] = {}) => {
  accounts = [...initial];
  return mockApi({
    'GET /api/admin/users': ({ query }) => {
      const q = (query.get('q') ?? '').toLowerCase();
      const matching = accounts.filter(
        (user) =>
          user.role === query.get('role') &&
          (user.name.toLowerCase().includes(q) || user.email.toLowerCase().includes(q)),
      );
      return jsonResponse(pageOf(matching));
    },
    ...routes,
  });
};

describe('All Users', () => {
  it('shows a spinner while the accounts load, then their table with the spec’s columns', async () => {
    const answer = deferred();
    mockApi({ 'GET /api/admin/users': () => answer.promise });
    renderWithProviders(<AdminUsersTable role="user" />, { auth: admin });

    expect(await screen.findByRole('status', { name: webTexts.loading })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    act(() => {
      answer.resolve(jsonResponse(pageOf([karim, nadia])));
    });
    const table = await screen.findByRole('table', { name: 'All Users' });
    expect(screen.queryByRole('status', { name: webTexts.loading })).not.toBeInTheDocument();
    expect(headers(table)).toEqual(['Image', 'Name', 'Email', 'Role', 'Action']);
    expect(rowOf('Karim Buyer').getByRole('img', { name: 'Karim Buyer' })).toHaveAttribute(
      'src',
      '/uploads/karim.webp',
    );
    // No photo (a first social sign-in): their initial stands in, still named.
    expect(rowOf('Nadia Islam').getByRole('img', { name: 'Nadia Islam' })).toHaveTextContent('N');
    expect(rowOf('Karim Buyer').getByRole('cell', { name: 'karim@example.com' })).toBeInTheDocument();
    expect(rowOf('Karim Buyer').getByRole('cell', { name: 'User' })).toBeInTheDocument();
    expect(rowOf('Karim Buyer').getByRole('button', { name: adminTexts.delete })).toBeEnabled();
  });

  it('asks the API for buyers only', async () => {
    const api = serveAccounts([karim, rahim]);
    renderWithProviders(<AdminUsersTable role="user" />, { auth: admin });

    await screen.findByRole('table');
    expect(api.callsTo('GET /api/admin/users')[0]?.query.get('role')).toBe('user');
    expect(screen.queryByRole('rowheader', { name: 'Rahim Uddin' })).not.toBeInTheDocument();
  });

  it("says 'No Users' when there are none", async () => {
    serveAccounts([]);
    renderWithProviders(<AdminUsersTable role="user" />, { auth: admin });

    expect(await screen.findByText(messages.noUsers)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('searches by name or email as the admin types, and keeps the search in the URL', async () => {
    const api = serveAccounts([karim, nadia]);
    renderWithProviders(<AdminUsersTable role="user" />, { auth: admin, route: '/dashboard/all-users' });
    await screen.findByRole('table');

    const box = screen.getByRole('searchbox', { name: adminTexts.searchUsers });
    await userEvent.type(box, 'nadia@');

    await waitFor(() => {
      expect(screen.queryByRole('rowheader', { name: 'Karim Buyer' })).not.toBeInTheDocument();
    });
    expect(screen.getByRole('rowheader', { name: 'Nadia Islam' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveAttribute('data-search', '?q=nadia%40');
    // Debounced: one request for what was typed, not one per keystroke.
    const searches = api.callsTo('GET /api/admin/users').map((call) => call.query.get('q'));
    expect(searches).toEqual([null, 'nadia@']);
  });

  it('starts from the search in the URL, and says when nobody matches', async () => {
    const api = serveAccounts([karim, nadia]);
    renderWithProviders(<AdminUsersTable role="user" />, { auth: admin, route: '/dashboard/all-users?q=zed' });

    expect(await screen.findByText(messages.noUsers)).toBeInTheDocument();
    expect(screen.getByText(adminTexts.noMatches('zed'))).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: adminTexts.searchUsers })).toHaveValue('zed');
    expect(api.callsTo('GET /api/admin/users')[0]?.query.get('q')).toBe('zed');

    await userEvent.clear(screen.getByRole('searchbox', { name: adminTexts.searchUsers }));
    expect(await screen.findByRole('rowheader', { name: 'Karim Buyer' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveAttribute('data-search', '');
  });

  it('loads more accounts a page at a time', async () => {
    const api = mockApi({
      'GET /api/admin/users': ({ query }) =>
        jsonResponse(query.get('cursor') === 'page-2' ? pageOf([nadia]) : pageOf([karim], 'page-2')),
    });
    renderWithProviders(<AdminUsersTable role="user" />, { auth: admin });
    await screen.findByRole('rowheader', { name: 'Karim Buyer' });
    expect(screen.queryByRole('rowheader', { name: 'Nadia Islam' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: adminTexts.loadMore }));

    expect(await screen.findByRole('rowheader', { name: 'Nadia Islam' })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Karim Buyer' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: adminTexts.loadMore })).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/admin/users').map((call) => call.query.get('cursor'))).toEqual([null, 'page-2']);
  });

  it('asks in a dialog before removing an account; Cancel and Escape keep it', async () => {
    const api = serveAccounts([karim, nadia]);
    renderWithProviders(<AdminUsersTable role="user" />, { auth: admin });
    await screen.findByRole('table');

    await userEvent.click(rowOf('Karim Buyer').getByRole('button', { name: adminTexts.delete }));
    const dialog = screen.getByRole('dialog', { name: adminTexts.deleteAccountTitle('Karim Buyer') });
    expect(dialog).toHaveAccessibleDescription(adminTexts.deleteAccountText);
    expect(within(dialog).getByRole('button', { name: adminTexts.cancel })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: adminTexts.cancel }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(rowOf('Nadia Islam').getByRole('button', { name: adminTexts.delete }));
    expect(screen.getByRole('dialog', { name: adminTexts.deleteAccountTitle('Nadia Islam') })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    expect(api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
    expect(screen.getByRole('rowheader', { name: 'Karim Buyer' })).toBeInTheDocument();
  });

  it("removes a buyer: 'User Remove Successfully' and the row goes", async () => {
    const api = serveAccounts([karim, nadia], {
      [`DELETE /api/admin/users/${karim.id}`]: () => {
        accounts = accounts.filter((user) => user.id !== karim.id);
        return noContent();
      },
    });
    renderWithProviders(<AdminUsersTable role="user" />, { auth: admin });
    await screen.findByRole('table');

    await userEvent.click(rowOf('Karim Buyer').getByRole('button', { name: adminTexts.delete }));
    const dialog = screen.getByRole('dialog', { name: adminTexts.deleteAccountTitle('Karim Buyer') });
    await userEvent.click(within(dialog).getByRole('button', { name: adminTexts.delete }));

    await findToast(messages.userRemoved);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: 'Karim Buyer' })).not.toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Nadia Islam' })).toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveFocus();
    expect(api.callsTo(`DELETE /api/admin/users/${karim.id}`)).toHaveLength(1);
    // The list loads again from the server.
    await waitFor(() => {
      expect(api.callsTo('GET /api/admin/users')).toHaveLength(2);
    });
  });

  it('says why a removal was refused and keeps the row', async () => {
    serveAccounts([karim], {
      [`DELETE /api/admin/users/${karim.id}`]: () => apiError(409, 'conflict', adminMessages.cannotRemoveAdmin),
    });
    renderWithProviders(<AdminUsersTable role="user" />, { auth: admin });
    await screen.findByRole('table');

    await userEvent.click(rowOf('Karim Buyer').getByRole('button', { name: adminTexts.delete }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: adminTexts.delete }));

    expect(await screen.findByText(adminMessages.cannotRemoveAdmin)).toHaveAttribute('role', 'status');
    expect(screen.getByRole('rowheader', { name: 'Karim Buyer' })).toBeInTheDocument();
  });
});

describe('All Sellers', () => {
  it('shows a spinner while loading, then the sellers with the spec’s columns', async () => {
    const answer = deferred();
    const api = mockApi({ 'GET /api/admin/users': () => answer.promise });
    renderWithProviders(<AdminUsersTable role="seller" />, { auth: admin });

    expect(await screen.findByRole('status', { name: webTexts.loading })).toBeInTheDocument();
    act(() => {
      answer.resolve(jsonResponse(pageOf([rahim, verifiedSeller])));
    });

    const table = await screen.findByRole('table', { name: 'All Sellers' });
    expect(headers(table)).toEqual(['Image', 'Name', 'Email', 'Role', 'Verify', 'Action']);
    expect(api.callsTo('GET /api/admin/users')[0]?.query.get('role')).toBe('seller');
    expect(rowOf('Rahim Uddin').getByRole('cell', { name: 'Seller' })).toBeInTheDocument();
    // Not verified: a 'Verify' button; verified: the word, not a button.
    expect(rowOf('Rahim Uddin').getByRole('button', { name: messages.verify })).toBeEnabled();
    expect(rowOf('Sadia Phones').getByRole('cell', { name: messages.verified })).toBeInTheDocument();
    expect(rowOf('Sadia Phones').queryByRole('button', { name: messages.verify })).not.toBeInTheDocument();
  });

  it("says 'No Sellers' when there are none", async () => {
    serveAccounts([karim]);
    renderWithProviders(<AdminUsersTable role="seller" />, { auth: admin });

    expect(await screen.findByText(messages.noSellers)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("verifies a seller: 'Seller Verified Successfully', the cell says Verified and their cards get the badge", async () => {
    const listing: Product = makeProduct({
      name: 'Galaxy S22',
      seller: {
        id: rahim.id,
        name: rahim.name,
        email: rahim.email,
        isVerified: false,
        ratingAverage: null,
        ratingCount: 0,
      },
    });
    let isVerified = false;
    const api = serveAccounts([rahim], {
      [`POST /api/admin/sellers/${rahim.id}/verify`]: () => {
        isVerified = true;
        return jsonResponse({ ...rahim, isVerified: true });
      },
      'GET /api/advertised': () => jsonResponse(pageOf([{ ...listing, seller: { ...listing.seller, isVerified } }])),
    });
    // The home page's advertised grid, cached alongside (the same query client).
    renderWithProviders(
      <>
        <AdminUsersTable role="seller" />
        <AdvertisedSection />
      </>,
      { auth: admin },
    );
    const home = await screen.findByRole('region', { name: webTexts.advertisedHeading });
    const card = within(home).getByRole('article');
    expect(within(card).queryByRole('img', { name: webTexts.verifiedSeller })).not.toBeInTheDocument();

    await userEvent.click(rowOf('Rahim Uddin').getByRole('button', { name: messages.verify }));

    await findToast(messages.sellerVerified);
    expect(rowOf('Rahim Uddin').getByRole('cell', { name: messages.verified })).toBeInTheDocument();
    expect(rowOf('Rahim Uddin').queryByRole('button', { name: messages.verify })).not.toBeInTheDocument();
    expect(api.callsTo(`POST /api/admin/sellers/${rahim.id}/verify`)).toHaveLength(1);
    // The home grid loads again and shows the badge on the seller's card.
    expect(
      await within(screen.getByRole('region', { name: webTexts.advertisedHeading })).findByRole('img', {
        name: webTexts.verifiedSeller,
      }),
    ).toBeInTheDocument();
  });

  it('says why a verification was refused', async () => {
    serveAccounts([rahim], {
      [`POST /api/admin/sellers/${rahim.id}/verify`]: () => apiError(409, 'conflict', adminMessages.alreadyVerified),
    });
    renderWithProviders(<AdminUsersTable role="seller" />, { auth: admin });
    await screen.findByRole('table');

    await userEvent.click(rowOf('Rahim Uddin').getByRole('button', { name: messages.verify }));

    expect(await screen.findByText(adminMessages.alreadyVerified)).toHaveAttribute('role', 'status');
  });

  it("removes a seller after confirming: 'Seller Remove Successfully' and the row goes", async () => {
    const api = serveAccounts([rahim, verifiedSeller], {
      [`DELETE /api/admin/users/${rahim.id}`]: () => {
        accounts = accounts.filter((user) => user.id !== rahim.id);
        return noContent();
      },
    });
    renderWithProviders(<AdminUsersTable role="seller" />, { auth: admin });
    await screen.findByRole('table');

    await userEvent.click(rowOf('Rahim Uddin').getByRole('button', { name: adminTexts.delete }));
    const dialog = screen.getByRole('dialog', { name: adminTexts.deleteAccountTitle('Rahim Uddin') });
    await userEvent.click(within(dialog).getByRole('button', { name: adminTexts.delete }));

    await findToast(messages.sellerRemoved);
    expect(screen.queryByRole('rowheader', { name: 'Rahim Uddin' })).not.toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Sadia Phones' })).toBeInTheDocument();
    expect(api.callsTo(`DELETE /api/admin/users/${rahim.id}`)).toHaveLength(1);
  });

  it('searches sellers with their own labelled box', async () => {
    const api = serveAccounts([rahim, verifiedSeller]);
    renderWithProviders(<AdminUsersTable role="seller" />, { auth: admin });
    await screen.findByRole('table');

    const box = screen.getByRole('searchbox', { name: adminTexts.searchSellers });
    await userEvent.type(box, 'Sadia{Enter}');

    await waitFor(() => {
      expect(screen.queryByRole('rowheader', { name: 'Rahim Uddin' })).not.toBeInTheDocument();
    });
    const last = api.callsTo('GET /api/admin/users').at(-1);
    expect(last?.query.get('q')).toBe('Sadia');
    expect(last?.query.get('role')).toBe('seller');
  });
});
