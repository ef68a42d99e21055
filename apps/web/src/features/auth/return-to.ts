import { safeNextPath, signInReasons } from '@recell/contract';
import { useLocation } from 'react-router';
import { paths, type FromLocationState } from '@/config/paths';

/**
 * Where the login and sign-up pages send the user once signed in: the page a guard sent them from
 * (`location.state.from`) when it is a path on this site, else home; and why they were sent
 * (`reason`, one the login page knows). `state` passes both on between login and sign-up.
 */
export function useReturnTo() {
  const location = useLocation();
  const { from, reason: given } = (location.state as FromLocationState | null) ?? {};
  const to = (from && safeNextPath(`${from.pathname}${from.search}${from.hash}`)) ?? paths.home.to();
  const reason = given && signInReasons.includes(given) ? given : undefined;
  const state: FromLocationState | null = from ? { from, reason } : null;
  return { to, reason, state };
}
