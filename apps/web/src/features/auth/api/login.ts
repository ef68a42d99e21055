import { AuthSessionSchema, type Login } from '@recell/contract';
import { apiPaths } from '@/config/api-paths';
import { apiRequest } from '@/lib/api-client';

/** POST /api/auth/login: a session, or 401 with the field at fault ('User is Not Found', 'Password is Wrong Try again'). */
export const login = (credentials: Login) =>
  apiRequest(apiPaths.login, AuthSessionSchema, { method: 'POST', json: credentials, auth: false });
