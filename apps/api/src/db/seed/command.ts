/**
 * `npm run db:seed`: wipes the database and the uploaded images and loads the demo catalogue.
 * Refuses in production, where it would destroy real data.
 */
import type { Config } from '../../config.ts';
import { openDatabase, type DatabaseHandle } from '../client.ts';
import { createDiskStorage } from '../../adapters/storage/disk-storage.ts';
import { resetAndSeed, type SeedOptions } from './seed.ts';
import { demoPassword } from './demo-catalogue.ts';
import { demoAccountLines } from './demo-welcome.ts';

export type SeedCommandConfig = Pick<Config, 'nodeEnv' | 'databaseUrl' | 'pgliteDir' | 'uploadsDir'>;

export interface SeedCommandDeps {
  /** The auth module's password hasher (the demo accounts' one password). */
  hashPassword: SeedOptions['hashPassword'];
  /** The payments module's record of a demo sale's money (its fee, ledger and seller's share). */
  recordSaleMoney?: SeedOptions['recordSaleMoney'];
  out?: Pick<Console, 'log' | 'error'>;
  /** Opens the database the config names (tests hand in a prepared one). */
  open?: (config: SeedCommandConfig) => Promise<DatabaseHandle>;
}

const openConfigured = (config: SeedCommandConfig) =>
  openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** Runs the command and returns the process exit code. */
export const runSeedCommand = async (
  config: SeedCommandConfig,
  { hashPassword, recordSaleMoney, out = console, open = openConfigured }: SeedCommandDeps,
): Promise<number> => {
  if (config.nodeEnv === 'production') {
    out.error(
      'Refusing to seed: NODE_ENV is production, and seeding deletes every user, listing, order and image.\n' +
        'An empty production database gets its categories on the first start of the server.',
    );
    return 1;
  }
  const started = performance.now();
  const database = await open(config);
  try {
    await database.migrate();
    const seedStarted = performance.now();
    const { counts } = await resetAndSeed({
      db: database.db,
      storage: createDiskStorage(config.uploadsDir),
      mode: 'demo',
      hashPassword,
      recordSaleMoney,
    });
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const total = seconds(performance.now() - started);
    const seeding = seconds(performance.now() - seedStarted);
    const where = database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.pgliteDir}`;
    out.log(
      [
        `Seeded the demo data into ${where} in ${total} (${seeding} of it seeding):`,
        `  ${counts.categories} categories, ${counts.accounts} accounts, ${counts.listings} listings ` +
          `(${counts.advertised} advertised, ${counts.sold} sold), ${counts.images} images in ${config.uploadsDir}`,
        `  ${count(counts.booked, 'open order')}, ${count(counts.wishlisted, 'wishlisted phone')}, ` +
          `${count(counts.reported, 'open report')}`,
        `Accounts (password "${demoPassword}"):`,
        ...demoAccountLines(),
      ].join('\n'),
    );
    return 0;
  } finally {
    await database.close();
  }
};
