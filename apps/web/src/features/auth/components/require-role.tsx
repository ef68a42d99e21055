import type { Role } from '@recell/contract';
import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '../auth-context';

/** What RequireRole tells the dashboard when it sends someone there: whose page they asked for. */
export type RefusedPageState = { pageForRole: Role };

/**
 * Shows its routes to users of `role` only (or of any of several roles; inside RequireAuth). Anyone else lands on the
 * dashboard's welcome page, which says whose page it was and shows nothing of it. (The
 * 'User Unuthorized Access' toast and logout are for calls the API refuses, docs/product.md, Messages.)
 */
export function RequireRole({ role, children }: { role: Role | readonly [Role, ...Role[]]; children?: ReactNode }) {
  const { user } = useAuth();
  const roles: readonly Role[] = typeof role === 'string' ? [role] : role;
  if (!user || !roles.includes(user.role))
    return <Navigate to={paths.dashboard.to()} replace state={{ pageForRole: roles[0]! } satisfies RefusedPageState} />;
  return children ?? <Outlet />;
}
