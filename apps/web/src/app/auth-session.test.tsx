import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { webTexts } from '@recell/contract';
import { describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, noContent, type ApiCall } from '@/test/api-mock';
import { deferred, jsonResponse, makeProduct, makeSession } from '@/test/fixtures';
import { toast } from '@/lib/toast';
import { renderWithSession } from '@/test/render';
import { AppRoutes } from '@/app/router';
import { useAuth } from '@/features/auth';

function WhoIsSignedIn() {
  const auth = useAuth();
  return (
    <div>
      <p data-testid="status">{auth.status}</p>
      {auth.user && <p>{auth.user.name}</p>}
      <button type="button" onClick={() => void auth.logout()}>
        Log out
      </button>
    </div>
  );
}

describe('AuthProvider', () => {
  it('is loading until the refresh cookie is checked, then signed in with the user', async () => {
    const answer = deferred<Response>();
    mockApi({ 'POST /api/auth/refresh': () => answer.promise });
    renderWithSession(<WhoIsSignedIn />);

    expect(screen.getByTestId('status')).toHaveTextContent('loading');
    answer.resolve(jsonResponse(makeSession({ name: 'Ada Buyer' })));

    expect(await screen.findByText('Ada Buyer')).toBeInTheDocument();
    expect(screen.getByTestId('status')).toHaveTextContent('signedIn');
  });

  it('is signed out when there is no session to restore', async () => {
    mockApi({ 'POST /api/auth/refresh': () => apiError(401, 'unauthorized', 'Your session has ended.') });
    renderWithSession(<WhoIsSignedIn />);

    expect(screen.getByTestId('status')).toHaveTextContent('loading');
    await screen.findByText('signedOut');
  });

  it('logs out: ends the session on the server, forgets the cached data and goes home', async () => {
    const { callsTo } = mockApi({
      'POST /api/auth/refresh': () => jsonResponse(makeSession({ name: 'Ada Buyer' })),
      'POST /api/auth/logout': noContent,
    });
    const { queryClient } = renderWithSession(<WhoIsSignedIn />, { route: '/profile' });
    await screen.findByText('Ada Buyer');
    queryClient.setQueryData(['my-orders'], ['an order']);

    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));

    await waitFor(() => {
      expect(screen.getByTestId('status')).toHaveTextContent('signedOut');
    });
    expect(screen.queryByText('Ada Buyer')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(queryClient.getQueryData(['my-orders'])).toBeUndefined();
    expect(callsTo('POST /api/auth/logout')).toHaveLength(1);
  });

  it('logging out on a page for signed-in users goes home, not to the login page', async () => {
    mockApi({
      'POST /api/auth/refresh': () => jsonResponse(makeSession({ name: 'Ada Buyer' })),
      'POST /api/auth/logout': noContent,
    });
    renderWithSession(<AppRoutes />, { route: '/profile' });
    await screen.findByRole('button', { name: 'Save changes' });

    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));

    // Once the guarded page has gone, nothing is left that could send the visitor to the login page.
    await waitFor(() => {
      expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('logging out from the home page is quiet: no signed-in call goes out after it, and no error toast', async () => {
    const toastError = vi.spyOn(toast, 'error');
    // The banner watches its size and whether it is in view (jsdom has neither observer).
    class Observer {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', Observer);
    vi.stubGlobal('ResizeObserver', Observer);
    const phone = makeProduct();
    // Like the API: the buyer's own calls need the token.
    const buyersOwn = (answer: unknown) => (call: ApiCall) =>
      call.headers.get('Authorization') ? jsonResponse(answer) : apiError(401, 'unauthorized', 'Sign in first');
    const { calls } = mockApi({
      'POST /api/auth/refresh': () => jsonResponse(makeSession({ name: 'Ada Buyer', role: 'user' })),
      'POST /api/auth/logout': noContent,
      'GET /api/categories': () => jsonResponse({ items: [] }),
      'GET /api/advertised': () => jsonResponse({ items: [phone], nextCursor: null }),
      'GET /api/me/wishlist/ids': buyersOwn({ productIds: [phone.id] }),
      'GET /api/me/orders/product-ids': buyersOwn({ productIds: [] }),
      'GET /api/me/notifications/unread-count': buyersOwn({ unread: 2 }),
    });
    renderWithSession(<AppRoutes />, { route: '/' });
    await screen.findByRole('button', { name: webTexts.removeFromWishlist });
    const sentBefore = calls.length;

    await userEvent.click(screen.getByRole('button', { name: webTexts.logout }));

    await screen.findByRole('button', { name: webTexts.addToWishlist });
    expect(screen.getByRole('link', { name: webTexts.navLogin })).toBeInTheDocument();
    // Give any refetch its chance to go out.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = calls.slice(sentBefore).map((call) => `${call.method} ${call.path}`);
    expect(after.filter((call) => call.includes('/api/me/') || call.includes('/api/auth/refresh'))).toEqual([]);
    expect(after).toContain('POST /api/auth/logout');
    expect(toastError).not.toHaveBeenCalled();
  });
});
