/** Which providers are on, what happens when one is off, and what a start request may ask for. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthProvidersSchema, ErrorBodySchema, socialSignInMessage } from '@recell/contract';
import { createTestApp, type TestApp } from './helpers.ts';

describe('social sign-in with no provider configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('reports both providers off', async () => {
    const response = await t.app.inject('/api/auth/providers');
    expect(response.statusCode).toBe(200);
    expect(AuthProvidersSchema.parse(response.json())).toEqual({ google: false, github: false });
  });

  it('answers a start or a callback with 404 and a clear message', async () => {
    for (const [url, message] of [
      ['/api/auth/google', 'Google sign-in is not configured on this server.'],
      ['/api/auth/github?next=/dashboard', 'GitHub sign-in is not configured on this server.'],
      ['/api/auth/google/callback?code=x&state=y', 'Google sign-in is not configured on this server.'],
    ] as const) {
      const response = await t.app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(ErrorBodySchema.parse(response.json())).toEqual({ error: { code: 'not_found', message } });
    }
  });
});

describe('social sign-in with both providers configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 9: the issuer is configured but unreachable.
    t = await createTestApp({
      PUBLIC_URL: 'http://recell.test',
      GOOGLE_CLIENT_ID: 'google-id',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GOOGLE_ISSUER: 'http://127.0.0.1:9',
      GITHUB_CLIENT_ID: 'github-id',
      GITHUB_CLIENT_SECRET: 'github-secret',
    });
  });
  afterAll(() => t?.close());

  it('reports both providers on', async () => {
    const response = await t.app.inject('/api/auth/providers');
    expect(response.json()).toEqual({ google: true, github: true });
  });

  it('sends GitHub sign-in to github.com by default', async () => {
    const response = await t.app.inject('/api/auth/github');
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe('https://github.com/login/oauth/authorize');
    expect(location.searchParams.get('redirect_uri')).toBe('http://recell.test/api/auth/github/callback');
  });

  it('refuses a next that is not a path on this site, and an unknown mode', async () => {
    for (const next of [
      'https://evil.test/',
      '//evil.test',
      '/\\evil.test',
      'dashboard',
      '/a\nb',
      '/%09/evil.test',
      '/%0a/evil.test',
      '/%2F%2Fevil.test',
      '/%5Cevil.test',
      '/x%00',
    ]) {
      const response = await t.app.inject({ url: '/api/auth/github', query: { next } });
      expect(response.statusCode, next).toBe(400);
      expect(response.json().error.message).toMatch(/next must be a path on this site/);
    }
    const response = await t.app.inject({ url: '/api/auth/github', query: { mode: 'iframe' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('mode must be popup or redirect');
  });

  it('sends the browser back with a catalogue code, never a text, when the issuer cannot be reached', async () => {
    const response = await t.app.inject('/api/auth/google?mode=popup');
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location as string);
    expect(location.pathname).toBe('/auth/complete');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      mode: 'popup',
      status: 'error',
      provider: 'google',
      code: 'unavailable',
    });
    expect(socialSignInMessage('unavailable', 'google')).toBe(
      'Google sign-in is unavailable right now. Please try again later.',
    );
  });
});
