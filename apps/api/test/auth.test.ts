/**
 * Sign-up and login: the spec's messages for every bad input, no account left behind by a failed
 * sign-up, admin never reachable through sign-up, and hostile strings stored and returned inertly.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages, AuthSessionSchema, ErrorBodySchema, MeSchema, messages, uploadMessages } from '@recell/contract';
import { identities, sessions, users } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { insertUser } from './fixtures.ts';
import { bearer, insertPasswordUser, logIn, password, refreshCookie, signUp, uniqueEmail } from './support/accounts.ts';
import { oversizeFile, svgImage, textFile } from './support/images.ts';

const expectError = (
  response: { statusCode: number; json: () => unknown },
  status: number,
  error: { code: string; message: string; fields?: Record<string, string> },
) => {
  expect(response.statusCode).toBe(status);
  expect(ErrorBodySchema.parse(response.json())).toEqual({ error });
};

describe('sign-up and login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const usersWithEmail = async (email: string) =>
    (
      await t.app.db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
    ).length;
  const userCount = async () => (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;

  describe('POST /api/auth/signup', () => {
    it('creates a seller with their photo, hashes the password, and signs them in', async () => {
      const email = uniqueEmail('Seller');
      const response = await signUp(t, {
        name: '  Sally Seller ',
        email: email.toUpperCase(),
        password,
        role: 'seller',
      });
      expect(response.statusCode).toBe(201);
      const session = AuthSessionSchema.parse(response.json());
      expect(session.isNewUser).toBe(true);
      expect(session.user).toMatchObject({
        name: 'Sally Seller',
        email: email.toLowerCase(),
        role: 'seller',
        isVerified: false,
      });
      expect(session.user.imageUrl).toMatch(/^\/uploads\/.+\.webp$/);
      expect(new Date(session.expiresAt).getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
      expect((await t.app.inject(session.user.imageUrl!)).statusCode).toBe(200);

      const cookie = refreshCookie(response)!;
      expect(cookie).toMatchObject({ path: '/api/auth', httpOnly: true, sameSite: 'Strict', maxAge: 30 * 86_400 });
      expect(cookie.secure).toBeFalsy();
      expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const [row] = await t.app.db
        .select()
        .from(users)
        .where(sql`${users.id} = ${session.user.id}`);
      expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row!.passwordHash).not.toContain(password);
      // Only the refresh token's SHA-256 is stored.
      const stored = await t.app.db
        .select()
        .from(sessions)
        .where(sql`${sessions.userId} = ${row!.id}`);
      expect(stored.map((s) => s.tokenHash)).toEqual([createHash('sha256').update(cookie.value).digest('hex')]);

      const me = await t.app.inject({ url: '/api/me', headers: bearer(session.accessToken) });
      expect(MeSchema.parse(me.json())).toEqual(session.user);
    });

    it('creates a buyer (role user)', async () => {
      const response = await signUp(t, { name: 'Bob Buyer', email: uniqueEmail(), password, role: 'user' });
      expect(response.statusCode).toBe(201);
      expect(AuthSessionSchema.parse(response.json()).user.role).toBe('user');
    });

    it('names every missing field with the spec’s messages, image included, and creates nothing', async () => {
      const before = await userCount();
      const response = await signUp(t, {}, { image: null });
      expectError(response, 400, {
        code: 'validation',
        message: messages.nameRequired,
        fields: {
          name: messages.nameRequired,
          email: messages.emailRequired,
          password: messages.passwordRequired,
          role: messages.roleRequired,
          image: messages.imageRequired,
        },
      });
      // Empty strings (an untouched form) are missing too, and an empty file input is no image.
      const blank = await signUp(
        t,
        { name: ' ', email: '', password: '', role: '' },
        { image: { bytes: Buffer.alloc(0), filename: '', contentType: 'application/octet-stream' } },
      );
      expect(ErrorBodySchema.parse(blank.json()).error.fields).toEqual({
        name: messages.nameRequired,
        email: messages.emailRequired,
        password: messages.passwordRequired,
        role: messages.roleRequired,
        image: messages.imageRequired,
      });
      expect(await userCount()).toBe(before);
    });

    it('asks for six password characters and a valid email', async () => {
      const email = uniqueEmail();
      const response = await signUp(t, { name: 'Short', email: 'not-an-email', password: '12345', role: 'user' });
      expectError(response, 400, {
        code: 'validation',
        message: authMessages.emailInvalid,
        fields: { email: authMessages.emailInvalid, password: messages.passwordMin },
      });
      const onlyImage = await signUp(t, { name: 'No Photo', email, password, role: 'user' }, { image: null });
      expectError(onlyImage, 400, {
        code: 'validation',
        message: messages.imageRequired,
        fields: { image: messages.imageRequired },
      });
      expect(await usersWithEmail(email)).toBe(0);
    });

    it('never makes an admin: role admin (or anything but user/seller) is refused', async () => {
      for (const role of ['admin', 'ADMIN', 'superuser']) {
        const email = uniqueEmail('escalate');
        const response = await signUp(t, { name: 'Mallory', email, password, role });
        expectError(response, 400, {
          code: 'validation',
          message: messages.roleRequired,
          fields: { role: messages.roleRequired },
        });
        expect(await usersWithEmail(email)).toBe(0);
      }
      expect(
        await t.app.db
          .select()
          .from(users)
          .where(sql`${users.role} = 'admin'`),
      ).toEqual([]);
    });

    it('refuses an email already used, whatever its case, before looking at the image', async () => {
      const existing = await insertPasswordUser(t.app.db, { email: uniqueEmail('taken') });
      const response = await signUp(
        t,
        { name: 'Again', email: existing.email.toUpperCase(), password, role: 'user' },
        // Not an image: the account check answers first, so this is a 409, not a 415.
        { image: { bytes: textFile(), filename: 'me.jpg' } },
      );
      expectError(response, 409, {
        code: 'conflict',
        message: messages.accountExists,
        fields: { email: messages.accountExists },
      });
      expect(await usersWithEmail(existing.email)).toBe(1);
    });

    it('lets only one of two simultaneous sign-ups with one email through', async () => {
      const email = uniqueEmail('race');
      const [a, b] = await Promise.all([
        signUp(t, { name: 'First', email, password, role: 'user' }),
        signUp(t, { name: 'Second', email: email.toUpperCase(), password, role: 'seller' }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
      const loser = a.statusCode === 409 ? a : b;
      expect(ErrorBodySchema.parse(loser.json()).error.message).toBe(messages.accountExists);
      expect(refreshCookie(loser)).toBeUndefined();
      expect(await usersWithEmail(email)).toBe(1);
    });

    it('refuses an oversize or non-image photo with 413/415 and leaves no account behind', async () => {
      const cases = [
        { bytes: oversizeFile(), status: 413, code: 'payload_too_large', message: uploadMessages.tooLarge },
        { bytes: textFile(), status: 415, code: 'unsupported_media_type', message: uploadMessages.unsupportedType },
        { bytes: svgImage(), status: 415, code: 'unsupported_media_type', message: uploadMessages.unsupportedType },
      ];
      for (const { bytes, status, code, message } of cases) {
        const email = uniqueEmail('badphoto');
        const response = await signUp(
          t,
          { name: 'Photo', email, password, role: 'user' },
          { image: { bytes, filename: 'me.jpg' } },
        );
        expect(response.statusCode).toBe(status);
        expect(ErrorBodySchema.parse(response.json()).error).toMatchObject({ code, message });
        expect(refreshCookie(response)).toBeUndefined();
        expect(await usersWithEmail(email)).toBe(0);
      }
    });

    it('asks for multipart form data when sent JSON, and creates nothing', async () => {
      const email = uniqueEmail();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { name: 'Json', email, password, role: 'user', image: 'http://x/y.jpg' },
        remoteAddress: '10.200.0.1',
      });
      expectError(response, 415, { code: 'unsupported_media_type', message: uploadMessages.notMultipart });
      expect(await usersWithEmail(email)).toBe(0);
    });

    it('stores SQL-ish and script-ish names as plain text and returns them inertly as JSON', async () => {
      const hostile = [`Robert'); DROP TABLE users;--`, `<script>alert("x")</script><img src=x onerror=alert(1)>`];
      for (const name of hostile) {
        const response = await signUp(t, { name, email: uniqueEmail('hostile'), password, role: 'user' });
        expect(response.statusCode).toBe(201);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        const session = AuthSessionSchema.parse(response.json());
        expect(session.user.name).toBe(name);
        const me = await t.app.inject({ url: '/api/me', headers: bearer(session.accessToken) });
        expect(MeSchema.parse(me.json()).name).toBe(name);
      }
      expect(await userCount()).toBeGreaterThan(0);
      const sqlish = await signUp(t, { name: 'x', email: `' OR 1=1 --`, password: `' OR '1'='1`, role: 'user' });
      expectError(sqlish, 400, {
        code: 'validation',
        message: authMessages.emailInvalid,
        fields: { email: authMessages.emailInvalid },
      });
    });
  });

  describe('POST /api/auth/login', () => {
    it('logs in with email (any case) and password and starts a session', async () => {
      const user = await insertPasswordUser(t.app.db, { role: 'seller', name: 'Login Larry', verified: true });
      const response = await logIn(t, { email: `  ${user.email.toUpperCase()} `, password });
      expect(response.statusCode).toBe(200);
      const session = AuthSessionSchema.parse(response.json());
      expect(session).toMatchObject({
        isNewUser: false,
        user: { id: user.id, email: user.email, role: 'seller', isVerified: true, name: 'Login Larry' },
      });
      expect(refreshCookie(response)).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
      const me = await t.app.inject({ url: '/api/me', headers: bearer(session.accessToken) });
      expect(me.statusCode).toBe(200);
    });

    it('says “User is Not Found” for an unknown email and “Password is Wrong Try again” for a wrong password', async () => {
      const unknown = await logIn(t, { email: uniqueEmail('nobody'), password });
      expectError(unknown, 401, {
        code: 'unauthorized',
        message: messages.userNotFound,
        fields: { email: messages.userNotFound },
      });
      expect(refreshCookie(unknown)).toBeUndefined();

      const user = await insertPasswordUser(t.app.db);
      const wrong = await logIn(t, { email: user.email, password: 'not-the-password' });
      expectError(wrong, 401, {
        code: 'unauthorized',
        message: messages.wrongPassword,
        fields: { password: messages.wrongPassword },
      });
      expect(refreshCookie(wrong)).toBeUndefined();
    });

    it('validates with the spec’s messages, including wrong types', async () => {
      expectError(await logIn(t, {}), 400, {
        code: 'validation',
        message: messages.emailRequired,
        fields: { email: messages.emailRequired, password: messages.passwordRequired },
      });
      expectError(await logIn(t, { email: 'a@b.co', password: '12345' }), 400, {
        code: 'validation',
        message: messages.passwordMin,
        fields: { password: messages.passwordMin },
      });
      const wrongTypes = await logIn(t, { email: 42, password: ['secret-passphrase'] });
      expectError(wrongTypes, 400, {
        code: 'validation',
        message: messages.emailRequired,
        fields: { email: messages.emailRequired, password: messages.passwordRequired },
      });
      const notJson = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": "a@b.co", ',
      });
      expect(notJson.statusCode).toBe(400);
      expect(ErrorBodySchema.parse(notJson.json()).error.code).toBe('validation');
    });

    it('gives nothing away to SQL-ish input', async () => {
      const user = await insertPasswordUser(t.app.db);
      const injected = await logIn(t, { email: `' OR 1=1 --`, password: `' OR '1'='1` });
      expectError(injected, 400, {
        code: 'validation',
        message: authMessages.emailInvalid,
        fields: { email: authMessages.emailInvalid },
      });
      const wrong = await logIn(t, { email: user.email, password: `' OR '1'='1' --` });
      expect(wrong.statusCode).toBe(401);
      expect(ErrorBodySchema.parse(wrong.json()).error.message).toBe(messages.wrongPassword);
    });

    it('tells a social-only account to use its provider', async () => {
      const user = await insertUser(t.app.db, { email: uniqueEmail('social'), passwordHash: null });
      await t.app.db.insert(identities).values({ userId: user.id, provider: 'google', subject: `sub-${user.id}` });
      const response = await logIn(t, { email: user.email, password });
      const message = authMessages.socialOnlyAccount(['Google']);
      expect(message).toContain('Google');
      expectError(response, 401, { code: 'unauthorized', message, fields: { email: message } });
    });

    it('refuses a disabled account even with the right password', async () => {
      const user = await insertPasswordUser(t.app.db, { disabledAt: new Date() });
      const response = await logIn(t, { email: user.email, password });
      expectError(response, 401, {
        code: 'unauthorized',
        message: authMessages.accountDisabled,
        fields: { email: authMessages.accountDisabled },
      });
      expect(refreshCookie(response)).toBeUndefined();
    });
  });
});
