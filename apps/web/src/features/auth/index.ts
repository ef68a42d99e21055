export { AuthContext, AuthProvider, useAuth } from './auth-context';
export type { AuthContextValue, AuthState, AuthUser } from './auth-context';
export { useRequireSignIn } from './use-require-sign-in';
