import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ImageStorage } from './storage.ts';

/** Public URL prefix under which the API serves the uploads folder (immutable caching, plugins/web.ts). */
export const uploadsUrlPrefix = '/uploads/';

/** Images in a folder on this machine (`DATA_DIR/uploads`), served by the API itself. */
export const createDiskStorage = (uploadsDir: string): ImageStorage => {
  const root = path.resolve(uploadsDir);
  const fileOf = (key: string) => {
    const file = path.resolve(root, key);
    // Keys are made by our own code from content hashes; refuse anything that climbs out anyway.
    if (!file.startsWith(root + path.sep)) throw new Error(`Bad storage key: ${key}`);
    return file;
  };
  return {
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write aside, then rename: a reader never sees half a file, even when two uploads of the
      // same picture write the same key at once.
      const partial = `${file}.${randomUUID()}.partial`;
      try {
        await writeFile(partial, body);
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return { url: uploadsUrlPrefix + key };
    },
    async exists(key) {
      try {
        return (await stat(fileOf(key))).isFile();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      }
    },
    urlOf: (key) => uploadsUrlPrefix + key,
    async clear() {
      await rm(root, { recursive: true, force: true });
    },
  };
};
