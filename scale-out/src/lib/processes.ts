/**
 * Child processes of the suite (replicas, HAProxy, the card-processor peer): each in a process
 * group of its own, its output kept in a log file and a short tail in memory, and every one of them
 * killed when the suite ends, however it ends.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Date.now() when it exited. */
  at: number;
}

export interface Managed {
  name: string;
  pid: number;
  child: ChildProcess;
  exited: Promise<Exit>;
  /** Set once the process has exited. */
  exit: Exit | undefined;
  /** The last lines it printed (stdout and stderr). */
  tail(lines?: number): string;
  /** Resolves with the first stdout line matching `pattern` (within `timeoutMs`). */
  waitForLine(pattern: RegExp, timeoutMs: number): Promise<string>;
}

const alive = new Set<Managed>();

export interface StartOptions {
  env: Record<string, string>;
  cwd: string;
  logFile: string;
}

export const startProcess = (name: string, command: string, args: string[], options: StartOptions): Managed => {
  const log = createWriteStream(options.logFile, { flags: 'a' });
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    // A group of its own: kill -9 reaches everything it started, and a Ctrl-C of the suite does not
    // reach it before the suite's own clean-up does.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error(`${name}: could not start ${command}`);
  const lines: string[] = [];
  const listeners = new Set<(line: string) => void>();
  const collect = (chunk: Buffer) => {
    log.write(chunk);
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim() === '') continue;
      lines.push(line);
      if (lines.length > 200) lines.shift();
      for (const listener of listeners) listener(line);
    }
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const managed: Managed = {
    name,
    pid: child.pid,
    child,
    exit: undefined,
    exited: new Promise<Exit>((resolve) => {
      child.on('exit', (code, signal) => {
        const exit = { code, signal, at: Date.now() };
        managed.exit = exit;
        alive.delete(managed);
        log.end();
        resolve(exit);
      });
    }),
    tail: (count = 30) => lines.slice(-count).join('\n'),
    waitForLine: (pattern, timeoutMs) =>
      new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => {
          listeners.delete(listener);
          reject(
            new Error(`${name}: no line matching ${pattern} within ${timeoutMs} ms; it printed:\n${managed.tail()}`),
          );
        }, timeoutMs);
        const listener = (line: string) => {
          if (!pattern.test(line)) return;
          clearTimeout(timer);
          listeners.delete(listener);
          resolve(line);
        };
        listeners.add(listener);
        void managed.exited.then((exit) => {
          if (!listeners.has(listener)) return;
          clearTimeout(timer);
          listeners.delete(listener);
          reject(new Error(`${name} exited (${describeExit(exit)}) before printing ${pattern}:\n${managed.tail()}`));
        });
      }),
  };
  alive.add(managed);
  return managed;
};

export const describeExit = (exit: Exit) => (exit.signal ? `signal ${exit.signal}` : `code ${exit.code}`);

/** Sends `signal` to the process's whole group; harmless once it has gone. */
export const signalGroup = (managed: Managed, signal: NodeJS.Signals) => {
  try {
    process.kill(-managed.pid, signal);
  } catch {
    // already gone
  }
};

/** Stops `managed`: `signal` first, SIGKILL after `graceMs`; resolves with how it exited. */
export const stopProcess = async (managed: Managed, signal: NodeJS.Signals = 'SIGTERM', graceMs = 5000) => {
  if (managed.exit) return managed.exit;
  signalGroup(managed, signal);
  const timer = setTimeout(() => signalGroup(managed, 'SIGKILL'), graceMs);
  const exit = await managed.exited;
  clearTimeout(timer);
  // Anything it started and left behind goes too.
  signalGroup(managed, 'SIGKILL');
  return exit;
};

/** Last resort (process exit, a watchdog): SIGKILL to every group still running. */
export const killEverything = () => {
  for (const managed of alive) signalGroup(managed, 'SIGKILL');
};

process.on('exit', killEverything);
