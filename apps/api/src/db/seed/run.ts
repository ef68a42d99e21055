/** `npm run db:seed` — see command.ts. Stop a running server first when it uses the embedded PGlite. */
import { ConfigError, loadConfig } from '../../config.ts';
import { runSeedCommand } from './command.ts';

try {
  process.exitCode = await runSeedCommand(loadConfig());
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
