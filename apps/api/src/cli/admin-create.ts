/**
 * `npm run admin:create -- --email admin@example.com --password '…' [--name 'Site Admin']`
 *
 * Creates an admin account, or makes an existing account an admin (setting the given password and
 * re-enabling it if it was disabled), in the database DATA_DIR / DATABASE_URL point at. Migrates
 * first, so it works on a fresh data dir. Sign-up can never make an admin; this is the only way.
 * With the embedded database it refuses, changing nothing, while a running server holds it.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { EmailSchema, NameSchema, PasswordSchema } from '@recell/contract';
import { z } from 'zod';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { withCommandDatabase } from '../db/data-dir-lock.ts';
import { safeErrorMessage } from '../lib/logging.ts';
import { hashPassword } from '../modules/auth/index.ts';
import * as users from '../modules/users/index.ts';

export const adminCreateUsage = 'Usage: npm run admin:create -- --email <email> --password <password> [--name <name>]';

export type AdminCreateConfig = Pick<Config, 'databaseUrl' | 'pgliteDir'>;

export interface AdminCreateDeps {
  out?: Pick<Console, 'log' | 'error'>;
  /** Opens the configured database (tests hand in a prepared one). */
  open?: (config: AdminCreateConfig) => Promise<DatabaseHandle>;
}

const ArgsSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  name: NameSchema.default('Admin'),
});

const parse = (argv: string[]) => {
  const { values } = parseArgs({
    args: argv,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: false,
  });
  return values;
};

const openConfigured = (config: AdminCreateConfig) =>
  openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });

/** Runs the command and returns the process exit code. */
export const runAdminCreate = async (
  argv: string[],
  config: AdminCreateConfig,
  { out = console, open = openConfigured }: AdminCreateDeps = {},
): Promise<number> => {
  let values: ReturnType<typeof parse>;
  try {
    values = parse(argv);
  } catch (error) {
    out.error(`${(error as Error).message}\n${adminCreateUsage}`);
    return 2;
  }
  if (values.help) {
    out.log(adminCreateUsage);
    return 0;
  }
  const parsed = ArgsSchema.safeParse({ email: values.email, password: values.password, name: values.name });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  --${issue.path.join('.')}: ${issue.message}`);
    out.error(['Cannot create the admin:', ...problems, adminCreateUsage].join('\n'));
    return 2;
  }
  const { email, password, name } = parsed.data;

  return withCommandDatabase(config, 'npm run admin:create', { open: () => open(config), out }, async (database) => {
    await database.migrate();
    const passwordHash = await hashPassword(password);
    const existing = await users.findUserByEmail(database.db, email);
    if (existing) {
      await users.updateUser(database.db, existing.id, { role: 'admin', passwordHash, disabledAt: null });
      const was =
        existing.role === 'admin' ? 'already an admin' : `was a ${existing.role === 'user' ? 'buyer' : 'seller'}`;
      out.log(
        `${existing.email} is now an admin (${was}); its password is the one you gave` +
          `${existing.disabledAt ? ', and the account is enabled again' : ''}.`,
      );
    } else {
      await users.insertUser(database.db, {
        name,
        email,
        passwordHash,
        role: 'admin',
        imageUrl: null,
        emailConfirmedAt: new Date(),
      });
      out.log(`Created the admin ${email} (${name}). Log in with that email and password.`);
    }
    return 0;
  });
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    process.exitCode = await runAdminCreate(process.argv.slice(2), loadConfig());
  } catch (error) {
    // Printed without a failed query's parameters: they hold the new password's hash and the email.
    console.error(error instanceof ConfigError ? error.message : `Cannot create the admin: ${safeErrorMessage(error)}`);
    process.exitCode = 1;
  }
}
