import { authResultChannelName, authResultMessageType, messages, type AuthResultMessage } from '@recell/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '@/test/api-mock';
import { jsonResponse, makeSession } from '@/test/fixtures';
import { renderWithSession } from '@/test/render';
import { SocialSignIn, startSocialSignIn } from './social-sign-in';

const api = (providers: { google: boolean; github: boolean }, refresh = () => jsonResponse(makeSession())) => {
  let hasCookie = false;
  return mockApi({
    'GET /api/auth/providers': () => jsonResponse(providers),
    // the session starts signed out; after the popup's sign-in the refresh cookie is there
    'POST /api/auth/refresh': () =>
      hasCookie ? refresh() : ((hasCookie = true), apiError(401, 'unauthorized', 'No session')),
  });
};

const result = (overrides: Partial<AuthResultMessage>): AuthResultMessage => ({
  type: authResultMessageType,
  status: 'ok',
  isNew: false,
  message: '',
  ...overrides,
});

const postFromPopup = (data: AuthResultMessage, origin = window.location.origin) => {
  window.dispatchEvent(new MessageEvent('message', { data, origin }));
};

describe('social sign-in', () => {
  it('shows an unconfigured provider disabled, saying why', async () => {
    api({ google: true, github: false });
    renderWithSession(<SocialSignIn providers={['google', 'github']} next="/" />);

    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Google' })).toBeEnabled();
    });
    const github = screen.getByRole('button', { name: 'GitHub' });
    expect(github).toBeDisabled();
    expect(github).toHaveAccessibleDescription('GitHub sign-in is not configured on this server');
    expect(screen.getByText('GitHub sign-in is not configured on this server')).toBeVisible();
  });

  it('opens a 500 × 600 popup at the provider, asking to come back to `next`', async () => {
    api({ google: true, github: true });
    const open = vi.fn(() => ({ focus: vi.fn() }) as unknown as Window);
    vi.stubGlobal('open', open);
    renderWithSession(<SocialSignIn providers={['google', 'github']} next="/dashboard/my-orders" />);

    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'GitHub' })).toBeEnabled();
    });
    await userEvent.click(screen.getByRole('button', { name: 'GitHub' }));

    expect(open).toHaveBeenCalledWith(
      '/api/auth/github?next=%2Fdashboard%2Fmy-orders&mode=popup',
      'recell-sign-in',
      expect.stringMatching(/^popup,width=500,height=600,left=-?\d+,top=-?\d+$/),
    );
  });

  it('goes to the provider in this window when popups are blocked', () => {
    vi.stubGlobal(
      'open',
      vi.fn(() => null),
    );
    const goTo = vi.fn();

    startSocialSignIn('google', '/categories/1', goTo);

    expect(goTo).toHaveBeenCalledWith('/api/auth/google?next=%2Fcategories%2F1&mode=redirect');
  });

  it("signs in when the popup reports success: 'User Signup Successfully' for a new account", async () => {
    const session = makeSession({ name: 'Gia Google' }, { isNewUser: true });
    const { callsTo } = api({ google: true, github: true }, () => jsonResponse(session));
    renderWithSession(<SocialSignIn providers={['google']} next="/" />);
    await waitFor(() => {
      expect(callsTo('POST /api/auth/refresh')).toHaveLength(1);
    });

    postFromPopup(result({ isNew: true }));

    expect(await screen.findByText(messages.signupSuccess)).toBeInTheDocument();
    expect(callsTo('POST /api/auth/refresh')).toHaveLength(2);
  });

  it("says 'User Login Successfully' for a returning account", async () => {
    api({ google: true, github: true });
    renderWithSession(<SocialSignIn providers={['google']} next="/" />);

    postFromPopup(result({ isNew: false }));

    expect(await screen.findByText(messages.loginSuccess)).toBeInTheDocument();
  });

  it("shows the popup's message when the sign-in failed", async () => {
    api({ google: true, github: true });
    renderWithSession(<SocialSignIn providers={['google']} next="/" />);

    postFromPopup(result({ status: 'error', message: 'Google sign-in was cancelled.' }));

    expect(await screen.findByText('Google sign-in was cancelled.')).toBeInTheDocument();
  });

  it('ignores messages from other sites', async () => {
    const { callsTo } = api({ google: true, github: true });
    renderWithSession(<SocialSignIn providers={['google']} next="/" />);
    await waitFor(() => {
      expect(callsTo('POST /api/auth/refresh')).toHaveLength(1);
    });

    postFromPopup(result({ isNew: true }), 'https://evil.example');
    // Messages are handled in order: once a later one from our own popup shows, the foreign one is done.
    postFromPopup(result({ status: 'error', message: 'Google sign-in was cancelled.' }));
    expect(await screen.findByText('Google sign-in was cancelled.')).toBeInTheDocument();

    expect(callsTo('POST /api/auth/refresh')).toHaveLength(1);
    expect(screen.queryByText(messages.signupSuccess)).not.toBeInTheDocument();
  });

  it('also hears the popup over a BroadcastChannel (when the provider cut it off from its opener)', async () => {
    api({ google: true, github: true });
    renderWithSession(<SocialSignIn providers={['google']} next="/" />);

    const channel = new BroadcastChannel(authResultChannelName);
    channel.postMessage(result({ isNew: true }));
    channel.close();

    expect(await screen.findByText(messages.signupSuccess)).toBeInTheDocument();
  });
});
