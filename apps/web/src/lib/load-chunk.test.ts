import { webTexts } from '@recell/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, loadChunk } from './load-chunk';

const chunk = { default: 'page' };
const failedFetch = () => new TypeError('Failed to fetch dynamically imported module');

describe('loadChunk', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loads a chunk', async () => {
    await expect(loadChunk(() => Promise.resolve(chunk))).resolves.toBe(chunk);
  });

  it('tries a failed chunk once more', async () => {
    const importer = vi.fn().mockRejectedValueOnce(failedFetch()).mockResolvedValueOnce(chunk);
    const reload = vi.fn();

    await expect(loadChunk(importer, { reload })).resolves.toBe(chunk);
    expect(importer).toHaveBeenCalledTimes(2);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads the page once when the chunk is gone, then gives up with a clear message', async () => {
    const importer = vi.fn().mockRejectedValue(failedFetch());
    const reload = vi.fn();

    void loadChunk(importer, { reload });
    await vi.waitFor(() => {
      expect(reload).toHaveBeenCalledOnce();
    });

    // after the reload, the same chunk still fails: no second reload
    const error = await loadChunk(importer, { reload }).catch((e: unknown) => e);
    expect(reload).toHaveBeenCalledOnce();
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toHaveProperty('message', webTexts.chunkLoadFailed);
  });

  it('may reload again for a later deploy once a chunk has loaded', async () => {
    const reload = vi.fn();
    void loadChunk(() => Promise.reject(failedFetch()), { reload });
    await vi.waitFor(() => {
      expect(reload).toHaveBeenCalledTimes(1);
    });

    await loadChunk(() => Promise.resolve(chunk), { reload });
    void loadChunk(() => Promise.reject(failedFetch()), { reload });
    await vi.waitFor(() => {
      expect(reload).toHaveBeenCalledTimes(2);
    });
  });

  it('gives up after the time-out', async () => {
    vi.useFakeTimers();
    const reload = vi.fn();
    const result = loadChunk(() => new Promise(() => {}), { reload, timeoutMs: 120_000 }).catch((e: unknown) => e);

    await vi.advanceTimersByTimeAsync(119_999);
    await vi.advanceTimersByTimeAsync(1);

    expect(await result).toBeInstanceOf(ChunkLoadError);
    expect(reload).not.toHaveBeenCalled();
  });
});
