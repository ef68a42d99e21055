/**
 * Sessions: refresh-token rotation and reuse detection, logout, cross-site refusal, and what the
 * access token guards (tampering, expiry, disabled accounts, roles read from the database).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages, AuthSessionSchema, ErrorBodySchema, messages, signedInHintCookie } from '@recell/contract';
import { sessions, users } from '../src/db/schema.ts';
import {
  hashRefreshToken,
  accessTokenAudience,
  accessTokenIssuer,
  jwtSecretFileName,
  signedInUser,
} from '../src/modules/auth/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { bearer, insertPasswordUser, refresh, refreshCookie, sessionOf } from './support/accounts.ts';

const expectSessionEnded = (response: Awaited<ReturnType<typeof refresh>>) => {
  expect(response.statusCode).toBe(401);
  expect(ErrorBodySchema.parse(response.json())).toEqual({
    error: { code: 'unauthorized', message: authMessages.sessionEnded },
  });
  // The browser is told to drop the dead cookie.
  const cleared = refreshCookie(response);
  expect(cleared?.value).toBe('');
  expect(cleared?.path).toBe('/api/auth');
  expect(cleared!.expires!.getTime()).toBeLessThanOrEqual(Date.now());
  // So is the hint that asked for signed-in pages rendered on the server.
  expect(hintCookie(response)).toMatchObject({ value: '', path: '/' });
};

const hintCookie = (response: { cookies: { name: string; value: string; path?: string }[] }) =>
  response.cookies.find((cookie) => cookie.name === signedInHintCookie);

const expectUnauthorized = (response: { statusCode: number; json: () => unknown }, status = 401) => {
  expect(response.statusCode).toBe(status);
  expect(ErrorBodySchema.parse(response.json())).toEqual({
    error: { code: status === 401 ? 'unauthorized' : 'forbidden', message: messages.unauthorized },
  });
};

describe('sessions: refresh, logout and access tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, (app) => {
      app.get('/api/test/signed-in', { config: { auth: 'signedIn' } }, async (request) => ({
        user: signedInUser(request),
      }));
      app.get('/api/test/seller-only', { config: { auth: ['seller'] } }, async (request) => ({
        id: signedInUser(request).id,
      }));
      app.get('/api/test/staff', { config: { auth: ['admin', 'seller'] } }, async () => ({ ok: true }));
    });
  });
  afterAll(() => t.close());

  const familyOf = async (token: string) => {
    const [row] = await t.app.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashRefreshToken(token)));
    return t.app.db.select().from(sessions).where(eq(sessions.familyId, row!.familyId));
  };

  describe('POST /api/auth/refresh', () => {
    it('rotates the refresh token on every use and answers a fresh access token', async () => {
      const user = await insertPasswordUser(t.app.db, { role: 'seller' });
      const { refreshToken: first } = await sessionOf(t, user.email);

      const response = await refresh(t, first);
      expect(response.statusCode).toBe(200);
      const session = AuthSessionSchema.parse(response.json());
      expect(session).toMatchObject({ isNewUser: false, user: { id: user.id, role: 'seller' } });
      const second = refreshCookie(response)!;
      expect(second).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth', maxAge: 30 * 86_400 });
      expect(second.value).not.toBe(first);
      // The page requests' hint lives as long, and says "signed in" until when, and which sign-in
      // (its family, the same after a refresh: decision 0078); signed by the server, so a hand-set
      // one is told apart.
      const hint = hintCookie(response)!;
      expect(hint).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax', maxAge: 30 * 86_400 });
      const signed = t.app.unsignCookie(hint.value);
      expect(signed.valid).toBe(true);
      const [end, hintFamily] = signed.value!.split('.');
      expect(Number(end)).toBeCloseTo(Date.now() / 1000 + 30 * 86_400, -2);
      expect((await familyOf(first)).map((row) => row.familyId)).toContain(hintFamily);
      expect((await t.app.inject({ url: '/api/me', headers: bearer(session.accessToken) })).statusCode).toBe(200);

      const third = refreshCookie(await refresh(t, second.value))!.value;
      const family = await familyOf(third);
      expect(family).toHaveLength(3);
      expect(family.filter((row) => row.rotatedAt === null).map((row) => row.tokenHash)).toEqual([
        hashRefreshToken(third),
      ]);
      expect(family.every((row) => row.revokedAt === null)).toBe(true);
    });

    it('treats a rotated token presented after its successor was used as theft: the whole family ends, other sign-ins stay', async () => {
      const user = await insertPasswordUser(t.app.db);
      const { refreshToken: stolen } = await sessionOf(t, user.email);
      const { refreshToken: otherDevice } = await sessionOf(t, user.email);
      const next = refreshCookie(await refresh(t, stolen))!.value;
      const current = refreshCookie(await refresh(t, next))!.value;

      expectSessionEnded(await refresh(t, stolen));
      // The legitimate holder's newer token is revoked with it.
      expectSessionEnded(await refresh(t, current));
      expect((await familyOf(current)).every((row) => row.revokedAt !== null)).toBe(true);
      // A separate sign-in (another device) is a separate family and keeps working.
      expect((await refresh(t, otherDevice)).statusCode).toBe(200);
    });

    it('treats a rotated token presented after the grace window as theft, even while its successor is unused', async () => {
      const user = await insertPasswordUser(t.app.db);
      const { refreshToken: stolen } = await sessionOf(t, user.email);
      const current = refreshCookie(await refresh(t, stolen))!.value;
      const graceMs = t.config.auth.refreshReuseGraceSeconds * 1000;
      await t.app.db
        .update(sessions)
        .set({ rotatedAt: new Date(Date.now() - graceMs - 1000) })
        .where(eq(sessions.tokenHash, hashRefreshToken(stolen)));

      expectSessionEnded(await refresh(t, stolen));
      expectSessionEnded(await refresh(t, current));
    });

    it('answers two simultaneous refreshes with the same token alike, and the session goes on', async () => {
      const user = await insertPasswordUser(t.app.db);
      const { refreshToken } = await sessionOf(t, user.email);
      const results = await Promise.all([refresh(t, refreshToken), refresh(t, refreshToken)]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
      const [first, second] = results.map((r) => refreshCookie(r)!.value);
      expect(first).not.toBe(refreshToken);
      expect(second).toBe(first);
      // One rotation, one successor: the family has two rows, the successor is the live one.
      const family = await familyOf(refreshToken);
      expect(family).toHaveLength(2);
      expect(family.filter((row) => row.rotatedAt === null).map((row) => row.tokenHash)).toEqual([
        hashRefreshToken(first!),
      ]);
      expect(family.every((row) => row.revokedAt === null)).toBe(true);
      expect((await refresh(t, first)).statusCode).toBe(200);
    });

    it('answers a retry of a refresh whose answer was lost with the same successor', async () => {
      const user = await insertPasswordUser(t.app.db);
      const { refreshToken } = await sessionOf(t, user.email);
      const lost = refreshCookie(await refresh(t, refreshToken))!.value;
      const retry = await refresh(t, refreshToken);
      expect(retry.statusCode).toBe(200);
      expect(AuthSessionSchema.parse(retry.json()).user.id).toBe(user.id);
      expect(refreshCookie(retry)!.value).toBe(lost);
    });

    it('keeps no grace when REFRESH_REUSE_GRACE_SECONDS is 0', async () => {
      const strict = await createTestApp({ REFRESH_REUSE_GRACE_SECONDS: '0' });
      try {
        const user = await insertPasswordUser(strict.app.db);
        const { refreshToken } = await sessionOf(strict, user.email);
        await new Promise((resolve) => setTimeout(resolve, 5));
        expect((await refresh(strict, refreshToken)).statusCode).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 5));
        expectSessionEnded(await refresh(strict, refreshToken));
      } finally {
        await strict.close();
      }
    });

    it('answers 204 with no body when no refresh cookie is sent: a visitor, not a failure', async () => {
      const response = await refresh(t, undefined);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect(refreshCookie(response)).toBeUndefined();
      expect(hintCookie(response)).toBeUndefined();
    });

    it('drops a signed-in hint that outlived its refresh cookie', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        cookies: { [signedInHintCookie]: '1' },
      });
      expect(response.statusCode).toBe(204);
      expect(hintCookie(response)).toMatchObject({ value: '', path: '/' });
    });

    it('refuses an unknown or expired refresh token', async () => {
      expectSessionEnded(await refresh(t, 'A'.repeat(43)));
      const user = await insertPasswordUser(t.app.db);
      const { refreshToken } = await sessionOf(t, user.email);
      await t.app.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.tokenHash, hashRefreshToken(refreshToken)));
      expectSessionEnded(await refresh(t, refreshToken));
    });

    it('ends the session of a disabled account', async () => {
      const user = await insertPasswordUser(t.app.db);
      const { refreshToken } = await sessionOf(t, user.email);
      await t.app.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));
      expectSessionEnded(await refresh(t, refreshToken));
      expect((await familyOf(refreshToken)).every((row) => row.revokedAt !== null)).toBe(true);
    });

    it('refuses a call started by another site, and accepts our own origins', async () => {
      const user = await insertPasswordUser(t.app.db);
      const { refreshToken } = await sessionOf(t, user.email);
      const crossSite = await refresh(t, refreshToken, { origin: 'https://evil.example' });
      expect(crossSite.statusCode).toBe(403);
      expect(ErrorBodySchema.parse(crossSite.json()).error).toEqual({
        code: 'forbidden',
        message: authMessages.crossSiteRefused,
      });

      // The refused call changed nothing: the token still works from our own origin.
      const fromPublicUrl = await refresh(t, refreshToken, { origin: t.config.publicUrl });
      expect(fromPublicUrl.statusCode).toBe(200);
      const next = refreshCookie(fromPublicUrl)!.value;
      const fromOwnHost = await refresh(t, next, { host: 'shop.example:8443', origin: 'http://shop.example:8443' });
      expect(fromOwnHost.statusCode).toBe(200);
      const lookalike = await refresh(t, refreshCookie(fromOwnHost)!.value, {
        origin: `${t.config.publicUrl}.evil.example`,
      });
      expect(lookalike.statusCode).toBe(403);
    });

    it('believes the browser’s Sec-Fetch-Site: same-origin passes (even behind a dev proxy), other sites do not', async () => {
      const user = await insertPasswordUser(t.app.db);
      const { refreshToken } = await sessionOf(t, user.email);
      for (const site of ['cross-site', 'same-site']) {
        const refused = await refresh(t, refreshToken, { 'sec-fetch-site': site, origin: t.config.publicUrl });
        expect(refused.statusCode, site).toBe(403);
      }
      // The Vite dev server proxies /api with another Host; the browser still calls it same-origin.
      const proxied = await refresh(t, refreshToken, {
        'sec-fetch-site': 'same-origin',
        origin: 'http://localhost:5173',
        host: 'localhost:3000',
      });
      expect(proxied.statusCode).toBe(200);
    });
  });

  describe('POST /api/auth/logout', () => {
    it('revokes the sign-in and clears the cookie, without needing an access token', async () => {
      const user = await insertPasswordUser(t.app.db);
      const { refreshToken, session } = await sessionOf(t, user.email);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        cookies: { recell_refresh: refreshToken },
      });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect(refreshCookie(response)?.value).toBe('');
      expectSessionEnded(await refresh(t, refreshToken));
      // The access token lives out its few minutes; the web app forgets it on logout.
      expect(new Date(session.expiresAt).getTime()).toBeLessThanOrEqual(Date.now() + 15 * 60_000 + 1000);
    });

    it('answers 204 without a cookie, and refuses another site', async () => {
      const anonymous = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
      expect(anonymous.statusCode).toBe(204);
      const user = await insertPasswordUser(t.app.db);
      const { refreshToken } = await sessionOf(t, user.email);
      const crossSite = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { origin: 'https://evil.example' },
        cookies: { recell_refresh: refreshToken },
      });
      expect(crossSite.statusCode).toBe(403);
      expect((await refresh(t, refreshToken)).statusCode).toBe(200);
    });
  });

  describe('access tokens and roles', () => {
    const secret = async () => (await readFile(path.join(t.config.dataDir, jwtSecretFileName), 'utf8')).trim();
    const forge = async (claims: { sub: string; role: string }, tweak: (jwt: SignJWT) => SignJWT, key?: string) =>
      tweak(
        new SignJWT({ role: claims.role })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(claims.sub)
          .setIssuer(accessTokenIssuer)
          .setAudience(accessTokenAudience)
          .setIssuedAt(),
      ).sign(new TextEncoder().encode(key ?? (await secret())));

    it('keeps the generated secret in DATA_DIR, readable by its owner only', async () => {
      const { stat } = await import('node:fs/promises');
      const info = await stat(path.join(t.config.dataDir, jwtSecretFileName));
      expect(info.mode & 0o777).toBe(0o600);
      expect((await secret()).length).toBeGreaterThanOrEqual(64);
    });

    it('sets request.user from the database for a valid token', async () => {
      const user = await insertPasswordUser(t.app.db, {
        name: 'Vera',
        role: 'seller',
        verified: true,
        imageUrl: '/uploads/v.webp',
      });
      const token = await forge({ sub: user.id, role: 'seller' }, (jwt) => jwt.setExpirationTime('5m'));
      const response = await t.app.inject({ url: '/api/test/signed-in', headers: bearer(token) });
      expect(response.json()).toEqual({
        user: {
          id: user.id,
          role: 'seller',
          email: user.email,
          name: 'Vera',
          isVerified: true,
          isEmailConfirmed: true,
          imageUrl: '/uploads/v.webp',
        },
      });
    });

    it('refuses missing, malformed, tampered, foreign, expired and unsigned tokens', async () => {
      const user = await insertPasswordUser(t.app.db);
      const { session } = await sessionOf(t, user.email);
      const [header, payload, signature] = session.accessToken.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
      const tamperedPayload = Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url');
      const unsignedHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');

      const bad: Record<string, Record<string, string>> = {
        missing: {},
        'not bearer': { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
        garbage: bearer('not.a.token'),
        tampered: bearer(`${header}.${tamperedPayload}.${signature}`),
        'alg none': bearer(`${unsignedHeader}.${tamperedPayload}.`),
        'other secret': bearer(
          await forge({ sub: user.id, role: 'user' }, (j) => j.setExpirationTime('5m'), 'x'.repeat(48)),
        ),
        expired: bearer(
          await forge({ sub: user.id, role: 'user' }, (j) =>
            j.setIssuedAt(Math.floor(Date.now() / 1000) - 3600).setExpirationTime(Math.floor(Date.now() / 1000) - 60),
          ),
        ),
        'wrong issuer': bearer(
          await forge({ sub: user.id, role: 'user' }, (j) => j.setIssuer('someone-else').setExpirationTime('5m')),
        ),
        'wrong audience': bearer(
          await forge({ sub: user.id, role: 'user' }, (j) => j.setAudience('other-api').setExpirationTime('5m')),
        ),
        'subject not an id': bearer(
          await forge({ sub: "1' OR '1'='1", role: 'user' }, (j) => j.setExpirationTime('5m')),
        ),
        'unknown user': bearer(
          await forge({ sub: '00000000-0000-4000-8000-000000000000', role: 'user' }, (j) => j.setExpirationTime('5m')),
        ),
      };
      for (const [name, headers] of Object.entries(bad)) {
        const response = await t.app.inject({ url: '/api/me', headers });
        expect(response.statusCode, name).toBe(401);
        expectUnauthorized(response);
      }
      expect((await t.app.inject({ url: '/api/me', headers: bearer(session.accessToken) })).statusCode).toBe(200);
    });

    it('signs out a disabled account at once, whatever its token says', async () => {
      const user = await insertPasswordUser(t.app.db);
      const { session } = await sessionOf(t, user.email);
      await t.app.db
        .update(users)
        .set({ disabledAt: sql`now()` })
        .where(eq(users.id, user.id));
      expectUnauthorized(await t.app.inject({ url: '/api/me', headers: bearer(session.accessToken) }));
    });

    it('a route for some roles: 401 when not signed in, 403 for another role, the role read from the database', async () => {
      expectUnauthorized(await t.app.inject('/api/test/seller-only'));
      const buyer = await insertPasswordUser(t.app.db, { role: 'user' });
      const { session } = await sessionOf(t, buyer.email);
      expectUnauthorized(
        await t.app.inject({ url: '/api/test/seller-only', headers: bearer(session.accessToken) }),
        403,
      );
      expectUnauthorized(await t.app.inject({ url: '/api/test/staff', headers: bearer(session.accessToken) }), 403);

      // A role change takes effect on the next call, even with a token minted for the old role.
      await t.app.db.update(users).set({ role: 'seller' }).where(eq(users.id, buyer.id));
      const allowed = await t.app.inject({ url: '/api/test/seller-only', headers: bearer(session.accessToken) });
      expect(allowed.statusCode).toBe(200);
      expect(allowed.json()).toEqual({ id: buyer.id });
      expect((await t.app.inject({ url: '/api/test/staff', headers: bearer(session.accessToken) })).statusCode).toBe(
        200,
      );

      // And a token claiming a role the database does not give is worth nothing.
      const forged = await forge({ sub: buyer.id, role: 'admin' }, (j) => j.setExpirationTime('5m'));
      await t.app.db.update(users).set({ role: 'user' }).where(eq(users.id, buyer.id));
      expectUnauthorized(await t.app.inject({ url: '/api/test/staff', headers: bearer(forged) }), 403);
    });
  });
});
