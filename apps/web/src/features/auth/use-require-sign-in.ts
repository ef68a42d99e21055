import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths, type FromLocationState } from '@/config/paths';
import { useAuth } from './auth-context';

/**
 * Guards an action that needs a signed-in user: returns true when the user may go on; otherwise
 * sends the visitor to the login page, remembering where they came from.
 */
export function useRequireSignIn() {
  const { status } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  return useCallback(() => {
    if (status === 'signedIn') return true;
    const state: FromLocationState = { from: location };
    void navigate(paths.login.to(), { state });
    return false;
  }, [status, location, navigate]);
}
