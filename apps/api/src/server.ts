/**
 * Starts ReCell: validate config, start the demo mailbox (outside production without SMTP_URL), open
 * the database (PGlite or PostgreSQL), migrate, seed an empty database, listen, and shut down
 * gracefully on SIGINT/SIGTERM (on SIGTERM, readiness off and a drain first; then finish in-flight
 * requests and close the database).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirInUseError, lockDataDir, type DataDirLock } from './db/data-dir-lock.ts';
import { DemoMailboxError, startMail } from './adapters/mail/index.ts';
import { createStorage } from './adapters/storage/index.ts';
import { demoWelcome } from './db/seed/demo-welcome.ts';
import { seedDatabase } from './db/seed/seed.ts';
import { buildApp } from './app.ts';
import { scheduleJobs } from './jobs/start-jobs.ts';
import { hashPassword } from './modules/auth/index.ts';
import { recordDemoSaleMoney } from './modules/payments/index.ts';

const main = async () => {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // The embedded database belongs to one process: wait briefly for one that is shutting down
  // (a restart), refuse if another keeps it.
  let dataDirLock: DataDirLock | undefined;
  if (!config.databaseUrl) {
    try {
      dataDirLock = await lockDataDir(config.pgliteDir, {
        purpose: 'the ReCell server',
        waitMs: config.shutdownGraceMs + 5000,
        onWaiting: (owner) =>
          console.error(
            `${config.pgliteDir} is in use${owner ? ` by ${owner.purpose} (process ${owner.pid})` : ''}; ` +
              `waiting up to ${Math.round((config.shutdownGraceMs + 5000) / 1000)} s for it to close…`,
          ),
        onCompromised: (error) => {
          console.error(`Lost the lock on ${config.pgliteDir} (${error.message}); shutting down to protect the data.`);
          process.kill(process.pid, 'SIGTERM');
        },
      });
    } catch (error) {
      if (!(error instanceof DataDirInUseError)) throw error;
      console.error(error.message);
      process.exit(1);
    }
  }

  // The demo mailbox first: a port in use stops the start before the database is touched.
  let mail;
  try {
    mail = await startMail(config);
  } catch (error) {
    if (!(error instanceof DemoMailboxError)) throw error;
    console.error(error.message);
    await dataDirLock?.release();
    process.exit(1);
  }
  const { demoMailbox } = mail;

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.pgliteDir,
    poolMax: config.databasePoolMax,
    timeouts: config.databaseTimeouts,
  });
  // A deployment that migrates as its own step (npm run db:migrate) starts with MIGRATE_ON_START=false.
  if (config.migrateOnStart) await database.migrate();
  const storage = createStorage(config);
  const seeded =
    config.seed === 'none'
      ? undefined
      : await seedDatabase({
          db: database.db,
          storage,
          mode: config.seed,
          hashPassword,
          recordSaleMoney: (tx, sale) => recordDemoSaleMoney(tx, config.sellerFee, sale),
        });

  const app = await buildApp({
    config,
    database,
    storage,
    mailSender: mail.sender,
    demoMailboxUrl: demoMailbox?.webUrl,
  });
  app.addHook('onClose', async () => {
    if (demoMailbox) {
      // The sender's pooled connection first: the mailbox's SMTP server waits for open ones to end.
      await mail.sender.close();
      await demoMailbox.close();
    }
    await database.close();
    await dataDirLock?.release();
  });
  // Added after the database's close hook so it runs before it (Fastify runs onClose hooks last-first).
  const jobs =
    config.jobs === 'on'
      ? scheduleJobs(app, { databaseUrl: config.databaseUrl, graceMs: config.shutdownGraceMs / 2 })
      : undefined;

  closeWithGrace({ delay: config.shutdownGraceMs }, async ({ signal, err }) => {
    // Readiness fails from now on, and every answer carries Connection: close (app.ts).
    app.isShuttingDown = true;
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    // SIGTERM is an orchestrator's stop: keep serving while the balancer notices readiness is off and
    // moves traffic away. Ctrl-C (SIGINT) and a crash close at once.
    if (signal === 'SIGTERM' && config.shutdownDrainMs > 0) {
      app.log.info(`draining for ${config.shutdownDrainMs} ms before closing`);
      await sleep(config.shutdownDrainMs);
    }
    // Closes idle keep-alive connections, lets requests in flight finish, then closes the database.
    await app.close();
    app.log.info('shut down');
  });

  // Not ready until settled: a replica that joined the balancer while its start still held the
  // event loop would refuse its first requests under load shedding (docs/decisions/0070).
  if (config.loadShedding.maxEventLoopDelayMs > 0) app.isWarmingUp = true;
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `ReCell is ready: http://localhost:${(app.server.address() as { port: number }).port} (${database.kind})`,
  );
  if (demoMailbox) {
    app.log.info(`Demo mailbox (every email the site sends): ${demoMailbox.webUrl}`);
    if (!demoMailbox.opensLinks)
      app.log.warn("the demo mailbox opens an email's links inside its own frame: copy a link into the address bar");
  }
  // The start that filled an empty database says once how to sign in, whatever the log level.
  if (seeded?.seeded && config.seed === 'demo') console.log(demoWelcome(demoMailbox?.webUrl));
  await jobs?.start();
  if (app.isWarmingUp) await settle(app);
};

/** Calm samples of the event loop in a row (one a second, load shedding's) before readiness turns on. */
const calmSamplesToSettle = 2;
const settleLimitMs = 15_000;

/**
 * Waits until load shedding has seen the event loop calm for two samples in a row after the start's
 * own work (migrations, seeding, the jobs' start), then turns readiness on; at most 15 s, after
 * which the replica serves and shedding guards it as always.
 */
const settle = async (app: Awaited<ReturnType<typeof buildApp>>) => {
  const started = Date.now();
  let calm = 0;
  while (calm < calmSamplesToSettle && Date.now() - started < settleLimitMs) {
    await sleep(1000);
    calm = app.isUnderPressure() ? 0 : calm + 1;
  }
  app.isWarmingUp = false;
  app.log.info(`settled after ${Date.now() - started} ms: ready for traffic`);
};

await main();
