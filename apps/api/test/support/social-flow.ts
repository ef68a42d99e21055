/** Drives our social sign-in routes the way a browser would, through `app.inject`. */
import { expect } from 'vitest';
import { socialSignInMessage } from '@recell/contract';
import type { TestApp } from '../helpers.ts';

const flowCookie = 'recell_social_flow';

interface CompleteRedirect {
  status: string | null;
  mode: string | null;
  isNew: string | null;
  next: string | null;
  /** The catalogue's text for the redirect's `code`: the address itself carries no text. */
  message: string | null;
}

/** GET /api/auth/{provider}: the provider's URL we were sent to, and our sealed flow cookie. */
export const startSignIn = async (
  t: TestApp,
  provider: 'google' | 'github',
  query = 'next=%2Fdashboard&mode=popup',
) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/auth/${provider}?${query}` });
  expect(response.statusCode, response.body).toBe(302);
  const cookie = response.cookies.find((c) => c.name === flowCookie);
  expect(cookie).toBeDefined();
  return { authorizationUrl: new URL(response.headers.location as string), cookie: cookie!.value, response };
};

/** Calls our callback as the provider's redirect would, carrying the flow cookie. */
export const callBack = async (t: TestApp, callbackUrl: URL | string, cookie: string | undefined) => {
  const url = new URL(callbackUrl, t.config.publicUrl);
  const response = await t.app.inject({
    method: 'GET',
    url: url.pathname + url.search,
    ...(cookie === undefined ? {} : { cookies: { [flowCookie]: cookie } }),
  });
  expect(response.statusCode, response.body).toBe(302);
  const location = new URL(response.headers.location as string);
  expect(`${location.origin}${location.pathname}`).toBe(`${t.config.publicUrl}/auth/complete`);
  const q = location.searchParams;
  const complete: CompleteRedirect = {
    status: q.get('status'),
    mode: q.get('mode'),
    isNew: q.get('new'),
    next: q.get('next'),
    message: q.has('code') ? socialSignInMessage(q.get('code'), q.get('provider')) : null,
  };
  expect(q.has('message'), 'a text in the address').toBe(false);
  const refresh = response.cookies.find((c) => c.name === 'recell_refresh');
  const clearedFlow = response.cookies.find((c) => c.name === flowCookie);
  return { response, complete, refresh, clearedFlow };
};
