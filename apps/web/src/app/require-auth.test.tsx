import { messages } from '@recell/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '@/app/router';
import { RenderedSignedInContext, RequireAuth } from '@/features/auth';
import { apiError, mockApi } from '@/test/api-mock';
import { FakeXhr } from '@/test/fake-xhr';
import { jsonResponse, makeSession } from '@/test/fixtures';
import { renderWithProviders, renderWithSession } from '@/test/render';

const noSession = () => apiError(401, 'unauthorized', 'Your session has ended.');
const categories = {
  items: [
    { id: '1', brand: 'Apple', imageUrl: '/uploads/apple.webp' },
    { id: '2', brand: 'Xiaomi', imageUrl: '/uploads/xiaomi.webp' },
    { id: '3', brand: 'Samsung', imageUrl: '/uploads/samsung.webp' },
  ],
};

describe('RequireAuth', () => {
  it('shows a labelled spinner while it is not yet known who is signed in', async () => {
    renderWithProviders(<AppRoutes />, {
      route: '/dashboard',
      auth: { status: 'loading', user: null, logout: async () => {} },
    });

    expect(await screen.findByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: messages.dashboardWelcome })).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
  });

  it('keeps a page the server rendered for someone signed in while the session loads', () => {
    renderWithProviders(
      <RenderedSignedInContext value>
        <RequireAuth>
          <h1>Apple</h1>
        </RequireAuth>
      </RenderedSignedInContext>,
      { route: '/categories/1', auth: { status: 'loading', user: null, logout: async () => {} } },
    );
    expect(screen.getByRole('heading', { name: 'Apple' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading…' })).not.toBeInTheDocument();
  });

  it('keeps a dashboard page the server rendered for its viewer while the session loads, its sidebar waiting', async () => {
    mockApi({ 'GET /api/me/orders': () => jsonResponse({ items: [], nextCursor: null }) });
    renderWithProviders(
      <RenderedSignedInContext value>
        <AppRoutes />
      </RenderedSignedInContext>,
      { route: '/dashboard/my-orders', auth: { status: 'loading', user: null, logout: async () => {} } },
    );
    // RequireRole keeps the page (the server checked the role); the sidebar's person and menu come
    // with the session, as the server rendered it (decision 0078).
    expect(await screen.findByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Dashboard menu' })).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/my-orders');
  });

  it('keeps the very page the server rendered when the session comes: the same heading, not a new one', async () => {
    let answerRefresh = () => {};
    mockApi({
      'POST /api/auth/refresh': () =>
        new Promise((resolve) => {
          answerRefresh = () => resolve(jsonResponse(makeSession({ role: 'user' })));
        }),
      'GET /api/me/orders': () => jsonResponse({ items: [], nextCursor: null }),
    });
    renderWithSession(
      <RenderedSignedInContext value>
        <AppRoutes />
      </RenderedSignedInContext>,
      { route: '/dashboard/my-orders' },
    );
    const heading = await screen.findByRole('heading', { level: 1, name: 'My Orders' });
    answerRefresh();
    // The sidebar comes with the session; the page stays the same DOM (a tap or focus on it holds).
    expect(await screen.findByRole('navigation', { name: 'Dashboard menu' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'My Orders' })).toBe(heading);
  });

  it('sends a visitor whose signed-in hint outlived the session from that page to log in', async () => {
    renderWithProviders(
      <Routes>
        <Route path="/login" element={<h1>Login</h1>} />
        <Route
          path="*"
          element={
            <RenderedSignedInContext value>
              <RequireAuth>
                <h1>Apple</h1>
              </RequireAuth>
            </RenderedSignedInContext>
          }
        />
      </Routes>,
      { route: '/categories/1' },
    );
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it.each(['/dashboard', '/dashboard/my-orders', '/profile', '/categories/1', '/search'])(
    'sends a signed-out visitor from %s to the login page, remembering the page',
    async (route) => {
      renderWithProviders(<AppRoutes />, { route: `${route}?tab=2` });

      await waitFor(() => {
        expect(screen.getByTestId('location')).toHaveTextContent('/login');
      });
      const state = JSON.parse(screen.getByTestId('location').dataset.state ?? 'null') as {
        from: { pathname: string; search: string };
      };
      expect(state.from).toMatchObject({ pathname: route, search: '?tab=2' });
    },
  );

  it('brings the visitor back to the page after login', async () => {
    mockApi({
      'POST /api/auth/refresh': noSession,
      'GET /api/auth/providers': () => jsonResponse({ google: false, github: false }),
      'POST /api/auth/login': () => jsonResponse(makeSession({ role: 'user' })),
    });
    renderWithSession(<AppRoutes />, { route: '/dashboard/my-orders' });

    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    // (the toast first: it is gone after 2 s, and the page may take longer on a busy machine)
    expect(await screen.findByText(messages.loginSuccess)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/my-orders');
  });

  it('brings the visitor back after signing up instead (via the link on the login page)', async () => {
    FakeXhr.install();
    mockApi({
      'POST /api/auth/refresh': noSession,
      'GET /api/auth/providers': () => jsonResponse({ google: false, github: false }),
      'GET /api/categories': () => jsonResponse(categories),
    });
    FakeXhr.onSend = (xhr) => {
      xhr.respond(201, makeSession({ name: 'Sam', role: 'user' }, { isNewUser: true }));
    };
    renderWithSession(<AppRoutes />, { route: '/categories/2' });

    await userEvent.click(await screen.findByRole('link', { name: 'Create an account' }));
    await userEvent.type(await screen.findByLabelText('Full name'), 'Sam');
    await userEvent.type(screen.getByLabelText('Email'), 'sam@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.selectOptions(screen.getByLabelText('Role'), messages.roleUserOption);
    await userEvent.upload(screen.getByLabelText('Photo'), new File(['x'], 'me.webp', { type: 'image/webp' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

    // (the toast first: it is gone after 2 s, and the page may take longer on a busy machine)
    expect(await screen.findByText(messages.signupSuccess)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Xiaomi' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/categories/2');
  });
});
