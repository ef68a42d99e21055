/**
 * Starts ReCell: validate config, open the database (PGlite or PostgreSQL), migrate, seed an empty
 * database, listen, and shut down gracefully on SIGINT/SIGTERM (finish in-flight requests, close
 * the database).
 */
import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createDiskStorage } from './adapters/storage/disk-storage.ts';
import { seedDatabase } from './db/seed/seed.ts';
import { buildApp } from './app.ts';

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

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.pgliteDir,
    poolMax: config.databasePoolMax,
  });
  await database.migrate();
  const storage = createDiskStorage(config.uploadsDir);
  if (config.seed !== 'none') await seedDatabase({ db: database.db, storage, mode: config.seed });

  const app = await buildApp({ config, database, storage });
  app.addHook('onClose', async () => database.close());

  closeWithGrace({ delay: config.shutdownGraceMs }, async ({ signal, err }) => {
    app.isShuttingDown = true;
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`ReCell is ready: http://localhost:${(app.server.address() as { port: number }).port} (${database.kind})`);
};

await main();
