/**
 * `npm run admin:create`: creates or promotes an admin (the only way to get one), migrating a
 * fresh data dir first, and refusing without changing anything while a server holds the database.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AuthSessionSchema, messages } from '@recell/contract';
import { repoRoot } from '../src/config.ts';
import { runAdminCreate } from '../src/cli/admin-create.ts';
import { openDatabase } from '../src/db/client.ts';
import { lockDataDir } from '../src/db/data-dir-lock.ts';
import { users } from '../src/db/schema.ts';
import { verifyPassword } from '../src/modules/auth/index.ts';
import { findUserByEmail } from '../src/modules/users/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { bearer, insertPasswordUser, logIn, uniqueEmail } from './support/accounts.ts';

const adminPassword = 'admin-passphrase-1';

const capture = () => {
  const lines = { log: [] as string[], error: [] as string[] };
  return {
    lines,
    out: { log: (line: string) => lines.log.push(line), error: (line: string) => lines.error.push(line) },
  };
};

describe('npm run admin:create', () => {
  let t: TestApp;
  const tempDirs: string[] = [];
  const tempDataDir = async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'recell-admin-'));
    tempDirs.push(dir);
    return dir;
  };
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  /** The command, pointed at the test app's database (left open for the app). */
  const run = (argv: string[]) => {
    const { lines, out } = capture();
    const open = vi.fn(async () => ({ ...t.database, close: async () => {} }));
    const code = runAdminCreate(
      argv,
      { databaseUrl: 'postgres://test-app/db', pgliteDir: '/nonexistent' },
      { out, open },
    );
    return { code, lines, open };
  };

  it('creates an admin who can then log in as admin', async () => {
    const email = uniqueEmail('boss');
    const { code, lines } = run(['--email', email.toUpperCase(), '--password', adminPassword, '--name', 'Site Boss']);
    expect(await code).toBe(0);
    expect(lines.log.join('\n')).toContain(`Created the admin ${email}`);
    const response = await logIn(t, { email, password: adminPassword });
    expect(response.statusCode).toBe(200);
    const session = AuthSessionSchema.parse(response.json());
    expect(session.user).toMatchObject({ email, name: 'Site Boss', role: 'admin' });
    expect((await t.app.inject({ url: '/api/me', headers: bearer(session.accessToken) })).json()).toMatchObject({
      role: 'admin',
    });
  });

  it('promotes an existing account, sets the given password and enables it again', async () => {
    const seller = await insertPasswordUser(t.app.db, { role: 'seller', name: 'Promoted Pat', disabledAt: new Date() });
    const { code, lines } = run(['--email', seller.email, '--password', adminPassword]);
    expect(await code).toBe(0);
    expect(lines.log.join('\n')).toMatch(/is now an admin \(was a seller\).*enabled again/);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, seller.id));
    expect(row).toMatchObject({ role: 'admin', name: 'Promoted Pat', disabledAt: null });
    expect(await verifyPassword(row!.passwordHash!, adminPassword)).toBe(true);
    expect((await t.app.db.select().from(users).where(eq(users.email, seller.email))).length).toBe(1);
  });

  it('explains bad arguments and changes nothing', async () => {
    const email = uniqueEmail('nope');
    const cases: Array<[string[], RegExp]> = [
      [[], new RegExp(`--email: ${messages.emailRequired}[\\s\\S]*--password: ${messages.passwordRequired}`)],
      [['--email', email, '--password', '12345'], new RegExp(messages.passwordMin)],
      [['--email', 'not-an-email', '--password', adminPassword], /--email: Enter a valid email address/],
      [['--email', email, '--password', adminPassword, '--role', 'admin'], /Unknown option '--role'/],
    ];
    for (const [argv, message] of cases) {
      const { code, lines, open } = run(argv);
      expect(await code).toBe(2);
      expect(lines.error.join('\n')).toMatch(message);
      expect(lines.error.join('\n')).toContain('Usage: npm run admin:create -- --email');
      expect(open).not.toHaveBeenCalled();
    }
    expect(await findUserByEmail(t.app.db, email)).toBeUndefined();
  });

  it('works on a fresh embedded data dir: it migrates first, then releases the database', async () => {
    const dataDir = await tempDataDir();
    const pgliteDir = path.join(dataDir, 'db');
    const { lines, out } = capture();
    expect(
      await runAdminCreate(
        ['--email', 'first@recell.test', '--password', adminPassword],
        { databaseUrl: undefined, pgliteDir },
        { out },
      ),
    ).toBe(0);
    expect(lines.log.join('\n')).toContain('Created the admin first@recell.test (Admin)');

    const lock = await lockDataDir(pgliteDir, { purpose: 'test' }); // released: it can be taken again
    await lock.release();
    const database = await openDatabase({ pgliteDir });
    try {
      const admin = await findUserByEmail(database.db, 'first@recell.test');
      expect(admin).toMatchObject({ role: 'admin', name: 'Admin', verified: false });
    } finally {
      await database.close();
    }
  });

  it('refuses, changing nothing, while a running server holds the embedded database', async () => {
    const dataDir = await tempDataDir();
    const pgliteDir = path.join(dataDir, 'db');
    const server = await lockDataDir(pgliteDir, { purpose: 'the ReCell server' });
    try {
      const { lines, out } = capture();
      const open = vi.fn();
      const code = await runAdminCreate(
        ['--email', 'late@recell.test', '--password', adminPassword],
        { databaseUrl: undefined, pgliteDir },
        { out, open },
      );
      expect(code).toBe(1);
      expect(open).not.toHaveBeenCalled();
      expect(lines.error.join('\n')).toMatch(
        /^Nothing was changed\. The embedded database in .* is in use by the ReCell server \(process \d+/,
      );
      expect(existsSync(pgliteDir)).toBe(false);

      // The same through the npm script, as an operator runs it.
      const { DATABASE_URL: _ignored, ...env } = process.env;
      const result = await promisify(execFile)(
        'npm',
        ['run', '--silent', 'admin:create', '--', '--email', 'late@recell.test', '--password', adminPassword],
        { cwd: repoRoot, env: { ...env, DATA_DIR: dataDir, NODE_ENV: 'development' } },
      ).then(
        () => ({ code: 0, stderr: '' }),
        (error: { code: number; stderr: string }) => error,
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('Nothing was changed.');
      expect(result.stderr).toContain(`is in use by the ReCell server (process ${process.pid}`);
      expect(existsSync(pgliteDir)).toBe(false);
    } finally {
      await server.release();
    }
  });
});
