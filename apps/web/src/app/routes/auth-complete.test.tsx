import { authResultChannelName, authResultMessageType, messages, socialSignInMessages } from '@recell/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '@/app/router';
import { mockApi } from '@/test/api-mock';
import { jsonResponse, makeSession } from '@/test/fixtures';
import { renderWithSession } from '@/test/render';

const complete = (params: Record<string, string>) => `/auth/complete?${new URLSearchParams(params).toString()}`;

describe('/auth/complete', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('in the popup: hands the result to the page that opened it and closes, leaving the session alone', async () => {
    const route = complete({ mode: 'popup', status: 'ok', new: '1', next: '/' });
    window.history.replaceState(null, '', route); // the popup's own address
    const opener = { closed: false, postMessage: vi.fn() };
    vi.stubGlobal('opener', opener);
    const close = vi.fn();
    vi.stubGlobal('close', close);
    const { calls } = mockApi({});

    renderWithSession(<AppRoutes />, { route });

    await waitFor(() => {
      expect(close).toHaveBeenCalled();
    });
    expect(opener.postMessage).toHaveBeenCalledOnce();
    expect(opener.postMessage).toHaveBeenCalledWith(
      { type: authResultMessageType, status: 'ok', isNew: true, message: '' },
      window.location.origin,
    );
    // a refresh here would rotate the cookie the opener is about to use
    expect(calls).toHaveLength(0);
  });

  it('in a popup cut off from its opener: reports over the BroadcastChannel instead', async () => {
    const route = complete({ mode: 'popup', status: 'error', provider: 'google', code: 'failed' });
    window.history.replaceState(null, '', route);
    vi.stubGlobal('opener', null);
    vi.stubGlobal('close', vi.fn());
    mockApi({});
    const received: unknown[] = [];
    const listener = new BroadcastChannel(authResultChannelName);
    listener.onmessage = (event: MessageEvent) => received.push(event.data);

    renderWithSession(<AppRoutes />, { route });

    await waitFor(() => {
      expect(received).toEqual([
        {
          type: authResultMessageType,
          status: 'error',
          isNew: false,
          message: 'Google sign-in failed. Please try again.',
        },
      ]);
    });
    listener.close();
  });

  it('after a full-page sign-in: starts the session and goes on to `next` with the login toast', async () => {
    mockApi({ 'POST /api/auth/refresh': () => jsonResponse(makeSession()) });

    renderWithSession(<AppRoutes />, { route: complete({ mode: 'redirect', status: 'ok', new: '0', next: '/about' }) });

    expect(await screen.findByText(messages.loginSuccess)).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent('/about');
    });
  });

  it('never follows a `next` that leads to another site', async () => {
    mockApi({ 'POST /api/auth/refresh': () => jsonResponse(makeSession({}, { isNewUser: true })) });

    renderWithSession(<AppRoutes />, {
      route: complete({ mode: 'redirect', status: 'ok', new: '1', next: '//evil.example/phish' }),
    });

    expect(await screen.findByText(messages.signupSuccess)).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    });
  });

  it.each([
    ['a tab the URL parser drops', '/%09/evil.example'],
    ['a newline the URL parser drops', '/%0a/evil.example'],
    ['a backslash', '/\\evil.example'],
    ['encoded slashes', '/%2F%2Fevil.example'],
    ['another scheme', 'https://evil.example/'],
    ['script', 'javascript:alert(1)'],
  ])('never follows a `next` with %s', async (_name, next) => {
    mockApi({ 'POST /api/auth/refresh': () => jsonResponse(makeSession()) });

    renderWithSession(<AppRoutes />, { route: complete({ mode: 'redirect', status: 'ok', new: '0', next }) });

    expect(await screen.findByText(messages.loginSuccess)).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    });
  });

  it('after a failed sign-in: shows the catalogue text for its code and goes to the login page', async () => {
    mockApi({ 'POST /api/auth/refresh': () => jsonResponse({ error: { code: 'unauthorized', message: 'x' } }, 401) });

    renderWithSession(<AppRoutes />, {
      route: complete({ mode: 'redirect', status: 'error', provider: 'google', code: 'cancelled' }),
    });

    expect(await screen.findByText('Google sign-in was cancelled.')).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent('/login');
    });
  });

  it('never shows a text from the address: an unknown code gets the generic text', async () => {
    mockApi({ 'POST /api/auth/refresh': () => jsonResponse({ error: { code: 'unauthorized', message: 'x' } }, 401) });
    const planted = 'Your account is locked. Call +1 555 0100 to unlock it.';

    renderWithSession(<AppRoutes />, {
      route: complete({ mode: 'redirect', status: 'error', provider: 'google', code: planted, message: planted }),
    });

    expect(await screen.findByText(socialSignInMessages.generic)).toBeInTheDocument();
    expect(screen.queryByText(planted)).not.toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent('/login');
    });
  });

  it("in the popup: posts the catalogue text, not the address's, to the page that opened it", async () => {
    const route = complete({ mode: 'popup', status: 'error', provider: 'github', code: 'x', message: 'planted' });
    window.history.replaceState(null, '', route);
    const opener = { closed: false, postMessage: vi.fn() };
    vi.stubGlobal('opener', opener);
    vi.stubGlobal('close', vi.fn());
    mockApi({});

    renderWithSession(<AppRoutes />, { route });

    await waitFor(() => {
      expect(opener.postMessage).toHaveBeenCalledWith(
        { type: authResultMessageType, status: 'error', isNew: false, message: socialSignInMessages.generic },
        window.location.origin,
      );
    });
  });
});
