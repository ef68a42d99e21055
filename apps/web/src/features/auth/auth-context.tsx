import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  startTransition,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { cameAsPrerenderedPage } from '@/lib/prerendered-page';
import { answersForSignedIn } from '@/lib/query-keys';
import { getSessionState, logout, onLogout, startSession, subscribeSession, type SessionState } from '@/lib/session';

/** The spec's auth state: loading until the first answer, then signed in (with the user) or out. */
type AuthState = SessionState;

export type AuthContextValue = AuthState & { logout: () => Promise<void> };

export const AuthContext = createContext<AuthContextValue>({ status: 'loading', user: null, logout });

/** In the social sign-in popup the page only reports back and closes: it must not refresh (and rotate) the cookie. */
const isSignInPopup = () =>
  window.location.pathname === paths.authComplete.to() &&
  new URLSearchParams(window.location.search).get('mode') === 'popup';

const prerenderedSessionState: AuthState = { status: 'loading', user: null };

/** Restores the session from the refresh cookie (once per page; not in the sign-in popup). */
export function restoreSession() {
  if (!isSignInPopup()) startSession();
}

/**
 * Holds who is signed in: restores the session from the refresh cookie on start (lib/session.ts)
 * and, on every logout (the Log out button, a refused call, another tab), stops the calls under way,
 * clears the cached data and goes home; the signed-in queries are not asked again (their calls are
 * not sent once signed out, see lib/api-client.ts). After a login, the listings asked for as a
 * visitor are asked for again, now with their sellers' emails.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  // A prerendered page was written with the session still loading: React takes it over in that
  // state (a session restored meanwhile would not match the HTML) and applies the real one after.
  const [state, setState] = useState<AuthState>(() =>
    cameAsPrerenderedPage() ? prerenderedSessionState : getSessionState(),
  );
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  // A logout first takes the page home; the signed-out state shows once the home page has
  // rendered, so a guarded page never sees "signed out" and sends the user to the login page.
  // Session changes render as transitions, like the router's navigations.
  const leaving = useRef(false);
  const location = useLocation();
  const apply = useCallback(() => {
    startTransition(() => {
      setState(getSessionState());
    });
  }, []);

  useEffect(() => {
    // A logout ends the session, then sets off home (onLogout below): wait for both.
    const update = () => {
      queueMicrotask(() => {
        if (!leaving.current) apply();
      });
    };
    update(); // in case it changed between the first render and now
    return subscribeSession(update);
  }, [apply]);

  useEffect(() => {
    if (!leaving.current) return;
    leaving.current = false;
    apply();
  }, [location, apply]);

  useEffect(() => {
    restoreSession();
  }, []);

  useEffect(
    () =>
      onLogout(() => {
        leaving.current = true;
        void navigate(paths.home.to());
        void queryClient.cancelQueries();
        queryClient.clear();
      }),
    [navigate, queryClient],
  );

  // A login, not a session restored on load (whose first calls waited for it).
  const previousStatus = useRef(state.status);
  useEffect(() => {
    const before = previousStatus.current;
    previousStatus.current = state.status;
    if (before === 'signedOut' && state.status === 'signedIn')
      for (const queryKey of answersForSignedIn) void queryClient.invalidateQueries({ queryKey });
  }, [state.status, queryClient]);

  const value = useMemo(() => ({ ...state, logout }), [state]);
  return <AuthContext value={value}>{children}</AuthContext>;
}

/** `{ status: 'loading' | 'signedIn' | 'signedOut', user, logout }` */
export const useAuth = () => use(AuthContext);
