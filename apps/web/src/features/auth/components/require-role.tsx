import type { Role } from '@recell/contract';
import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '../auth-context';

/**
 * Shows its routes to users of `role` only (inside RequireAuth). For anyone else the page does not
 * exist in their dashboard: they land on the dashboard's welcome page and see nothing of it. (The
 * 'User Unuthorized Access' toast and logout are for calls the API refuses, spec §8.)
 */
export function RequireRole({ role, children }: { role: Role; children?: ReactNode }) {
  const { user } = useAuth();
  if (user?.role !== role) return <Navigate to={paths.dashboard.to()} replace />;
  return children ?? <Outlet />;
}
