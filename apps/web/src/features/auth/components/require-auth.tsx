import type { SignInReason } from '@recell/contract';
import { use, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths, type FromLocationState } from '@/config/paths';
import { useAuth } from '../auth-context';
import { RenderedSignedInContext } from '../rendered-signed-in';

/**
 * Shows its routes to a signed-in user only. Until the session is known it shows a spinner (or,
 * on a page the server rendered for someone signed in, that page); a signed-out visitor goes to the
 * login page, which says why when `reason` does, and brings them back here afterwards.
 */
export function RequireAuth({ children, reason }: { children?: ReactNode; reason?: SignInReason }) {
  const { status } = useAuth();
  const isRenderedSignedIn = use(RenderedSignedInContext);
  const location = useLocation();
  if (status === 'loading' && !isRenderedSignedIn) return <Spinner />;
  if (status === 'signedOut') {
    const state: FromLocationState = { from: location, reason };
    return <Navigate to={paths.login.to()} state={state} replace />;
  }
  return children ?? <Outlet />;
}
