import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from '../../../test/support/fake-s3.ts';
import { loadConfig } from '../../config.ts';
import { createStorage } from './index.ts';
import { createS3Storage, type S3StorageOptions } from './s3-storage.ts';

const credentials = { accessKeyId: 'AKIDRECELLTEST', secretAccessKey: 'recell-test-secret-key-0123456789' };

describe('S3 image storage (against a local S3-compatible server)', () => {
  let s3: FakeS3;
  let options: S3StorageOptions;
  beforeAll(async () => {
    s3 = await startFakeS3(credentials);
    options = {
      bucket: 'recell-images',
      region: 'eu-west-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      publicUrl: 'https://images.recell.test/',
      ...credentials,
    };
  });
  afterAll(() => s3.close());

  it('puts an object with its type and an immutable cache policy, signed with SigV4', async () => {
    const storage = createS3Storage(options);
    const body = Buffer.from('RIFF....WEBPVP8 not really a picture');
    const key = 'ab/abcdef.webp';
    expect(await storage.put(key, body, 'image/webp')).toEqual({ url: 'https://images.recell.test/ab/abcdef.webp' });

    const put = s3.requests.at(-1)!;
    expect(put.method).toBe('PUT');
    expect([put.bucket, put.key]).toEqual(['recell-images', key]);
    expect(put.body.equals(body)).toBe(true);
    expect(put.headers['content-type']).toBe('image/webp');
    expect(put.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(put.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDRECELLTEST\/\d{8}\/eu-west-1\/s3\/aws4_request, ?SignedHeaders=[^,]*host[^,]*, ?Signature=[a-f0-9]{64}$/,
    );
    expect(put.headers['x-amz-content-sha256']).toBe(createHash('sha256').update(body).digest('hex'));
    // The server recomputed the signature with the shared secret and it matched.
    expect(put.signatureValid).toBe(true);
  });

  it('tells whether a key exists (HEAD), false for a missing key', async () => {
    const storage = createS3Storage(options);
    await storage.put('cd/present.webp', Buffer.from('x'), 'image/webp');
    expect(await storage.exists('cd/present.webp')).toBe(true);
    expect(await storage.exists('cd/missing.webp')).toBe(false);
    const heads = s3.requests.filter((r) => r.method === 'HEAD');
    expect(heads.map((r) => r.key)).toEqual(['cd/present.webp', 'cd/missing.webp']);
    expect(heads.every((r) => r.signatureValid)).toBe(true);
    expect(storage.urlOf('cd/present.webp')).toBe('https://images.recell.test/cd/present.webp');
  });

  it('fails loudly (never "missing") when the store refuses the credentials', async () => {
    const storage = createS3Storage({ ...options, secretAccessKey: 'a-different-secret' });
    await expect(storage.put('ef/x.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow();
    await expect(storage.exists('cd/present.webp')).rejects.toThrow();
    await expect(storage.delete('cd/present.webp')).rejects.toThrow();
    await expect(storage.list()[Symbol.asyncIterator]().next()).rejects.toThrow();
    expect(s3.objects.has('recell-images/cd/present.webp')).toBe(true);
  });

  it('is what createStorage picks for STORAGE=s3, and disk otherwise', async () => {
    const config = loadConfig({
      STORAGE: 's3',
      S3_BUCKET: 'recell-images',
      S3_REGION: 'eu-west-1',
      S3_ENDPOINT: s3.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_PUBLIC_URL: 'https://cdn.recell.test/images',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    });
    const storage = createStorage(config);
    expect((await storage.put('12/from-config.webp', Buffer.from('x'), 'image/webp')).url).toBe(
      'https://cdn.recell.test/images/12/from-config.webp',
    );
    expect(s3.objects.has('recell-images/12/from-config.webp')).toBe(true);
    expect(createStorage(loadConfig({ DATA_DIR: '/tmp/recell-unused' })).urlOf('12/a.webp')).toBe('/uploads/12/a.webp');
  });

  it('lists every object page by page with its age, and deletes one (signed requests)', async () => {
    const storage = createS3Storage({ ...options, bucket: 'recell-listing', listPageSize: 2 });
    const keys = ['aa/1.webp', 'aa/1-400.webp', 'bb/2.webp', 'cc/3.webp', 'dd/4.webp'];
    for (const key of keys) await storage.put(key, Buffer.from(key), 'image/webp');
    const old = new Date('2026-01-02T03:04:05.000Z');
    s3.objects.get('recell-listing/bb/2.webp')!.modifiedAt = old;
    const before = s3.requests.length;

    const listed = [];
    for await (const object of storage.list()) listed.push(object);
    expect(listed.map((o) => o.key)).toEqual([...keys].sort());
    expect(listed.find((o) => o.key === 'bb/2.webp')!.modifiedAt).toEqual(old);
    expect(listed.find((o) => o.key === 'cc/3.webp')!.modifiedAt.getTime()).toBeGreaterThan(old.getTime());
    const lists = s3.requests.slice(before).filter((r) => r.method === 'GET');
    expect(lists).toHaveLength(3);
    expect(lists.every((r) => r.signatureValid)).toBe(true);

    await storage.delete('bb/2.webp');
    await storage.delete('bb/2.webp');
    expect(await storage.exists('bb/2.webp')).toBe(false);
    expect(await storage.exists('cc/3.webp')).toBe(true);
    const deletes = s3.requests.filter((r) => r.method === 'DELETE' && r.bucket === 'recell-listing');
    expect(deletes.map((r) => [r.bucket, r.key])).toEqual([
      ['recell-listing', 'bb/2.webp'],
      ['recell-listing', 'bb/2.webp'],
    ]);
    expect(deletes.every((r) => r.signatureValid)).toBe(true);
  });

  it('refuses half a key pair instead of silently using other credentials', () => {
    expect(() => createS3Storage({ ...options, secretAccessKey: undefined })).toThrow(/set both or neither/);
  });
});
