/**
 * Log lines never carry what a failed query was given (a password's hash, an email, a phone
 * number), from the server, its jobs or the commands' loggers; the failure itself is still logged.
 * The faults are real database errors, raised by triggers with the values in their detail, as
 * PostgreSQL's own unique violations do ("Key (email)=(…) already exists").
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { outboxEmails, users } from '../src/db/schema.ts';
import { jobDepsOfApp } from '../src/jobs/job-deps.ts';
import type { JobDefinition } from '../src/jobs/job.ts';
import { runJob } from '../src/jobs/jobs.ts';
import { safeErrorMessage, standaloneLogger } from '../src/lib/logging.ts';
import { insertCategories, insertProduct } from './fixtures.ts';
import { createTestDatabase, type TestDatabase } from './helpers.ts';
import { callerWithRole, password, signUp, uniqueEmail } from './support/accounts.ts';

/** Collects every line written to it, as the process's stdout would carry them. */
const memoryLog = () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines, text: () => lines.join('\n') };
};

/** Inserts of users named `Fault Injected` and orders for `phone` fail, with the row's values in the error. */
const injectFaults = async (db: TestDatabase['db'], phone: string) => {
  await db.execute(
    sql.raw(`create function recell_test_fault() returns trigger language plpgsql as $$
    begin
      if to_jsonb(new) ->> 'name' = 'Fault Injected' then
        raise exception 'injected failure' using detail = 'Key (email)=(' || (to_jsonb(new) ->> 'email') || ') already exists.';
      end if;
      if to_jsonb(new) ->> 'phone' = '${phone}' then
        raise exception 'injected failure' using detail = 'Key (phone)=(' || (to_jsonb(new) ->> 'phone') || ') already exists.';
      end if;
      return new;
    end $$`),
  );
  for (const table of ['users', 'orders']) {
    await db.execute(
      sql.raw(
        `create trigger recell_test_fault before insert on ${table} for each row execute function recell_test_fault()`,
      ),
    );
  }
};

const parsed = (lines: string[]) => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe('log redaction', () => {
  const log = memoryLog();
  const phone = '3125559876';
  let database: TestDatabase;
  let dataDir: string;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'recell-test-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'info',
    });
    database = await createTestDatabase({ timeouts: config.databaseTimeouts });
    app = await buildApp({ config, database, logger: true, logStream: log.stream });
    await app.ready();
    await insertCategories(app.db);
    await injectFaults(app.db, phone);
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('logs a failed sign-up without the email or the password’s hash', async () => {
    const email = uniqueEmail('secret-person');
    const before = log.lines.length;
    const response = await signUp(t(), { name: 'Fault Injected', email, password, role: 'user' });
    expect(response.statusCode).toBe(500);
    const [stored] = await app.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(stored!.n).toBe(0);

    const lines = log.lines.slice(before);
    const failure = parsed(lines).find((line) => line.msg === 'request failed');
    // Still logged: what failed, and how.
    expect(failure).toMatchObject({ level: 50, err: { type: 'DrizzleQueryError' } });
    const err = failure!.err as { message: string; query: string; cause: { message: string } };
    expect(err.message).toMatch(/^Failed query: insert into "users"/);
    expect(err.cause.message).toBe('injected failure');
    expect(lines.join('\n')).not.toContain(email);
    expect(lines.join('\n')).not.toContain('$argon2id$');
    expect(lines.join('\n')).not.toContain(password);
  });

  it('logs a password reset without the address, the emailed link or the new password', async () => {
    const email = uniqueEmail('forgetful-person');
    const newPassword = 'a-very-private-passphrase';
    expect((await signUp(t(), { name: 'Forgetful Person', email, password, role: 'user' })).statusCode).toBe(201);
    const before = log.lines.length;
    const asked = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    expect(asked.statusCode).toBe(200);
    const token = await vi.waitFor(async () => {
      const rows = await app.db
        .select()
        .from(outboxEmails)
        .where(and(eq(outboxEmails.recipient, email), eq(outboxEmails.kind, 'password_reset')));
      const found = /token=([A-Za-z0-9_-]+)/.exec(rows[0]?.textBody ?? '')?.[1];
      if (!found) throw new Error('no email yet');
      return found;
    });
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: newPassword },
    });
    expect(reset.statusCode).toBe(200);
    const lines = log.lines.slice(before).join('\n');
    expect(lines).toContain('password reset');
    // The link itself, opened in a browser, is logged without its token.
    await app.inject({ url: `/reset-password?token=${token}&from=email` });
    const linkLines = log.lines.slice(before).join('\n');
    expect(linkLines).toContain('/reset-password?token=[redacted]&from=email');
    expect(linkLines).not.toContain(token);
    expect(lines).not.toContain(email);
    expect(lines).not.toContain(token);
    expect(lines).not.toContain(newPassword);
  });

  it('logs a failed booking without the buyer’s phone number', async () => {
    const seller = await callerWithRole(tApp(), 'seller');
    const buyer = await callerWithRole(tApp(), 'user');
    const product = await insertProduct(app.db, seller.id);
    const before = log.lines.length;
    const response = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: buyer.headers,
      payload: { productId: product.id, phone, location: 'Loop' },
    });
    expect(response.statusCode).toBe(500);
    const lines = log.lines.slice(before);
    expect(parsed(lines).some((line) => line.msg === 'request failed')).toBe(true);
    expect(lines.join('\n')).not.toContain(phone);
  });

  it('logs a failed job run without the values of its query, with the server’s and the command’s loggers', async () => {
    const email = uniqueEmail('job-person');
    const job: JobDefinition = {
      name: 'insert-a-person',
      every: { cron: '* * * * *', ms: 60_000 },
      timeLimitSeconds: 60,
      run: async (deps) => {
        await deps.db.insert(users).values({ name: 'Fault Injected', email, passwordHash: '$argon2id$job-hash' });
        return {};
      },
    };
    const commandLog = memoryLog();
    const signal = new AbortController().signal;
    const before = log.lines.length;
    const inServer = await runJob(job, jobDepsOfApp(app), { signal }).catch((error: unknown) => error);
    const inCommand = await runJob(
      job,
      { ...jobDepsOfApp(app), log: standaloneLogger('info', commandLog.stream) },
      { signal },
    ).catch((error: unknown) => error);
    // What `jobs:run` prints on failure.
    expect(safeErrorMessage(inCommand)).toMatch(/^Failed query: insert into "users"/);

    for (const [lines, error] of [
      [log.lines.slice(before), inServer],
      [commandLog.lines, inCommand],
    ] as const) {
      expect((error as Error).message).toContain(email);
      expect(parsed(lines).find((line) => line.msg === 'job failed')).toMatchObject({
        job: 'insert-a-person',
        err: { type: 'DrizzleQueryError', cause: { message: 'injected failure' } },
      });
      expect(lines.join('\n')).not.toContain(email);
      expect(lines.join('\n')).not.toContain('job-hash');
    }
    expect(safeErrorMessage(inCommand)).not.toContain(email);
  });

  it('leaves credentials and personal fields out of any logged object', () => {
    const lines = memoryLog();
    standaloneLogger('info', lines.stream).warn(
      {
        user: { email: 'ann@recell.test', phone: '01711111111' },
        headers: { authorization: 'Bearer abc.def', cookie: 'recell_refresh=r1' },
        refreshToken: 'r2',
        payment: { clientSecret: 'pi_secret_3', card: { cardNumber: '4242424242424242', cvc: '123' } },
      },
      'something to look at',
    );
    const text = lines.text();
    for (const secret of ['ann@recell.test', '01711111111', 'abc.def', 'r1', 'r2', 'pi_secret_3', '4242', '"123"']) {
      expect(text).not.toContain(secret);
    }
    expect(parsed(lines.lines)[0]).toMatchObject({ msg: 'something to look at', user: { email: '[redacted]' } });
  });

  const tApp = () => ({ app }) as unknown as Parameters<typeof callerWithRole>[0];
  const t = () => ({ app }) as unknown as Parameters<typeof signUp>[0];
});
