/**
 * The demo mailbox: a server started as a demo (not production, no SMTP_URL) runs MailDev, sends its
 * emails to it through SMTP by the same deliver-emails path as production, and people read them in
 * MailDev's web inbox (here through its REST API, which that inbox uses). Production never starts
 * it. A port in use stops the start with a message saying what to set. The start that seeds an empty
 * database prints the demo accounts and the mailbox's address, once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DemoMailboxSchema, emailTexts } from '@recell/contract';
import { loadConfig } from '../src/config.ts';
import { DemoMailboxError, startMail, type DemoMailbox, type MailSender } from '../src/adapters/mail/index.ts';
import { demoAccounts, demoPassword } from '../src/db/seed/demo-catalogue.ts';
import { outboxEmails } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { password, signUp, uniqueEmail } from './support/accounts.ts';

/** An email as MailDev's REST API gives it (the fields these tests read). */
interface MailDevEmail {
  subject: string;
  to: { address: string }[];
  text: string;
  html?: string;
}

const inboxOf = async (mailboxUrl: string, headers: Record<string, string> = {}) => {
  const response = await fetch(new URL('api/email', mailboxUrl), { headers });
  return { response, emails: (await response.json()) as MailDevEmail[] };
};

/** The email to `to` once MailDev has it (delivery follows the request's answer). */
const arrivedFor = (mailboxUrl: string, to: string) =>
  vi.waitFor(
    async () => {
      const found = (await inboxOf(mailboxUrl)).emails.find((email) => email.to.some((a) => a.address === to));
      if (!found) throw new Error(`no email to ${to} yet`);
      return found;
    },
    { timeout: 10_000, interval: 100 },
  );

describe('a demo server: emails go through SMTP to the demo mailbox', () => {
  let dataDir: string;
  let mail: { sender: MailSender; demoMailbox: DemoMailbox | undefined };
  let t: TestApp;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'recell-mailbox-'));
    // As server.ts starts it: the configuration of a development server (free ports under test).
    mail = await startMail(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1:3999' }));
    t = await createTestApp({}, undefined, { mailSender: mail.sender, demoMailboxUrl: mail.demoMailbox?.webUrl });
  });
  afterAll(async () => {
    await t?.close();
    await mail?.demoMailbox?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("delivers a new account's confirmation email, readable in the mailbox with its link to click", async () => {
    const mailbox = mail.demoMailbox!;
    expect(mail.sender.kind).toBe('smtp');
    expect(mailbox.smtpUrl).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
    // On the site's host name, so the link opens from the person's browser.
    expect(mailbox.webUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(mailbox.opensLinks).toBe(true);

    const email = uniqueEmail('demo');
    expect((await signUp(t, { name: 'Dora Demo', email, password, role: 'user' })).statusCode).toBe(201);
    const arrived = await arrivedFor(mailbox.webUrl, email);
    expect(arrived.subject).toBe(emailTexts.confirmSubject);
    const link = /\S+\/confirm-email\?token=[\w-]{43}/.exec(arrived.text)?.[0];
    expect(link).toBeDefined();
    // The HTML part the inbox shows: the same link, as a link that opens a new tab.
    expect(arrived.html).toContain(`<a href="${link}" target="_blank" rel="noopener">`);

    // The same path as production: the outbox row is marked sent.
    await vi.waitFor(async () => {
      const [row] = await t.app.db.select().from(outboxEmails).where(eq(outboxEmails.recipient, email));
      expect(row!.sentAt).not.toBeNull();
    });
  });

  it('tells the web where the mailbox is', async () => {
    const response = await t.app.inject({ url: '/api/demo-mailbox' });
    expect(response.statusCode).toBe(200);
    expect(DemoMailboxSchema.parse(response.json())).toEqual({ url: mail.demoMailbox!.webUrl });
  });

  it('lets no other web page read the mailbox from the browser (no cross-origin reads)', async () => {
    const { response, emails } = await inboxOf(mail.demoMailbox!.webUrl, { origin: 'https://elsewhere.example' });
    expect(response.status).toBe(200);
    expect(emails.length).toBeGreaterThan(0);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers only requests addressed to it by name (no DNS rebinding)', async () => {
    const { port } = new URL(mail.demoMailbox!.webUrl);
    const statusFor = (host: string) =>
      new Promise<number>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: '/api/email', headers: { host } }, (response) => {
            response.resume();
            resolve(response.statusCode!);
          })
          .on('error', reject);
      });
    expect(await statusFor(`127.0.0.1:${port}`)).toBe(200);
    expect(await statusFor(`localhost:${port}`)).toBe(200);
    expect(await statusFor(`attacker.example:${port}`)).toBe(403);
  });

  it("serves MailDev's web inbox", async () => {
    const response = await fetch(mail.demoMailbox!.webUrl, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>MailDev</title>');
  });
});

describe('the demo mailbox refused or unable to start', () => {
  it('is never started in production, even as a single-box demo: the web gets no mailbox', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'recell-mailbox-'));
    try {
      const config = loadConfig({
        NODE_ENV: 'production',
        ALLOW_DEMO_SERVICES: 'true',
        JWT_SECRET: 'x'.repeat(32),
        DATA_DIR: dataDir,
      });
      const mail = await startMail(config);
      expect(mail.demoMailbox).toBeUndefined();
      expect(mail.sender.kind).toBe('outbox');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
    const t = await createTestApp();
    try {
      expect((await t.app.inject({ url: '/api/demo-mailbox' })).json()).toEqual({ url: null });
    } finally {
      await t.close();
    }
  });

  it('says which port is in use and what to set', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'recell-mailbox-'));
    try {
      for (const variable of ['DEMO_MAILBOX_SMTP_PORT', 'DEMO_MAILBOX_WEB_PORT']) {
        const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, [variable]: String(port) });
        const started = startMail(config);
        await expect(started).rejects.toBeInstanceOf(DemoMailboxError);
        await expect(started).rejects.toThrow(
          `The demo mailbox cannot listen on 127.0.0.1:${port} (${variable}): the port is in use. ` +
            `Stop what uses it, or set ${variable} to a free port`,
        );
      }
    } finally {
      taken.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('npm start on an empty database', () => {
  const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
  const bin = path.join(repoRoot, 'node_modules/.bin');
  let dataDir: string;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'recell-first-start-'));
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Runs server.ts on `dataDir` until it is ready; then `stop()` ends it and gives all it printed. */
  const start = () =>
    new Promise<{ port: number; output: () => string; stop: () => Promise<string> }>((resolve, reject) => {
      const child = spawn(path.join(bin, 'node'), ['--import', 'tsx', 'apps/api/src/server.ts'], {
        cwd: repoRoot,
        env: {
          ...process.env,
          PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`,
          NODE_ENV: 'test',
          DATABASE_URL: '',
          REDIS_URL: '',
          SMTP_URL: '',
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          JOBS: 'off',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      let output = '';
      const exited = new Promise<void>((done) => child.once('exit', () => done()));
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const ready = /ReCell is ready: http:\/\/localhost:(\d+)/.exec(output);
        if (ready && /Demo mailbox \(every email the site sends\): \S+/.test(output))
          resolve({
            port: Number(ready[1]),
            output: () => output,
            stop: async () => {
              child.kill('SIGTERM');
              await exited;
              return output;
            },
          });
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      void exited.then(() => reject(new Error(`the server exited before it was ready:\n${output}`)));
    });

  it('prints the demo accounts and the demo mailbox on the first start only; its mail arrives there', async () => {
    const first = await start();
    const mailboxUrl = (await (await fetch(`http://127.0.0.1:${first.port}/api/demo-mailbox`)).json()) as {
      url: string;
    };
    expect(mailboxUrl.url).toMatch(/^http:\/\/localhost:\d+\/$/);
    // A demo account asks for a reset link: it arrives in the demo mailbox.
    const buyer = demoAccounts.find((account) => account.key === 'buyer')!;
    const asked = await fetch(`http://127.0.0.1:${first.port}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${first.port}` },
      body: JSON.stringify({ email: buyer.email }),
    });
    expect(asked.status).toBe(200);
    expect((await arrivedFor(mailboxUrl.url, buyer.email)).subject).toBe(emailTexts.resetSubject);
    const printed = await first.stop();
    expect(printed).toContain(`Demo accounts (password "${demoPassword}"; their email addresses are confirmed):`);
    for (const account of demoAccounts) expect(printed).toMatch(new RegExp(`^  ${account.email} +\\S`, 'm'));
    expect(printed).toContain(
      `Demo mailbox (every email the site sends, such as a new account's confirmation link): ${mailboxUrl.url}`,
    );

    // The next start finds the database seeded: no accounts printed again. The mailbox kept its email.
    const second = await start();
    try {
      expect(second.output()).not.toContain('Demo accounts');
      const again = (await (await fetch(`http://127.0.0.1:${second.port}/api/demo-mailbox`)).json()) as {
        url: string;
      };
      expect((await arrivedFor(again.url, buyer.email)).subject).toBe(emailTexts.resetSubject);
    } finally {
      await second.stop();
    }
  }, 180_000);
});
