/**
 * The mail port: every email goes into the outbox with what caused it; with SMTP_URL a delivery
 * sends it through a real local SMTP server (smtp-server) right after the request, and the
 * deliver-emails job retries what failed, with backoff, until it gives up. An admin sees each
 * email's delivery, never what it says (its links are its recipient's alone). Logs name emails by id
 * only.
 */
import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OutboxSchema } from '@recell/contract';
import { createSmtpSender } from '../src/adapters/mail/smtp-sender.ts';
import { outboxEmails } from '../src/db/schema.ts';
import { deliverEmailsJob, outboxRetentionMs } from '../src/jobs/deliver-emails.job.ts';
import { runJob } from '../src/jobs/jobs.ts';
import { jobDepsOfApp } from '../src/jobs/job-deps.ts';
import { deliverDueEmails, leaseMs, maxAttempts, enqueueEmail } from '../src/modules/mail/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { callerWithRole, password, signUp, uniqueEmail } from './support/accounts.ts';
import { startLocalSmtp, type LocalSmtp } from './support/smtp.ts';

/** A logger that keeps every line it is given, so a test can read what would have been logged. */
const memoryLogger = () => {
  const lines: string[] = [];
  const write = (level: string) => (obj: unknown, msg?: string) => {
    lines.push(JSON.stringify({ level, obj, msg }));
  };
  const log = {
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
    debug: write('debug'),
    trace: write('trace'),
    fatal: write('fatal'),
    child: () => log,
    level: 'info',
  } as unknown as FastifyBaseLogger;
  return { log, lines };
};

describe('with SMTP_URL: delivered through a real SMTP server', () => {
  let smtp: LocalSmtp;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startLocalSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'ReCell <hello@recell.test>' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('sends the confirmation email of a sign-up right after the answer, and marks it sent', async () => {
    const email = uniqueEmail('arrival');
    const response = await signUp(t, { name: 'Ava Arrival', email, password, role: 'user' });
    expect(response.statusCode).toBe(201);
    const arrived = await vi.waitFor(
      () => {
        const found = smtp.received.find((mail) => mail.to === email);
        if (!found) throw new Error('not arrived yet');
        return found;
      },
      { timeout: 5000, interval: 50 },
    );
    expect(arrived.from).toBe('"ReCell" <hello@recell.test>');
    expect(arrived.subject).toBe('Confirm your email address for ReCell');
    expect(arrived.text).toMatch(/\/confirm-email\?token=[A-Za-z0-9_-]{43}/);
    const [row] = await t.app.db.select().from(outboxEmails).where(eq(outboxEmails.recipient, email));
    await vi.waitFor(async () => {
      const [settled] = await t.app.db.select().from(outboxEmails).where(eq(outboxEmails.id, row!.id));
      expect(settled!.sentAt).not.toBeNull();
    });
    expect(arrived.messageId).toBe(`<${row!.id}@recell>`);
  });

  it('retries after a refusal, with backoff, logging no address or content', async () => {
    const to = uniqueEmail('retry');
    const id = await enqueueEmail(t.app.db, {
      to,
      subject: 'Secret subject',
      text: 'Private body',
      kind: 'test',
    });
    const { log, lines } = memoryLogger();
    const mail = createSmtpSender({ smtpUrl: smtp.url, from: 'ReCell <hello@recell.test>' });
    let now = new Date(Date.now() + 1000);
    const deps = { db: t.app.db, mail, log, now: () => now };
    try {
      smtp.refuseNext(1);
      expect(await deliverDueEmails(deps)).toEqual({ sent: 0, failed: 1, gaveUp: 0 });
      const [failed] = await t.app.db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
      expect(failed).toMatchObject({ attempts: 1, sentAt: null });
      expect(failed!.lastError).toContain('451');
      expect(failed!.nextAttemptAt.getTime()).toBe(now.getTime() + 60_000);
      expect(smtp.received.some((m) => m.to === to)).toBe(false);

      // Not before its time…
      expect(await deliverDueEmails(deps)).toEqual({ sent: 0, failed: 0, gaveUp: 0 });
      // …then it goes.
      now = new Date(now.getTime() + 61_000);
      expect(await deliverDueEmails(deps)).toEqual({ sent: 1, failed: 0, gaveUp: 0 });
      expect(smtp.received.filter((m) => m.to === to)).toHaveLength(1);
      const [sent] = await t.app.db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
      expect(sent).toMatchObject({ attempts: 2, lastError: null });
      expect(sent!.sentAt).not.toBeNull();
    } finally {
      await mail.close();
    }
    const logged = lines.join('\n');
    expect(logged).toContain(id);
    expect(logged).not.toContain(to);
    expect(logged).not.toContain('Secret subject');
    expect(logged).not.toContain('Private body');
  });

  it('never takes an accepted email for a failed one: a database that fails to record it is asked again', async () => {
    const to = uniqueEmail('once');
    const id = await enqueueEmail(t.app.db, { to, subject: 'Once', text: 'Only once', kind: 'test' });
    const mail = createSmtpSender({ smtpUrl: smtp.url, from: 'ReCell <hello@recell.test>' });
    // The database fails the first write after the claim (the "sent" mark), as a connection lost then would.
    let updates = 0;
    const db = new Proxy(t.app.db, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver) as unknown;
        if (property !== 'update' || typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          updates += 1;
          if (updates === 2) throw new Error('Connection terminated unexpectedly');
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    try {
      expect(
        await deliverDueEmails({ db, mail, log: memoryLogger().log, now: () => new Date(Date.now() + 1000) }),
      ).toEqual({ sent: 1, failed: 0, gaveUp: 0 });
    } finally {
      await mail.close();
    }
    expect(smtp.received.filter((m) => m.to === to)).toHaveLength(1);
    const [row] = await t.app.db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
    expect(row).toMatchObject({ attempts: 1, lastError: null });
    expect(row!.sentAt).not.toBeNull();
  });

  it('leases one email at a time, so a sender that dies holds back only the one it was sending', async () => {
    const ids = await Promise.all(
      [1, 2, 3].map(() => enqueueEmail(t.app.db, { to: uniqueEmail('lease'), subject: 's', text: 'b', kind: 'test' })),
    );
    // First in line, whatever else waits in this database's outbox.
    await t.app.db
      .update(outboxEmails)
      .set({ nextAttemptAt: new Date(0) })
      .where(inArray(outboxEmails.id, ids));
    const now = new Date(Date.now() + 1000);
    // A sender that dies mid-send: the mail server never answers its first email.
    const dying = { kind: 'smtp' as const, send: () => new Promise<never>(() => {}), close: async () => {} };
    void deliverDueEmails({ db: t.app.db, mail: dying, log: memoryLogger().log, now: () => now });
    await vi.waitFor(async () => {
      const rows = await t.app.db.select().from(outboxEmails).where(inArray(outboxEmails.id, ids));
      expect(rows.filter((row) => row.attempts === 1)).toHaveLength(1);
    });
    const rows = await t.app.db.select().from(outboxEmails).where(inArray(outboxEmails.id, ids));
    const leased = rows.find((row) => row.attempts === 1)!;
    expect(leased.nextAttemptAt.getTime()).toBe(now.getTime() + leaseMs);
    // The others are due still: another sender takes them now.
    expect(rows.filter((row) => row.attempts === 0 && row.nextAttemptAt <= now)).toHaveLength(2);
    await t.app.db.delete(outboxEmails).where(inArray(outboxEmails.id, ids));
  });

  it('gives up after the last attempt', async () => {
    const id = await enqueueEmail(t.app.db, { to: uniqueEmail('bounce'), subject: 's', text: 'b', kind: 'test' });
    await t.app.db
      .update(outboxEmails)
      .set({ attempts: maxAttempts - 1 })
      .where(eq(outboxEmails.id, id));
    const mail = createSmtpSender({ smtpUrl: smtp.url, from: 'ReCell <hello@recell.test>' });
    try {
      smtp.refuseNext(1);
      const result = await deliverDueEmails({ db: t.app.db, mail, log: memoryLogger().log, now: () => new Date() });
      expect(result.gaveUp).toBe(1);
    } finally {
      await mail.close();
    }
    const [row] = await t.app.db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
    expect(row!.failedAt).not.toBeNull();
    expect(row!.sentAt).toBeNull();
  });

  it('the scheduled job delivers what is due and forgets emails sent a week ago', async () => {
    const to = uniqueEmail('job');
    const id = await enqueueEmail(t.app.db, { to, subject: 'From the job', text: 'b', kind: 'test' });
    const old = await enqueueEmail(t.app.db, { to: uniqueEmail('old'), subject: 'Old', text: 'b', kind: 'test' });
    await t.app.db
      .update(outboxEmails)
      .set({ sentAt: new Date(Date.now() - outboxRetentionMs - 60_000) })
      .where(eq(outboxEmails.id, old));
    const result = await runJob(deliverEmailsJob, jobDepsOfApp(t.app), { signal: new AbortController().signal });
    expect(result.sent).toBeGreaterThanOrEqual(1);
    expect(result.deleted).toBeGreaterThanOrEqual(1);
    expect(smtp.received.some((m) => m.to === to && m.subject === 'From the job')).toBe(true);
    expect(await t.app.db.select().from(outboxEmails).where(eq(outboxEmails.id, old))).toEqual([]);
    const [kept] = await t.app.db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
    expect(kept!.sentAt).not.toBeNull();
  });

  it("shows an admin each email's delivery, never its text or links", async () => {
    const email = uniqueEmail('status');
    expect((await signUp(t, { name: 'Stella Status', email, password, role: 'user' })).statusCode).toBe(201);
    const arrived = await vi.waitFor(
      () => {
        const found = smtp.received.find((mail) => mail.to === email);
        if (!found) throw new Error('not arrived yet');
        return found;
      },
      { timeout: 5000, interval: 50 },
    );
    const token = /confirm-email\?token=([\w-]+)/.exec(arrived.text)![1]!;
    const admin = await callerWithRole(t, 'admin');
    const listed = await vi.waitFor(
      async () => {
        const response = await t.app.inject({ url: '/api/admin/outbox', headers: admin.headers });
        expect(response.statusCode).toBe(200);
        const outbox = OutboxSchema.parse(response.json());
        const row = outbox.items.find((item) => item.to === email);
        expect(row?.state).toBe('sent');
        return { raw: response.body, outbox, row: row! };
      },
      { timeout: 5000, interval: 50 },
    );
    expect(listed.outbox.hasMailServer).toBe(true);
    expect(listed.row).toMatchObject({
      subject: 'Confirm your email address for ReCell',
      kind: 'email_confirmation',
      attempts: 1,
      failedAt: null,
    });
    expect(listed.row.sentAt).toEqual(expect.any(String));
    // The answer carries no body and no link: an admin cannot confirm, reset or unsubscribe for anyone.
    expect(listed.raw).not.toContain(token);
    expect(listed.raw).not.toContain('token=');
    expect(listed.raw).not.toContain('Welcome to ReCell');
    expect(Object.keys(listed.row).sort()).toEqual(
      ['attempts', 'createdAt', 'failedAt', 'id', 'kind', 'sentAt', 'state', 'subject', 'to'].sort(),
    );
  });
});

describe('without a mail server (a production demo box without SMTP_URL): emails wait, unsent', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('keeps every email, lists their delivery as held to an admin only, and sends nothing', async () => {
    const email = uniqueEmail('outbox');
    expect((await signUp(t, { name: 'Otto Outbox', email, password, role: 'seller' })).statusCode).toBe(201);
    const admin = await callerWithRole(t, 'admin');
    const response = await t.app.inject({ url: '/api/admin/outbox', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const outbox = OutboxSchema.parse(response.json());
    expect(outbox.hasMailServer).toBe(false);
    expect(outbox.items[0]).toMatchObject({ to: email, kind: 'email_confirmation', state: 'held', attempts: 0 });
    // The confirmation link is in the database, for its recipient's mail server only.
    const [row] = await t.app.db.select().from(outboxEmails).where(eq(outboxEmails.recipient, email));
    expect(row!.textBody).toContain('/confirm-email?token=');
    expect(response.body).not.toContain('/confirm-email?token=');

    const buyer = await callerWithRole(t, 'user');
    expect((await t.app.inject({ url: '/api/admin/outbox', headers: buyer.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/outbox' })).statusCode).toBe(401);

    const result = await runJob(deliverEmailsJob, jobDepsOfApp(t.app), { signal: new AbortController().signal });
    expect(result).toMatchObject({ sent: 0, failed: 0 });
  });
});
