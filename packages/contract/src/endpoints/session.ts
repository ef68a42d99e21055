import { endpoint } from './endpoint.ts';

/**
 * The session's own calls, made with plain fetch by the web's first load (no schemas there: the
 * refresh answer is read by hand, see apps/web's lib/session.ts). The refresh cookie is the
 * credential, never the access token.
 */
export const sessionEndpoints = {
  /**
   * 200 with a session (`AuthSessionSchema`), or 204 when no refresh cookie was sent. No response
   * schema here: naming it would put zod into every first load.
   */
  refresh: endpoint()({ method: 'POST', path: '/auth/refresh', status: 200, withoutSession: true }),
  logout: endpoint()({ method: 'POST', path: '/auth/logout', status: 204, withoutSession: true }),
} as const;
