/** `npm run db:seed` — see command.ts. Refuses while a running server holds the embedded PGlite. */
import { ConfigError, loadConfig } from '../../config.ts';
import { DataDirInUseError, withDataDirLock } from '../data-dir-lock.ts';
import { runSeedCommand } from './command.ts';

try {
  const config = loadConfig();
  process.exitCode = await withDataDirLock(config, 'npm run db:seed', () => runSeedCommand(config));
} catch (error) {
  if (!(error instanceof ConfigError) && !(error instanceof DataDirInUseError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
