import type { Role } from '@recell/contract';
import { createContext, use, useEffect, useState, type ReactNode } from 'react';

export type AuthUser = { name: string; imageUrl: string; role: Role };

export type AuthState =
  { status: 'loading'; user: null } | { status: 'signedOut'; user: null } | { status: 'signedIn'; user: AuthUser };

export type AuthContextValue = AuthState & { logout: () => Promise<void> };

const loading: AuthContextValue = { status: 'loading', user: null, logout: async () => {} };

const signedOut: AuthContextValue = { status: 'signedOut', user: null, logout: async () => {} };

export const AuthContext = createContext<AuthContextValue>(loading);

/**
 * Holds who is signed in. Sign-in does not exist yet: after mount it always reports signed out.
 * The identity work replaces this provider's body (restore the session from the refresh cookie,
 * login, logout); every consumer only uses `useAuth()` and stays as it is.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [value, setValue] = useState<AuthContextValue>(loading);
  useEffect(() => {
    let active = true;
    // Stands in for restoring the session, which answers asynchronously.
    void Promise.resolve().then(() => {
      if (active) setValue(signedOut);
    });
    return () => {
      active = false;
    };
  }, []);
  return <AuthContext value={value}>{children}</AuthContext>;
}

/** `{ status: 'loading' | 'signedIn' | 'signedOut', user, logout }` */
export const useAuth = () => use(AuthContext);
