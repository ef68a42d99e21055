import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ImageStorage } from './storage.ts';

/** Public URL prefix under which the API serves the uploads folder (immutable caching). */
export const uploadsUrlPrefix = '/uploads/';

export const createDiskStorage = (uploadsDir: string): ImageStorage => ({
  async put(key, body) {
    const file = path.join(uploadsDir, key);
    // Keys are made by our own code from content hashes; refuse anything that climbs out anyway.
    if (!file.startsWith(path.resolve(uploadsDir) + path.sep)) throw new Error(`Bad storage key: ${key}`);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, body);
    return { url: uploadsUrlPrefix + key };
  },
  async clear() {
    await rm(uploadsDir, { recursive: true, force: true });
  },
});
