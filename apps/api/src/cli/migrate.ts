/**
 * `npm run db:migrate` (or `node dist/migrate.js`): applies pending migrations and exits, so a
 * deployment migrates once as its own step before the servers start (MIGRATE_ON_START=false). On
 * PostgreSQL it takes the same advisory lock a migrating server takes; on PGlite it refuses while a
 * running server holds the data folder.
 */
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { DataDirInUseError, withDataDirLock } from '../db/data-dir-lock.ts';

try {
  const config = loadConfig();
  await withDataDirLock(config, 'npm run db:migrate', async () => {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir, poolMax: 2 });
    try {
      await database.migrate();
      console.log(`Migrations applied (${database.kind}).`);
    } finally {
      await database.close();
    }
  });
} catch (error) {
  if (!(error instanceof ConfigError) && !(error instanceof DataDirInUseError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
