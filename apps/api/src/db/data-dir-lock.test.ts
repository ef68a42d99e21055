import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir, withDataDirLock } from './data-dir-lock.ts';

describe('data-dir lock (one process per embedded database)', () => {
  const dirs: string[] = [];
  const pgliteDir = async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'recell-lock-'));
    dirs.push(dir);
    return path.join(dir, 'db');
  };
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('lets one holder in, names it to the next, and frees it on release', async () => {
    const dir = await pgliteDir();
    const lock = await lockDataDir(dir, { purpose: 'the ReCell server' });
    const refused = await lockDataDir(dir, { purpose: 'npm run admin:create' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DataDirInUseError);
    expect((refused as Error).message).toContain(`in use by the ReCell server (process ${process.pid}`);
    expect((refused as Error).message).toContain('Stop that process first');
    await lock.release();
    const again = await lockDataDir(dir, { purpose: 'npm run admin:create' });
    await again.release();
  });

  it('waits for a holder that is closing when asked to', async () => {
    const dir = await pgliteDir();
    const lock = await lockDataDir(dir, { purpose: 'old server' });
    setTimeout(() => void lock.release(), 700);
    const waited: unknown[] = [];
    const next = await lockDataDir(dir, {
      purpose: 'new server',
      waitMs: 5000,
      onWaiting: (owner) => waited.push(owner),
    });
    expect(waited).toHaveLength(1);
    await next.release();
  });

  it('takes over the lock of a process that crashed', async () => {
    const dir = await pgliteDir();
    // A lock whose owner process no longer exists is taken at once.
    const child = spawn(process.execPath, ['-e', '']);
    const deadPid = await new Promise<number>((resolve) => child.on('exit', () => resolve(child.pid!)));
    await mkdir(`${dir}.lock`);
    await writeFile(
      `${dir}.lock-owner.json`,
      JSON.stringify({ pid: deadPid, purpose: 'crashed server', since: '2026-01-01T00:00:00Z' }),
    );
    const taken = await lockDataDir(dir, { purpose: 'new server' });
    await taken.release();

    // Without an owner record, once it has not been refreshed for the stale time.
    await mkdir(`${dir}.lock`);
    const old = new Date(Date.now() - 120_000);
    await utimes(`${dir}.lock`, old, old);
    const recovered = await lockDataDir(dir, { purpose: 'new server', staleMs: 60_000 });
    await recovered.release();
    await expect(stat(`${dir}.lock`)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('is not taken for PostgreSQL, which many processes share', async () => {
    const dir = await pgliteDir();
    const held = await lockDataDir(dir, { purpose: 'the ReCell server' });
    try {
      expect(
        await withDataDirLock({ databaseUrl: 'postgres://x@127.0.0.1/y', pgliteDir: dir }, 'cli', async () => 'ran'),
      ).toBe('ran');
      await expect(
        withDataDirLock({ databaseUrl: undefined, pgliteDir: dir }, 'cli', async () => 'ran'),
      ).rejects.toBeInstanceOf(DataDirInUseError);
    } finally {
      await held.release();
    }
  });
});
