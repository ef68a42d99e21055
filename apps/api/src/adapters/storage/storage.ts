/**
 * Where images live: local disk by default (`disk-storage.ts`), or an S3-compatible bucket
 * (`s3-storage.ts`) behind the same port. `index.ts` picks one from the configuration.
 *
 * Keys are made by our own code from content hashes (`ab/abcdef….webp`), so an object never
 * changes once written and may be cached forever.
 */
/** A stored object as a listing sees it: its key and when it was last written. */
export interface StoredObject {
  key: string;
  modifiedAt: Date;
}

export interface ImageStorage {
  /** Stores `body` under `key` and returns its public URL. Writing a key again is harmless (same content). */
  put(key: string, body: Buffer, contentType: string): Promise<{ url: string }>;
  /** Whether an object is stored under `key`. */
  exists(key: string): Promise<boolean>;
  /** The public URL of `key` (whether or not it exists). */
  urlOf(key: string): string;
  /**
   * Every stored object, in key order (a picture's copies `<id>-400`, `<id>-800` and `<id>` come
   * together), read page by page so a large store never sits in memory at once.
   */
  list(): AsyncIterable<StoredObject>;
  /** Removes the object under `key`; removing one that is already gone is harmless. */
  delete(key: string): Promise<void>;
  /** Removes everything (used by the demo re-seed only; not offered by shared stores). */
  clear?(): Promise<void>;
}

/** How browsers may keep a stored image: a key never changes content, so for a year. */
export const immutableCacheControl = 'public, max-age=31536000, immutable';
