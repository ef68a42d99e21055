import type { SignInReason } from '@recell/contract';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths, type FromLocationState } from '@/config/paths';
import { useAuth } from './auth-context';

/**
 * Guards an action that needs a signed-in user: returns true when the user may go on; otherwise
 * sends the visitor to the login page, remembering where they came from and what they were about
 * to do (`reason`: the login page says it).
 */
export function useRequireSignIn() {
  const { status } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  return useCallback(
    (reason?: SignInReason) => {
      if (status === 'signedIn') return true;
      const state: FromLocationState = { from: location, reason };
      void navigate(paths.login.to(), { state });
      return false;
    },
    [status, location, navigate],
  );
}
