import { chunkLoadTimeoutMs, webTexts } from '@recell/contract';
import { lazy, useSyncExternalStore, type ComponentType } from 'react';

/** A lazily loaded script chunk could not be loaded: the error screen offers a reload. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(options?: { cause?: unknown }) {
    super(webTexts.chunkLoadFailed, options);
  }
}

const reloadKey = 'recell-chunk-reload';

// How many chunks are loading right now (the layout shows a progress bar meanwhile).
let pending = 0;
const listeners = new Set<() => void>();
const setPending = (change: number) => {
  pending += change;
  listeners.forEach((listener) => {
    listener();
  });
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
export const useIsChunkLoading = () =>
  useSyncExternalStore(
    subscribe,
    () => pending > 0,
    () => false,
  );

const withTimeout = <T>(promise: Promise<T>, ms: number) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new ChunkLoadError({ cause: new Error(`timed out after ${ms} ms`) }));
    }, ms);
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
export async function loadChunk<T>(
  importer: () => Promise<T>,
  {
    timeoutMs = chunkLoadTimeoutMs,
    reload = () => {
      window.location.reload();
    },
  }: { timeoutMs?: number; reload?: () => void } = {},
): Promise<T> {
  // Prerendering at build time: no page to reload, no session storage.
  if (typeof window === 'undefined') return importer();
  setPending(1);
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
      reload();
      return await new Promise<T>(() => {}); // the page is going away
    }
    throw new ChunkLoadError({ cause: error });
  } finally {
    setPending(-1);
  }
}

/** A route component in its own chunk, loaded on first render through `loadChunk`. */
export const lazyPage = (importer: () => Promise<{ default: ComponentType }>) => lazy(() => loadChunk(importer));
