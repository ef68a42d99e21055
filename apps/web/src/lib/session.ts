import {
  refreshLockName,
  refreshRetryDelayMs,
  sessionEndpoints,
  sessionTiming,
  type AuthSession,
  type Me,
} from '@recell/contract';
import { apiUrl } from './api-url';

/**
 * The signed-in session: the access token, held in this module's memory only (never in storage),
 * and who it belongs to. The refresh cookie (httpOnly) restores it on every page load.
 *
 * This module is part of every page's first load, so it stays small: plain fetch, no schemas.
 *
 * - `startSession()` asks POST /api/auth/refresh once: 'loading' until the first answer, then
 *   'signedIn' or 'signedOut' (docs/product.md, States and rules). Without a refresh cookie the API answers 204, so a
 *   visitor who is not signed in sees no failed request in the console.
 * - The token is refreshed 5 minutes before it expires and counts as expired 30 s before; after a
 *   network failure the refresh is retried after 30 s, doubling up to 16 minutes (docs/product.md, Constants).
 * - Refresh tokens rotate on every use and a reused one ends the session, so refreshes never run
 *   concurrently: one in-flight refresh per tab, and a Web Lock across tabs.
 */

export type SessionState =
  { status: 'loading'; user: null } | { status: 'signedOut'; user: null } | { status: 'signedIn'; user: Me };

/** A new token; no session (signed out); or no usable answer (network or server trouble: retried later). */
export type RefreshResult = 'ok' | 'signedOut' | 'offline';

const signedOut: SessionState = { status: 'signedOut', user: null };
/** Tabs tell each other about a logout here. */
const logoutChannelName = 'recell-session';

let state: SessionState = { status: 'loading', user: null };
let token: string | null = null;
/** When the access token expires, on this machine's clock (ms). */
let expiresAt = 0;
let inFlight: Promise<RefreshResult> | null = null;
/** Bumped whenever the session is replaced or ended: a refresh started before must not undo that. */
let generation = 0;
let failures = 0;
let logouts = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let started = false;
let isListening = false;
let channel: BroadcastChannel | null = null;
const listeners = new Set<() => void>();
const logoutListeners = new Set<() => void>();

const setState = (next: SessionState) => {
  state = next;
  listeners.forEach((listener) => {
    listener();
  });
};

const schedule = (delayMs: number) => {
  clearTimeout(timer);
  timer = setTimeout(() => void refreshSession(), delayMs);
};

export const getSessionState = () => state;

export const subscribeSession = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Runs `listener` after every logout (this tab's or another tab's), e.g. to clear cached data. */
export const onLogout = (listener: () => void) => {
  logoutListeners.add(listener);
  return () => {
    logoutListeners.delete(listener);
  };
};

/**
 * Starts a session from a sign-in or refresh answer. `serverNow` is the server's clock when it
 * answered (its Date header), so a wrong clock on this machine does not shift the expiry.
 */
export function setSession(session: AuthSession, serverNow = Date.now()) {
  generation++;
  failures = 0;
  const lifetime = Date.parse(session.expiresAt) - serverNow;
  token = session.accessToken;
  expiresAt = Date.now() + lifetime;
  // 5 minutes before expiry; a token that lives shorter than that is renewed half-way through.
  schedule(Math.max(lifetime - sessionTiming.refreshBeforeExpiryMs, lifetime / 2));
  setState({ status: 'signedIn', user: session.user });
}

/** The signed-in user changed their name or photo, or confirmed their email. */
export const updateSessionUser = (user: Me) => {
  if (state.status === 'signedIn') setState({ status: 'signedIn', user });
};

/**
 * The API refused a trade because the account's email is not confirmed: the forms that need it say
 * so from now on (this tab's copy of the account may date from before a change).
 */
export const markEmailUnconfirmed = () => {
  if (state.status === 'signedIn' && state.user.isEmailConfirmed)
    setState({ status: 'signedIn', user: { ...state.user, isEmailConfirmed: false } });
};

const endLocally = () => {
  generation++;
  failures = 0;
  token = null;
  expiresAt = 0;
  clearTimeout(timer);
  setState(signedOut);
};

const isSession = (body: unknown): body is AuthSession => {
  const session = body as Partial<AuthSession> | null;
  return typeof session?.accessToken === 'string' && typeof session.expiresAt === 'string' && !!session.user;
};

async function requestRefresh(): Promise<RefreshResult> {
  const started = generation;
  let response: Response;
  let body: unknown;
  try {
    response = await fetch(apiUrl(sessionEndpoints.refresh), {
      method: sessionEndpoints.refresh.method,
      credentials: 'same-origin',
    });
    body = response.ok && response.status !== 204 ? await response.json() : null;
  } catch {
    return 'offline';
  }
  // A login or logout happened meanwhile: this answer is out of date.
  if (started !== generation) return token ? 'ok' : 'signedOut';
  // 204: no refresh cookie was sent, nobody is signed in here.
  if (response.status === 204 || response.status === 401 || response.status === 403) {
    endLocally();
    return 'signedOut';
  }
  if (!isSession(body)) return 'offline';
  const serverNow = Date.parse(response.headers.get('date') ?? '');
  setSession(body, Number.isNaN(serverNow) ? Date.now() : serverNow);
  return 'ok';
}

/**
 * Exchanges the refresh cookie for a new access token. Concurrent callers in this tab share one
 * request; other tabs wait for the Web Lock. A network failure keeps the current token and retries
 * with backoff; a first start that fails so counts as signed out until a retry succeeds. `isFresh`:
 * the cookie has just changed (a social sign-in), so a request already under way does not count.
 */
export async function refreshSession(isFresh = false): Promise<RefreshResult> {
  if (isFresh && inFlight) await inFlight;
  inFlight ??= (async () => {
    try {
      const result = await (
        navigator.locks ? navigator.locks.request(refreshLockName, requestRefresh) : requestRefresh()
      ).catch((): RefreshResult => 'offline'); // the lock manager refused (a page being torn down)
      if (result === 'offline') {
        schedule(refreshRetryDelayMs(failures++));
        if (state.status === 'loading') setState(signedOut);
      }
      return result;
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}

/** The access token to send, refreshed first when it is (about to be) expired; null when signed out. */
export async function getAccessToken(): Promise<string | null> {
  if (inFlight) await inFlight;
  if (token && Date.now() >= expiresAt - sessionTiming.expirySkewMs) await refreshSession();
  return token;
}

/** The token as it is now, without waiting (to tell whether another call renewed it meanwhile). */
export const currentAccessToken = () => token;

/** How many logouts this tab has seen (its own and other tabs'): a call can tell one happened meanwhile. */
export const logoutCount = () => logouts;

const runLogoutListeners = () => {
  logouts++;
  logoutListeners.forEach((listener) => {
    listener();
  });
};

/**
 * Ends the session here (the logout listeners run at once: the page leaves before a protected
 * route could react), on the server (revokes the refresh cookie's family) and in the other tabs.
 */
export async function logout() {
  endLocally();
  runLogoutListeners();
  channel?.postMessage('logout');
  try {
    await fetch(apiUrl(sessionEndpoints.logout), {
      method: sessionEndpoints.logout.method,
      credentials: 'same-origin',
      keepalive: true,
    });
  } catch {
    // Offline: the refresh cookie expires by itself; this tab has forgotten the token already.
  }
}

/** Restores the session from the refresh cookie, once per page; later calls do nothing. */
export function startSession() {
  if (started) return;
  started = true;
  void refreshSession();
  if (isListening) return;
  isListening = true;
  // A retry waiting for the network goes as soon as the network is back.
  window.addEventListener('online', () => {
    if (failures > 0) void refreshSession();
  });
  // Background tabs' timers are throttled: catch up when the tab is shown again.
  document.addEventListener('visibilitychange', () => {
    if (
      document.visibilityState === 'visible' &&
      token &&
      Date.now() >= expiresAt - sessionTiming.refreshBeforeExpiryMs
    )
      void refreshSession();
  });
  if (typeof BroadcastChannel === 'function') {
    channel = new BroadcastChannel(logoutChannelName);
    channel.onmessage = () => {
      // Another tab logged out: the server has ended this session too.
      if (state.status === 'signedIn') {
        endLocally();
        runLogoutListeners();
      }
    };
  }
}

/** Forgets the session and allows a new start (tests). */
export function resetSession() {
  clearTimeout(timer);
  started = false;
  inFlight = null;
  token = null;
  expiresAt = 0;
  failures = 0;
  generation++;
  state = { status: 'loading', user: null };
}
