/** `npm run db:seed` — see db/seed/command.ts. Refuses while a running server holds the embedded PGlite. */
import { ConfigError, loadConfig } from '../config.ts';
import { DataDirInUseError, withDataDirLock } from '../db/data-dir-lock.ts';
import { safeErrorMessage } from '../lib/logging.ts';
import { hashPassword } from '../modules/auth/index.ts';
import { runSeedCommand } from '../db/seed/command.ts';
import type { SeedOptions } from '../db/seed/seed.ts';
import { recordDemoSaleMoney } from '../modules/payments/index.ts';

try {
  const config = loadConfig();
  const recordSaleMoney: SeedOptions['recordSaleMoney'] = (tx, sale) => recordDemoSaleMoney(tx, config.sellerFee, sale);
  process.exitCode = await withDataDirLock(config, 'npm run db:seed', () =>
    runSeedCommand(config, { hashPassword, recordSaleMoney }),
  );
} catch (error) {
  const isExpected = error instanceof ConfigError || error instanceof DataDirInUseError;
  // Printed without a failed query's parameters (the seeded users' emails and hashes).
  console.error(isExpected ? error.message : `Seeding failed: ${safeErrorMessage(error)}`);
  process.exitCode = 1;
}
