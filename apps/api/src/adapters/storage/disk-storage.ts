import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ImageStorage, StoredObject } from './storage.ts';

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
    list: () => walk(root, ''),
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async clear() {
      await rm(root, { recursive: true, force: true });
    },
  };
};

/** The files under `dir` in key order; half-written files (`….partial`) are not objects yet. */
async function* walk(dir: string, prefix: string): AsyncGenerator<StoredObject> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const key = prefix + entry.name;
    if (entry.isDirectory()) {
      yield* walk(path.join(dir, entry.name), `${key}/`);
    } else if (entry.isFile() && !entry.name.endsWith('.partial')) {
      try {
        yield { key, modifiedAt: (await stat(path.join(dir, entry.name))).mtime };
      } catch (error) {
        // Deleted between the listing and the look: it is no longer stored.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  }
}
