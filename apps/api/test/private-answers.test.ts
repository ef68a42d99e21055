/**
 * Answers meant for one person carry `Cache-Control: no-store`, so no browser history, proxy or
 * shared cache keeps a signed-in page or a token: every route that needs sign-in (from the route
 * table, errors included) and every answer that hands out or ends a session. Public answers keep
 * their own headers.
 */
import { describe, expect, it } from 'vitest';
import { AuthSessionSchema } from '@recell/contract';
import {
  insertPasswordUser,
  logIn,
  password,
  refresh,
  refreshCookie,
  signUp,
  uniqueEmail,
  useCast,
} from './support/accounts.ts';
import { unknownId, useTestApp } from './support/api.ts';

describe('answers meant for one person', () => {
  const t = useTestApp();
  const cast = useCast(t);

  const signedInRoutes = () => {
    const doc = t.app.swagger() as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    return Object.entries(doc.paths).flatMap(([route, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => (operation.security ?? []).length > 0)
        .map(([method]) => ({ method: method.toUpperCase(), url: route.replace(/\{[^}]+\}/g, unknownId) })),
    );
  };

  it('are never stored when a route needs sign-in, whoever calls and whatever the answer', async () => {
    const routes = signedInRoutes();
    expect(routes.map(({ method, url }) => `${method} ${url}`)).toEqual(
      expect.arrayContaining(['GET /api/me', 'GET /api/me/orders', 'GET /api/admin/users', 'POST /api/orders']),
    );
    for (const { method, url } of routes) {
      for (const [who, headers] of [
        ['the admin', cast.admin.headers],
        ['a buyer', cast.buyer.headers],
        ['nobody', {}],
      ] as const) {
        const response = await t.app.inject({
          method: method as 'GET',
          url,
          headers,
          ...(['GET', 'DELETE'].includes(method) ? {} : { payload: {} }),
        });
        expect(response.headers['cache-control'], `${method} ${url} as ${who}: ${response.statusCode}`).toBe(
          'no-store',
        );
      }
    }
  });

  it('are never stored when they hand out a session: sign-up, login, refresh', async () => {
    const signup = await signUp(t, { name: 'Nora', email: uniqueEmail(), password, role: 'user' });
    expect(signup.statusCode).toBe(201);
    expect(signup.headers['cache-control']).toBe('no-store');

    const user = await insertPasswordUser(t.app.db);
    const login = await logIn(t, { email: user.email, password });
    expect(AuthSessionSchema.parse(login.json()).accessToken).toBeTruthy();
    expect(login.headers['cache-control']).toBe('no-store');

    const refreshed = await refresh(t, refreshCookie(login)!.value);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.headers['cache-control']).toBe('no-store');
  });

  it('leaves public answers their own headers', async () => {
    const categories = await t.app.inject({ url: '/api/categories', headers: cast.buyer.headers });
    expect(categories.statusCode).toBe(200);
    expect(categories.headers['cache-control']).toBeUndefined();
    const providers = await t.app.inject('/api/auth/providers');
    expect(providers.headers['cache-control']).toBeUndefined();
  });
});
