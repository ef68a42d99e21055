/**
 * Accounts: signed-in callers of each role and the cast of a marketplace test, and for the identity
 * tests sign-up forms, password users, and the refresh cookie.
 */
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll } from 'vitest';
import { AuthSessionSchema, type Role } from '@recell/contract';
import type { Database } from '../../src/db/client.ts';
import { hashPassword, refreshCookieName } from '../../src/modules/auth/index.ts';
import { insertUser } from '../fixtures.ts';
import type { TestApp } from '../helpers.ts';
import { multipartBody, phoneJpeg } from './images.ts';

export interface Caller {
  id: string;
  role: Role;
  headers: Record<string, string>;
}

/** A user of the role ('user' is a buyer) with a valid access token (the real token service, as login issues). */
export const callerWithRole = async (t: TestApp, role: Role, overrides: Parameters<typeof insertUser>[1] = {}) => {
  const user = await insertUser(t.app.db, {
    role,
    name: `${role} ${Math.random().toString(36).slice(2, 7)}`,
    ...overrides,
  });
  const { token } = await t.app.accessTokens.sign({ userId: user.id, role: user.role });
  return { id: user.id, role: user.role, headers: { authorization: `Bearer ${token}` } } satisfies Caller;
};

/**
 * The value of the signed-in hint cookie a sign-in sets (signed with the app's cookie secret,
 * naming when its session ends), good for `seconds`; what a page request of someone signed in carries.
 */
export const signedInHint = (t: TestApp, seconds = 3600) =>
  t.app.signCookie(String(Math.floor(Date.now() / 1000) + seconds));

/** The headers of a request as `caller`, or none (anonymous). */
export const headersOf = (caller: Pick<Caller, 'headers'> | null) => caller?.headers ?? {};

/** One signed-in account of each part a marketplace test needs. */
export interface Cast {
  /** A verified seller named 'Marcus Bennett'. */
  seller: Caller;
  otherSeller: Caller;
  /** A buyer (role 'user') named 'Daniel Kim'. */
  buyer: Caller;
  otherBuyer: Caller;
  admin: Caller;
}

export type CastOverrides = Partial<Record<keyof Cast, Parameters<typeof insertUser>[1]>>;

export const castOf = async (t: TestApp, overrides: CastOverrides = {}): Promise<Cast> => ({
  seller: await callerWithRole(t, 'seller', { name: 'Marcus Bennett', verified: true, ...overrides.seller }),
  otherSeller: await callerWithRole(t, 'seller', overrides.otherSeller),
  buyer: await callerWithRole(t, 'user', { name: 'Daniel Kim', ...overrides.buyer }),
  otherBuyer: await callerWithRole(t, 'user', overrides.otherBuyer),
  admin: await callerWithRole(t, 'admin', overrides.admin),
});

/** The file's cast, signed in before its tests (after `useTestApp`'s app is up): `cast.seller`, `cast.buyer`, … */
export const useCast = (t: TestApp, overrides: CastOverrides = {}): Cast => {
  const cast = {} as Cast;
  beforeAll(async () => {
    Object.assign(cast, await castOf(t, overrides));
  });
  return cast;
};

export const password = 'secret-passphrase';

let hashed: Promise<string> | undefined;
/** One argon2id hash of `password`, made once per file (hashing is deliberately slow). */
export const passwordHash = () => (hashed ??= hashPassword(password));

/** A fresh client address, so the per-IP attempt limits of one test never reach another's. */
export const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

export const uniqueEmail = (label = 'person') => `${label}-${randomUUID().slice(0, 8)}@recell.test`;

/** A user who can log in with `password`. */
export const insertPasswordUser = async (db: Database, overrides: Parameters<typeof insertUser>[1] = {}) =>
  insertUser(db, { email: uniqueEmail(), passwordHash: await passwordHash(), ...overrides });

let smallPhoto: Promise<Buffer> | undefined;
export const photo = () => (smallPhoto ??= phoneJpeg(240, 180));

type Part = Parameters<typeof multipartBody>[0][number];

/** POST /api/auth/signup with these text fields and (unless `image: null`) a small JPEG photo. */
export const signUp = async (
  t: TestApp,
  fields: Record<string, string>,
  options: {
    image?: { bytes: Buffer; filename?: string; contentType?: string } | null;
    remoteAddress?: string;
    /** Extra request headers (where the browser says the form came from). */
    headers?: Record<string, string>;
  } = {},
) => {
  const parts: Part[] = Object.entries(fields).map(([name, value]) => ({ name, value }));
  if (options.image !== null) {
    const image = options.image ?? { bytes: await photo() };
    parts.push({
      name: 'image',
      filename: image.filename ?? 'me.jpg',
      contentType: image.contentType ?? 'image/jpeg',
      bytes: image.bytes,
    });
  }
  const form = multipartBody(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    headers: { ...options.headers, ...form.headers },
    payload: form.payload,
    remoteAddress: options.remoteAddress ?? randomIp(),
  });
};

export const logIn = (t: TestApp, body: unknown, remoteAddress = randomIp(), headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: body as object, remoteAddress, headers });

/** The refresh cookie a response set (its value is '' when the response cleared it). */
export const refreshCookie = (response: LightMyRequestResponse) =>
  response.cookies.find((c: { name: string }) => c.name === refreshCookieName) as
    | {
        name: string;
        value: string;
        path?: string;
        httpOnly?: boolean;
        sameSite?: string;
        secure?: boolean;
        maxAge?: number;
        expires?: Date;
      }
    | undefined;

export const refresh = (t: TestApp, token: string | undefined, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    headers,
    ...(token !== undefined ? { cookies: { [refreshCookieName]: token } } : {}),
  });

/** Logs `user` in through the API and returns the session body and its refresh token. */
export const sessionOf = async (t: TestApp, email: string) => {
  const response = await logIn(t, { email, password });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return { session: AuthSessionSchema.parse(response.json()), refreshToken: refreshCookie(response)!.value };
};

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
