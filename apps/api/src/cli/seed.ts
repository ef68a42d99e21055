/** `npm run db:seed` — see db/seed/command.ts. Refuses while a running server holds the embedded PGlite. */
import { ConfigError, loadConfig } from '../config.ts';
import { DataDirInUseError, withDataDirLock } from '../db/data-dir-lock.ts';
import { safeErrorMessage } from '../lib/logging.ts';
import { hashPassword } from '../modules/auth/index.ts';
import { runSeedCommand } from '../db/seed/command.ts';

try {
  const config = loadConfig();
  process.exitCode = await withDataDirLock(config, 'npm run db:seed', () => runSeedCommand(config, { hashPassword }));
} catch (error) {
  const isExpected = error instanceof ConfigError || error instanceof DataDirInUseError;
  // Printed without a failed query's parameters (the seeded users' emails and hashes).
  console.error(isExpected ? error.message : `Seeding failed: ${safeErrorMessage(error)}`);
  process.exitCode = 1;
}
