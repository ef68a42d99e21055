/**
 * The demo mailbox: MailDev (an SMTP server with a web inbox) run inside the server's own process
 * while it runs as a demo (not production, no SMTP_URL). The app sends to it through SMTP exactly as
 * it sends to a real mail server, and a person reads what arrived in MailDev's web inbox.
 *
 * Assembled from MailDev's own parts as its command line does (storage, SMTP server, REST API and
 * web inbox), with these differences:
 * - No cross-origin reads. MailDev's command line lets any web page the person visits read the
 *   inbox (and the links in it) from their browser; here only the inbox's own page can, and only
 *   under a name it knows (no DNS rebinding).
 * - A link in an email opens in a new tab. MailDev's inbox shows an email in a sandboxed frame
 *   without `allow-popups`, where a link can only open inside that frame (and the site refuses to be
 *   framed); its page is served with the frame's sandbox also allowing popups (never scripts).
 * Its packages are development dependencies, loaded only when the mailbox starts, so a production
 * install (`npm ci --omit=dev`) holds none of it.
 */
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface DemoMailboxOptions {
  /** Where both listeners bind (loopback by default). */
  host: string;
  /** 0: a free port (tests). */
  smtpPort: number;
  webPort: number;
  /** Where the received emails are kept, so they outlive a restart. */
  mailDir: string;
  /** The host name people reach the web inbox by (the site's own, from PUBLIC_URL). */
  publicHostname: string;
}

export interface DemoMailbox {
  /** Where the app sends its emails. */
  smtpUrl: string;
  /** The web inbox a person opens. */
  webUrl: string;
  /** False when this MailDev's inbox could not be made to open an email's links in a new tab. */
  opensLinks: boolean;
  close(): Promise<void>;
}

/** The mailbox could not start (a port in use, the packages not installed): the message says what to do. */
export class DemoMailboxError extends Error {}

/** At most this many emails are kept; the oldest go first. */
const maxEmails = 500;

const loopbackFor = (host: string) => (host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host);
const urlHost = (host: string) => (host.includes(':') && !host.startsWith('[') ? `[${host}]` : host);

/** MailDev's email frame, as its inbox page builds it, and the same frame letting a clicked link open a tab. */
const emailFrameSandbox = 'sandbox:"allow-same-origin"';
const emailFrameWithLinks = 'sandbox:"allow-same-origin allow-popups allow-popups-to-escape-sandbox"';

/**
 * A copy of MailDev's inbox page (its built files) whose email frame lets links open in a new tab;
 * undefined when this MailDev builds the frame differently (its page is then served unchanged).
 */
const inboxPageWithLinks = async (): Promise<string | undefined> => {
  try {
    return await copyInboxPageWithLinks();
  } catch {
    return undefined;
  }
};

const copyInboxPageWithLinks = async (): Promise<string | undefined> => {
  const uiDist = fileURLToPath(new URL('../dist/', import.meta.resolve('@maildev/ui/server')));
  const assets = await readdir(path.join(uiDist, 'assets'));
  const scripts = assets.filter((name) => name.endsWith('.js'));
  const sources = await Promise.all(scripts.map((name) => readFile(path.join(uiDist, 'assets', name), 'utf8')));
  if (!sources.some((source) => source.includes(emailFrameSandbox))) return undefined;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'recell-inbox-'));
  await cp(uiDist, dir, { recursive: true, filter: (source) => !source.endsWith('.map') });
  await Promise.all(
    scripts.map((name, i) =>
      writeFile(path.join(dir, 'assets', name), sources[i]!.replaceAll(emailFrameSandbox, emailFrameWithLinks)),
    ),
  );
  return dir;
};

const portProblem = (error: unknown, where: string, variable: string): DemoMailboxError | undefined => {
  const code = (error as { code?: unknown }).code;
  if (code === 'EADDRINUSE')
    return new DemoMailboxError(
      `The demo mailbox cannot listen on ${where}: the port is in use. Stop what uses it, or set ${variable} ` +
        `to a free port (or SMTP_URL to send through a mail server of your own).`,
    );
  if (code === 'EACCES' || code === 'EADDRNOTAVAIL')
    return new DemoMailboxError(
      `The demo mailbox cannot listen on ${where} (${code}): set ${variable} (or DEMO_MAILBOX_HOST) to one it may use.`,
    );
  return undefined;
};

const loadMailDev = async () => {
  try {
    const [core, smtp, api, ui] = await Promise.all([
      import('@maildev/core'),
      import('@maildev/smtp'),
      import('@maildev/api'),
      import('@maildev/ui/server'),
    ]);
    return { core, smtp, api, ui };
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw new DemoMailboxError(
      'The demo mailbox (MailDev, a development dependency) is not installed: run `npm install`, ' +
        'or set SMTP_URL to send through a mail server.',
    );
  }
};

/** Starts MailDev's SMTP server and web inbox; throws a `DemoMailboxError` that says what to change. */
export const startDemoMailbox = async (options: DemoMailboxOptions): Promise<DemoMailbox> => {
  const { core, smtp: smtpPackage, api: apiPackage, ui } = await loadMailDev();
  const storage = new core.FileStorage({ mailDirectory: options.mailDir, maxEmails });
  await storage.initialize();
  const smtp = smtpPackage.createSMTPServer({
    port: options.smtpPort,
    host: options.host,
    storage,
    mailDir: options.mailDir,
    // MailDev's logger prints each email's addresses and subject: the server's own log says enough.
    logger: false,
  });
  try {
    await smtp.start();
  } catch (error) {
    await storage.close();
    const where = `${options.host}:${options.smtpPort}`;
    throw portProblem(error, `${where} (DEMO_MAILBOX_SMTP_PORT)`, 'DEMO_MAILBOX_SMTP_PORT') ?? error;
  }
  // The emails received before a restart are read back (the newest few hundred), so a link sent just
  // before it still opens.
  await smtp.pruneMailDir(maxEmails);
  await smtp.loadMailsFromDirectory();

  const api = apiPackage.createAPIServer({
    port: options.webPort,
    host: options.host,
    basePath: '',
    storage,
    smtp,
    logger: false,
    // No cross-origin reads: only the inbox's own page (same origin) reads the emails.
    cors: { origin: false, credentials: false },
  });
  const inboxPage = await inboxPageWithLinks();
  const removeInboxPage = () => (inboxPage ? rm(inboxPage, { recursive: true, force: true }) : Promise.resolve());
  // It answers only requests addressed to it by a loopback name, its own address or the site's host
  // name (unless bound to every address): a web page whose name an attacker points at 127.0.0.1 (DNS
  // rebinding) reads nothing.
  const knownHosts = new Set([
    'localhost',
    '127.0.0.1',
    '[::1]',
    urlHost(options.publicHostname),
    urlHost(options.host),
  ]);
  const checksHost = options.host !== '0.0.0.0' && options.host !== '::';
  api.server.addHook('onRequest', async (request, reply) => {
    const hostname = (request.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    if (checksHost && !knownHosts.has(hostname)) await reply.code(403).send({ error: 'Unknown host' });
  });
  try {
    await api.registerPlugins();
    await ui.registerUI(api.server, { basePath: '', ...(inboxPage ? { distPath: inboxPage } : {}) });
    // Fastify's own listen: MailDev's would print a line of its own beside the server's log.
    await api.server.listen({ port: options.webPort, host: options.host });
  } catch (error) {
    await api.stop().catch(() => {});
    await smtp.stop();
    await storage.close();
    await removeInboxPage();
    const where = `${options.host}:${options.webPort}`;
    throw portProblem(error, `${where} (DEMO_MAILBOX_WEB_PORT)`, 'DEMO_MAILBOX_WEB_PORT') ?? error;
  }
  const webAddress = api.server.server.address();
  const webPort = webAddress && typeof webAddress === 'object' ? webAddress.port : options.webPort;
  return {
    smtpUrl: `smtp://${urlHost(loopbackFor(options.host))}:${smtp.getPort()}`,
    webUrl: `http://${urlHost(options.publicHostname)}:${webPort}/`,
    opensLinks: inboxPage !== undefined,
    close: async () => {
      await api.stop();
      await smtp.stop();
      await storage.close();
      await removeInboxPage();
    },
  };
};

/** Where the demo mailbox keeps its emails: beside the embedded database. */
export const demoMailboxDir = (dataDir: string) => path.join(dataDir, 'mailbox');
