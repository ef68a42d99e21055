import { useQueryClient } from '@tanstack/react-query';
import { createContext, startTransition, use, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { getSessionState, logout, onLogout, startSession, subscribeSession, type SessionState } from '@/lib/session';

/** The spec's auth state: loading until the first answer, then signed in (with the user) or out. */
type AuthState = SessionState;

export type AuthContextValue = AuthState & { logout: () => Promise<void> };

export const AuthContext = createContext<AuthContextValue>({ status: 'loading', user: null, logout });

/** In the social sign-in popup the page only reports back and closes: it must not refresh (and rotate) the cookie. */
const isSignInPopup = () =>
  window.location.pathname === paths.authComplete.to() &&
  new URLSearchParams(window.location.search).get('mode') === 'popup';

/**
 * Holds who is signed in: restores the session from the refresh cookie on start (lib/session.ts)
 * and, on every logout (the Log out button, a refused call, another tab), clears the cached data
 * and goes home.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState(getSessionState);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  // Session changes render as transitions, like the router's navigations: a logout and its move
  // home then show together, instead of a guarded page first seeing "signed out" and sending the
  // user to the login page. (useSyncExternalStore would force them to render at once, alone.)
  useEffect(() => {
    const update = () => {
      startTransition(() => {
        setState(getSessionState());
      });
    };
    update(); // in case it changed between the first render and now
    return subscribeSession(update);
  }, []);

  useEffect(() => {
    if (!isSignInPopup()) startSession();
  }, []);

  useEffect(
    () =>
      onLogout(() => {
        void navigate(paths.home.to());
        queryClient.clear();
      }),
    [navigate, queryClient],
  );

  const value = useMemo(() => ({ ...state, logout }), [state]);
  return <AuthContext value={value}>{children}</AuthContext>;
}

/** `{ status: 'loading' | 'signedIn' | 'signedOut', user, logout }` */
export const useAuth = () => use(AuthContext);
