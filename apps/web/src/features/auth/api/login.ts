import { accountEndpoints, type Login } from '@recell/contract';
import { callApi } from '@/lib/api-client';

/** POST /api/auth/login: a session, or 401 with the field at fault ('User is Not Found', 'Password is Wrong Try again'). */
export const login = (credentials: Login) => callApi(accountEndpoints.login, { json: credentials });
