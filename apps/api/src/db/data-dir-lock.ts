/**
 * The embedded database (PGlite in DATA_DIR/db) may be opened by one process at a time: two
 * processes writing the same folder would corrupt it. Whoever opens it (the server, `db:seed`,
 * `admin:create`) first takes this lock: a `db.lock` directory next to it (proper-lockfile, whose
 * mkdir is atomic), kept fresh while held and released on close or exit. A lock left by a process
 * that crashed is taken over: at once when its recorded owner process no longer exists, otherwise
 * once it has not been refreshed for `staleMs`.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import lockfile from 'proper-lockfile';

export interface DataDirLockOwner {
  pid: number;
  /** What holds it, e.g. 'the ReCell server' or 'npm run admin:create'. */
  purpose: string;
  since: string;
}

export class DataDirInUseError extends Error {
  constructor(
    readonly pgliteDir: string,
    readonly owner: DataDirLockOwner | undefined,
  ) {
    const who = owner ? `${owner.purpose} (process ${owner.pid}, since ${owner.since})` : 'another ReCell process';
    super(
      `The embedded database in ${pgliteDir} is in use by ${who}.\n` +
        'Only one process may open it at a time. Stop that process first and run this again, ' +
        'or set DATABASE_URL to a PostgreSQL server, which several processes can share.',
    );
    this.name = 'DataDirInUseError';
  }
}

export interface DataDirLock {
  release(): Promise<void>;
}

export interface LockOptions {
  purpose: string;
  /** How long to keep trying while another process holds it (the server waits for a restarting one). */
  waitMs?: number;
  /** A held lock that has not been refreshed for this long belongs to a dead process. */
  staleMs?: number;
  /** Called once when the lock is held by a live process and this one starts waiting for it. */
  onWaiting?: (owner: DataDirLockOwner | undefined) => void;
  /** Called if the lock is lost while held (another process took it over): stop using the database. */
  onCompromised?: (error: Error) => void;
}

const lockTarget = (pgliteDir: string) => path.resolve(pgliteDir);
const ownerFile = (pgliteDir: string) => `${lockTarget(pgliteDir)}.lock-owner.json`;

const readOwner = async (pgliteDir: string): Promise<DataDirLockOwner | undefined> => {
  try {
    return JSON.parse(await readFile(ownerFile(pgliteDir), 'utf8')) as DataDirLockOwner;
  } catch {
    return undefined;
  }
};

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const isLocked = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ELOCKED';

export const lockDataDir = async (pgliteDir: string, options: LockOptions): Promise<DataDirLock> => {
  const target = lockTarget(pgliteDir);
  await mkdir(path.dirname(target), { recursive: true });
  const staleMs = options.staleMs ?? 60_000;
  const lockOptions = {
    realpath: false,
    stale: staleMs,
    update: Math.min(10_000, staleMs / 2),
    onCompromised:
      options.onCompromised ?? ((error: Error) => console.error(`Lost the database lock: ${error.message}`)),
  };
  const deadline = Date.now() + (options.waitMs ?? 0);
  let unlock: (() => Promise<void>) | undefined;
  let isWaiting = false;
  for (;;) {
    try {
      unlock = await lockfile.lock(target, lockOptions);
      break;
    } catch (error) {
      if (!isLocked(error)) throw error;
      const owner = await readOwner(pgliteDir);
      if (owner && owner.pid !== process.pid && !isRunning(owner.pid)) {
        // Its owner crashed without releasing it; no need to wait for it to go stale.
        await rm(`${target}.lock`, { recursive: true, force: true });
        await rm(ownerFile(pgliteDir), { force: true });
        continue;
      }
      if (Date.now() >= deadline) throw new DataDirInUseError(target, owner);
      if (!isWaiting) options.onWaiting?.(owner);
      isWaiting = true;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  const owner: DataDirLockOwner = { pid: process.pid, purpose: options.purpose, since: new Date().toISOString() };
  await writeFile(ownerFile(pgliteDir), JSON.stringify(owner));
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      await rm(ownerFile(pgliteDir), { force: true });
      await unlock!().catch(() => {});
    },
  };
};

/** Runs `work` holding the lock when the database is the embedded one (no lock for PostgreSQL). */
export const withDataDirLock = async <T>(
  config: { databaseUrl: string | undefined; pgliteDir: string },
  purpose: string,
  work: () => Promise<T>,
): Promise<T> => {
  if (config.databaseUrl) return work();
  const lock = await lockDataDir(config.pgliteDir, { purpose });
  try {
    return await work();
  } finally {
    await lock.release();
  }
};

/**
 * What an operator's command (admin:create, jobs:run) does with the database: hold the embedded
 * data dir (refusing, changing nothing, while a server has it), open the database, run `work`, and
 * close it. Answers the command's exit code.
 */
export const withCommandDatabase = async <Handle extends { close(): Promise<void> }>(
  config: { databaseUrl: string | undefined; pgliteDir: string },
  purpose: string,
  options: { open: () => Promise<Handle>; out: Pick<Console, 'error'> },
  work: (database: Handle) => Promise<number>,
): Promise<number> => {
  try {
    return await withDataDirLock(config, purpose, async () => {
      const database = await options.open();
      try {
        return await work(database);
      } finally {
        await database.close();
      }
    });
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      options.out.error(`Nothing was changed. ${error.message}`);
      return 1;
    }
    throw error;
  }
};
