import { safeNextPath } from '@recell/contract';
import { useLocation } from 'react-router';
import { paths, type FromLocationState } from '@/config/paths';

/**
 * Where the login and sign-up pages send the user once signed in: the page a guard sent them from
 * (`location.state.from`) when it is a path on this site, else home. `state` passes the origin on
 * between login and sign-up.
 */
export function useReturnTo() {
  const location = useLocation();
  const from = (location.state as FromLocationState | null)?.from;
  const to = (from && safeNextPath(`${from.pathname}${from.search}${from.hash}`)) ?? paths.home.to();
  const state: FromLocationState | null = from ? { from } : null;
  return { to, state };
}
