/**
 * A short-lived, bounded, in-memory cache of serialized public first pages (a category's first
 * page per sort and filters, the home grid's first page). Most visits open exactly these pages, and
 * they are the same bytes for everyone for a second or two.
 *
 * - Entries live `ttlMs` (1 s by default): another API replica's change shows within that time.
 * - Every entry goes at once when `app.listingsChanged()` fires in this process (plugins/
 *   listing-changes.ts): a seller who removes a phone never sees it on the next load.
 * - A page computed while a change happened is not stored (the generation moved on), so a query
 *   that read the rows before a change cannot put them back after it.
 * - At most `maxEntries` pages; the oldest entry leaves first.
 *
 * Browsers never cache these answers (`cache-control: no-store` on the routes).
 *
 * A page is kept as JSON text, and compressed for each encoding the first time a visitor asks
 * for it (once a second, not once a request): most visitors' browsers accept br or gzip.
 */
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

export interface PageCacheOptions {
  ttlMs: number;
  maxEntries: number;
  /** The clock, in ms (tests move it). */
  now?: () => number;
}

export type PageEncoding = 'br' | 'gzip';

/** A cached page: its text, the compressed forms made so far, and the CSP hash of its own style if any. */
export interface CachedPage {
  body: string;
  encoded: Partial<Record<PageEncoding, Buffer>>;
  styleHash?: string;
}

interface Entry extends CachedPage {
  expiresAt: number;
}

/** Below this size a page is sent as it is (the app's compression threshold). */
export const compressThreshold = 1024;

/**
 * The page compressed for `encoding` (made once, then kept with the page). Brotli at the app's
 * quality (app.ts) unless told: the default 11 costs far more CPU than it saves here.
 */
export const encodedPage = (page: CachedPage, encoding: PageEncoding, brotliQuality = 4): Buffer =>
  (page.encoded[encoding] ??= encoding === 'br' ? brotli(page.body, brotliQuality) : gzipSync(page.body));

/** `body` compressed with brotli at `quality`. */
export const brotli = (body: string, quality: number): Buffer =>
  brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: quality } });

/**
 * The encoding to answer with, from Accept-Encoding: br or gzip, whichever has the higher q
 * (br on a tie, as the app prefers); undefined when neither is acceptable.
 */
export const preferredEncoding = (acceptEncoding: string | undefined): PageEncoding | undefined => {
  if (!acceptEncoding) return undefined;
  const q: Record<string, number> = {};
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((token) => token.trim());
    const qParam = params.find((param) => param.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q[name === 'x-gzip' ? 'gzip' : name] = Number.isFinite(value) ? value : 0;
  }
  const of = (name: PageEncoding) => q[name] ?? q['*'] ?? 0;
  const best = of('br') >= of('gzip') ? 'br' : 'gzip';
  return of(best) > 0 ? best : undefined;
};

export class PageCache {
  readonly #entries = new Map<string, Entry>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  #generation = 0;

  constructor(options: PageCacheOptions) {
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = options.maxEntries;
    this.#now = options.now ?? (() => Date.now());
  }

  get enabled() {
    return this.#ttlMs > 0 && this.#maxEntries > 0;
  }

  /** How many pages are held (expired ones included until they are looked up or pushed out). */
  get size() {
    return this.#entries.size;
  }

  /** Taken before a page is computed; `set` stores the page only if no change happened since. */
  get generation() {
    return this.#generation;
  }

  get(key: string): CachedPage | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.#now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  set(key: string, body: string, generation: number, styleHash?: string) {
    if (!this.enabled || generation !== this.#generation) return;
    this.#entries.delete(key);
    this.#entries.set(key, { body, encoded: {}, styleHash, expiresAt: this.#now() + this.#ttlMs });
    // A Map iterates in insertion order: the first key is the oldest entry.
    while (this.#entries.size > this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
  }

  clear() {
    this.#generation += 1;
    this.#entries.clear();
  }
}
