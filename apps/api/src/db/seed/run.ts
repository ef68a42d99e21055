/** `npm run db:seed` — see command.ts. Refuses while a running server holds the embedded PGlite. */
import { ConfigError, loadConfig } from '../../config.ts';
import { DataDirInUseError, withDataDirLock } from '../data-dir-lock.ts';
import { safeErrorMessage } from '../../lib/logging.ts';
import { runSeedCommand } from './command.ts';

try {
  const config = loadConfig();
  process.exitCode = await withDataDirLock(config, 'npm run db:seed', () => runSeedCommand(config));
} catch (error) {
  const isExpected = error instanceof ConfigError || error instanceof DataDirInUseError;
  // Printed without a failed query's parameters (the seeded users' emails and hashes).
  console.error(isExpected ? error.message : `Seeding failed: ${safeErrorMessage(error)}`);
  process.exitCode = 1;
}
