/**
 * `npm run jobs:run -- <job>` (e.g. `reconcile-payments`)
 *
 * Runs one background job once, now, against the database DATA_DIR / DATABASE_URL point at, and
 * prints one JSON line with what it did: `{"job":"…","result":{…}}`. Exit code 0 when the job
 * ran, 1 when it failed (or the embedded database is in use), 2 for a wrong command line. Logs go
 * to stderr. Running a job while the servers also run it is harmless: every job is idempotent.
 * With the embedded database it refuses, changing nothing, while a running server holds it (that
 * server runs the jobs itself).
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { withCommandDatabase } from '../db/data-dir-lock.ts';
import { jobDepsOfConfig } from '../jobs/job-deps.ts';
import type { JobDeps } from '../jobs/job.ts';
import { findJob, jobDefinitions, runJob } from '../jobs/jobs.ts';
import { safeErrorMessage, standaloneLogger } from '../lib/logging.ts';

export const runJobUsage = `Usage: npm run jobs:run -- <job>\nJobs: ${jobDefinitions.map((job) => job.name).join(', ')}`;

export interface RunJobCommandDeps {
  out?: Pick<Console, 'log' | 'error'>;
  /** Opens the configured database (tests hand in a prepared one). */
  open?: (config: Config) => Promise<DatabaseHandle>;
  /** Builds the job's dependencies (tests swap the clock or the storage). */
  deps?: (config: Config, database: DatabaseHandle, log: FastifyBaseLogger) => JobDeps;
  log?: FastifyBaseLogger;
  /** Aborted to ask the job to stop at its next batch boundary (SIGINT/SIGTERM). */
  signal?: AbortSignal;
}

const openConfigured = (config: Config) =>
  openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir, poolMax: 2 });

/** pino, as the server logs, but to stderr: stdout carries only the result line. */
const stderrLog = (config: Config): FastifyBaseLogger => standaloneLogger(config.logLevel, process.stderr);

/** Runs the command and returns the process exit code. */
export const runJobCommand = async (
  argv: string[],
  config: Config,
  {
    out = console,
    open = openConfigured,
    deps = (c, database, log) => jobDepsOfConfig(c, database.db, log),
    log,
    signal = new AbortController().signal,
  }: RunJobCommandDeps = {},
): Promise<number> => {
  let positionals: string[];
  let isHelp: boolean | undefined;
  try {
    const parsed = parseArgs({
      args: argv,
      options: { help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: true,
    });
    positionals = parsed.positionals;
    isHelp = parsed.values.help;
  } catch (error) {
    out.error(`${(error as Error).message}\n${runJobUsage}`);
    return 2;
  }
  if (isHelp) {
    out.log(runJobUsage);
    return 0;
  }
  const job = positionals.length === 1 ? findJob(positionals[0]!) : undefined;
  if (!job) {
    out.error(
      `${positionals.length === 1 ? `There is no job named "${positionals[0]}".` : 'Name one job to run.'}\n${runJobUsage}`,
    );
    return 2;
  }

  return withCommandDatabase(config, 'npm run jobs:run', { open: () => open(config), out }, async (database) => {
    const jobDeps = deps(config, database, log ?? stderrLog(config));
    try {
      const result = await runJob(job, jobDeps, { signal });
      out.log(JSON.stringify({ job: job.name, result }));
      return 0;
    } catch (error) {
      out.error(`The job ${job.name} failed: ${safeErrorMessage(error)}`);
      return 1;
    } finally {
      // The SMTP connection pool would keep the command alive.
      await jobDeps.mail.close();
    }
  });
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const stopping = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stopping.abort());
  try {
    process.exitCode = await runJobCommand(process.argv.slice(2), loadConfig(), { signal: stopping.signal });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}
