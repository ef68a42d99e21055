import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from './disk-storage.ts';
import type { StoredObject } from './storage.ts';

const listAll = async (storage: ReturnType<typeof createDiskStorage>) => {
  const listed: StoredObject[] = [];
  for await (const object of storage.list()) listed.push(object);
  return listed;
};

describe('disk image storage: listing and deleting', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'recell-disk-storage-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('lists every stored object in key order with when it was written, never a half-written file', async () => {
    const storage = createDiskStorage(path.join(dir, 'uploads'));
    expect(await listAll(storage)).toEqual([]);
    for (const key of ['bb/2.webp', 'aa/1.webp', 'aa/1-400.webp'])
      await storage.put(key, Buffer.from(key), 'image/webp');
    await writeFile(path.join(dir, 'uploads/aa/1.webp.0b1f.partial'), 'half');
    const old = new Date('2026-01-02T03:04:05.000Z');
    await utimes(path.join(dir, 'uploads/bb/2.webp'), old, old);

    const listed = await listAll(storage);
    expect(listed.map((o) => o.key)).toEqual(['aa/1-400.webp', 'aa/1.webp', 'bb/2.webp']);
    expect(listed[2]!.modifiedAt).toEqual(old);
    expect(listed[0]!.modifiedAt.getTime()).toBeGreaterThan(old.getTime());
  });

  it('deletes one object; deleting it again is harmless; a key that climbs out is refused', async () => {
    const storage = createDiskStorage(path.join(dir, 'uploads'));
    await storage.delete('aa/1-400.webp');
    await storage.delete('aa/1-400.webp');
    expect(await storage.exists('aa/1-400.webp')).toBe(false);
    expect(await storage.exists('aa/1.webp')).toBe(true);
    await expect(storage.delete('../outside.webp')).rejects.toThrow(/Bad storage key/);
  });
});
