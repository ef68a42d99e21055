/** GET and PATCH /api/me: the signed-in user, and the only things they may change (name, photo). */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authMessages,
  ErrorBodySchema,
  MeSchema,
  messages,
  uploadMessages,
  UploadedImageSchema,
} from '@recell/contract';
import { users } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { bearer, insertPasswordUser, photo, sessionOf } from './support/accounts.ts';
import { multipartBody } from './support/images.ts';

describe('/api/me', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signedIn = async (overrides: Parameters<typeof insertPasswordUser>[1] = {}) => {
    const user = await insertPasswordUser(t.app.db, overrides);
    const { session } = await sessionOf(t, user.email);
    return { user, headers: bearer(session.accessToken) };
  };
  const patch = (headers: Record<string, string>, payload: unknown) =>
    t.app.inject({ method: 'PATCH', url: '/api/me', headers, payload: payload as object });

  it('GET answers the signed-in user with role and verified flag', async () => {
    const { user, headers } = await signedIn({
      name: 'Sam Seller',
      role: 'seller',
      verified: true,
      imageUrl: '/uploads/s.webp',
    });
    const response = await t.app.inject({ url: '/api/me', headers });
    expect(response.statusCode).toBe(200);
    expect(MeSchema.parse(response.json())).toEqual({
      id: user.id,
      name: 'Sam Seller',
      email: user.email,
      role: 'seller',
      isVerified: true,
      isEmailConfirmed: true,
      imageUrl: '/uploads/s.webp',
      createdAt: user.createdAt.toISOString(),
    });
    expect(response.body).not.toContain('password');
  });

  it('answers 401 with the spec’s message when not signed in, before looking at the body', async () => {
    for (const response of [
      await t.app.inject('/api/me'),
      await t.app.inject({ method: 'PATCH', url: '/api/me', payload: { role: 'admin' } }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(ErrorBodySchema.parse(response.json())).toEqual({
        error: { code: 'unauthorized', message: messages.unauthorized },
      });
    }
  });

  it('PATCH changes the name', async () => {
    const { user, headers } = await signedIn({ name: 'Old Name' });
    const response = await patch(headers, { name: '  New Name ' });
    expect(response.statusCode).toBe(200);
    expect(MeSchema.parse(response.json())).toMatchObject({ id: user.id, name: 'New Name' });
    expect(MeSchema.parse((await t.app.inject({ url: '/api/me', headers })).json()).name).toBe('New Name');
  });

  it('PATCH changes the photo to an uploaded image, and refuses an id nothing was uploaded under', async () => {
    const { user, headers } = await signedIn();
    const form = multipartBody([
      { name: 'image', filename: 'me.jpg', contentType: 'image/jpeg', bytes: await photo() },
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    const image = UploadedImageSchema.parse(uploaded.json());

    const response = await patch(headers, { imageId: image.id });
    expect(response.statusCode).toBe(200);
    expect(MeSchema.parse(response.json()).imageUrl).toBe(image.url);

    const unknown = await patch(headers, { imageId: 'f'.repeat(64) });
    expect(unknown.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(unknown.json()).error).toEqual({
      code: 'validation',
      message: uploadMessages.imageNotFound,
      fields: { imageId: uploadMessages.imageNotFound },
    });
    const malformed = await patch(headers, { imageId: '../../etc/passwd' });
    expect(malformed.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(malformed.json()).error.fields).toHaveProperty('imageId');
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.imageUrl).toBe(image.url);
  });

  it('refuses any other property, so nobody can make themselves an admin, verified or someone else', async () => {
    const { user, headers } = await signedIn({ role: 'user', name: 'Eve' });
    const attempts = [
      { role: 'admin' },
      { name: 'Eve', role: 'admin' },
      { verified: true },
      { isVerified: true },
      { email: 'admin@recell.test' },
      { id: '00000000-0000-4000-8000-000000000000', name: 'Eve' },
      { passwordHash: 'x' },
    ];
    for (const payload of attempts) {
      const response = await patch(headers, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const { error } = ErrorBodySchema.parse(response.json());
      expect(error.code).toBe('validation');
      const extra = Object.keys(payload).filter((key) => key !== 'name');
      expect(error.message).toBe(authMessages.profileFieldsOnly(extra));
    }
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ role: 'user', verified: false, email: user.email, name: 'Eve' });
  });

  it('refuses an empty or badly typed update with a clear message', async () => {
    const { headers } = await signedIn();
    const empty = await patch(headers, {});
    expect(empty.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(empty.json()).error.message).toBe(authMessages.nothingToUpdate);
    const blank = await patch(headers, { name: '   ' });
    expect(ErrorBodySchema.parse(blank.json()).error).toEqual({
      code: 'validation',
      message: messages.nameRequired,
      fields: { name: messages.nameRequired },
    });
    const wrongType = await patch(headers, { name: 42 });
    expect(wrongType.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(wrongType.json()).error.fields).toEqual({ name: messages.nameRequired });
    const tooLong = await patch(headers, { name: 'x'.repeat(81) });
    expect(ErrorBodySchema.parse(tooLong.json()).error.message).toBe(authMessages.nameTooLong);
  });

  it('stores a script-ish name as text and returns it as JSON', async () => {
    const { headers } = await signedIn();
    const name = `<img src=x onerror=alert(1)>'; DROP TABLE users;--`;
    const response = await patch(headers, { name });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(MeSchema.parse(response.json()).name).toBe(name);
  });
});
