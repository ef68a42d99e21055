/**
 * CPU time spent by processes (Linux /proc), to tell where a request's cost goes — the API's
 * Node process or PostgreSQL's backends — independently of what else the machine is running.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';

const ticksPerSecond = 100;

/** utime + stime of a process in ms; 0 when it is gone or /proc is not there. */
const cpuMsOf = (pid: number): number => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return 0;
  }
};

/** The server processes of the connections to `databaseUrl`'s database, other than this one's. */
export const backendPids = async (databaseUrl: string): Promise<number[]> => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const rows = await client.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
         and backend_type = 'client backend'`,
    );
    return rows.rows.map((row) => row.pid);
  } catch {
    return [];
  } finally {
    await client.end();
  }
};

/** CPU ms of a set of processes between `start()` and `stop()` (processes seen at either end). */
export const cpuMeter = (pids: () => Promise<number[]>) => {
  let before = new Map<number, number>();
  return {
    async start() {
      before = new Map((await pids()).map((pid) => [pid, cpuMsOf(pid)]));
    },
    async stop(): Promise<number> {
      const now = new Set([...before.keys(), ...(await pids())]);
      let total = 0;
      for (const pid of now) total += Math.max(0, cpuMsOf(pid) - (before.get(pid) ?? 0));
      return total;
    },
  };
};
