/** Where images live. Local disk by default; an S3-compatible store behind the same port later. */
export interface ImageStorage {
  /** Stores `body` under `key` (a content-addressed path like `ab/abcdef….webp`) and returns its public URL. */
  put(key: string, body: Buffer, contentType: string): Promise<{ url: string }>;
  /** Removes everything (used by the demo re-seed only). */
  clear?(): Promise<void>;
}
