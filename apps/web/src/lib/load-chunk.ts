import { chunkLoadTimeoutMs, webTexts } from '@recell/contract';

/** A lazily loaded script chunk could not be loaded: the error screen offers a reload. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(options?: { cause?: unknown }) {
    super(webTexts.chunkLoadFailed, options);
  }
}

const reloadKey = 'recell-chunk-reload';

const withTimeout = <T>(promise: Promise<T>, ms: number) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError({ cause: new Error(`timed out after ${ms} ms`) })), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });

/**
 * Loads a lazy chunk. When it fails (typically: a deploy replaced the hashed files), it tries once
 * more, then reloads the page once to get the new index (a sessionStorage flag stops reload loops);
 * after that, or after `chunkLoadTimeoutMs` without an answer, it throws a ChunkLoadError.
 */
export async function loadChunk<T>(importer: () => Promise<T>, timeoutMs: number = chunkLoadTimeoutMs): Promise<T> {
  try {
    const loaded = await withTimeout(
      importer().catch(() => importer()),
      timeoutMs,
    );
    sessionStorage.removeItem(reloadKey);
    return loaded;
  } catch (error) {
    if (error instanceof ChunkLoadError) throw error;
    if (sessionStorage.getItem(reloadKey) === null) {
      sessionStorage.setItem(reloadKey, '1');
      window.location.reload();
      return new Promise<T>(() => {}); // the page is going away
    }
    throw new ChunkLoadError({ cause: error });
  }
}
