/**
 * Browser tests: Debian's chromium (no browser download) against the production web build served by
 * the API, one process, on a fresh data directory per run (seeded with the demo catalogue).
 *
 * Run from the repo root with `npm run test:e2e` (builds the web first), or here with
 * `npx playwright test` after `npm run build -w @recell/web`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { googleAccount, googleClientId, googleIssuer } from './support/google.ts';
import { baseUrlVar } from './support/mailbox.ts';
import { metricsToken } from './support/metrics.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 4311);
const baseURL = `http://127.0.0.1:${port}`;
// Workers load this config too: support/mailbox.ts asks the site where its demo mailbox is.
process.env[baseUrlVar] = baseURL;

// The config is loaded by the runner and again by every worker: the runner makes the directory and
// hands it down through the environment (workers inherit it), and removes it when it exits, after
// the web server has been stopped.
const dataDirVar = 'RECELL_E2E_DATA_DIR';
if (!process.env[dataDirVar]) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'recell-e2e-'));
  process.env[dataDirVar] = dataDir;
  process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}
const dataDir = process.env[dataDirVar]!;

// Google sign-in goes to a real OpenID Connect issuer on 127.0.0.1 (the API suite's local issuer).
// The runner starts it here, before the web server (Playwright starts web servers before global
// setup); workers see the secret in the environment and start nothing. It stops with the runner.
const oidcSecretVar = 'RECELL_E2E_OIDC_SECRET';
if (!process.env[oidcSecretVar]) {
  const clientSecret = randomBytes(24).toString('hex');
  // Imported here, not at the top: workers load this config too and need no issuer.
  const { startLocalOidcIssuer } = await import('../apps/api/test/support/local-oidc-issuer.ts');
  try {
    await startLocalOidcIssuer({
      port: Number(new URL(googleIssuer).port),
      clientId: googleClientId,
      clientSecret,
      account: googleAccount,
      redirectUris: [`${baseURL}/api/auth/google/callback`],
    });
  } catch (error) {
    throw new Error(`The local OpenID issuer could not start on ${googleIssuer} (port taken? set E2E_OIDC_PORT)`, {
      cause: error,
    });
  }
  process.env[oidcSecretVar] = clientSecret;
}
const googleClientSecret = process.env[oidcSecretVar]!;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Each test makes the records it changes (support/), and the one brand a file reads whole is left
  // as seeded (support/listings.ts), so files may run side by side. CI runs one at a time all the
  // same: on two cores, two files (two Chromiums beside the server) took longer in all and pushed
  // long tests past their time limit.
  workers: process.env.CI ? 1 : 2,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  globalSetup: './support/global-setup.ts',
  use: {
    baseURL,
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        browserName: 'chromium',
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--no-first-run',
            '--disable-sync',
            '--disable-quic',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'npx tsx apps/api/src/server.ts',
    cwd: repoRoot,
    url: `${baseURL}/readyz`,
    // The first start of a fresh data directory runs the migrations, seeds the demo catalogue and
    // starts the demo mailbox: well under a minute on an idle machine, minutes on a crowded one.
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    env: {
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // E2E_WEB_DIST lets a second checkout's build be served without touching apps/web/dist.
      WEB_DIST_DIR: process.env.E2E_WEB_DIST ?? path.join(repoRoot, 'apps/web/dist'),
      LOG_LEVEL: 'warn',
      // The embedded database, whatever the calling shell says (`.ci/run` sets DATABASE_URL only
      // for the API suite; an empty value counts as unset).
      DATABASE_URL: '',
      // The redirect URI the issuer knows: the API must build it from this origin.
      PUBLIC_URL: baseURL,
      GOOGLE_ISSUER: googleIssuer,
      GOOGLE_CLIENT_ID: googleClientId,
      GOOGLE_CLIENT_SECRET: googleClientSecret,
      // GitHub stays unconfigured: the suite checks what the login page says about that.
      GITHUB_CLIENT_ID: '',
      GITHUB_CLIENT_SECRET: '',
      // Every test signs in from 127.0.0.1: the per-IP and per-account limits (tested in the API
      // suite) would refuse the suite's own sign-ins.
      LOGIN_ATTEMPTS_PER_IP: '1000',
      LOGIN_ATTEMPTS_PER_ACCOUNT: '1000',
      SIGNUPS_PER_IP: '1000',
      RECOVERY_REQUESTS_PER_IP: '1000',
      // Every page is opened from 127.0.0.1 too, and a test server keeps no rendered page: the bound
      // on renders per IP (tested in the API suite) would send the suite's later pages as frames.
      PAGE_RENDERS_PER_IP: '100000',
      // The test carrier's parcels move every few seconds, so a shipped phone is delivered within
      // the follow-parcels job's next minute (shipping.spec.ts).
      TEST_CARRIER_STEP_SECONDS: '3',
      // A demo server: its emails go through SMTP to the demo mailbox (MailDev) it starts, which the
      // tests read as a person does (support/mailbox.ts). Free ports unless E2E_MAILBOX_SMTP_PORT and
      // E2E_MAILBOX_WEB_PORT name them; never a mail server the calling shell names.
      SMTP_URL: '',
      DEMO_MAILBOX_SMTP_PORT: process.env.E2E_MAILBOX_SMTP_PORT ?? '',
      DEMO_MAILBOX_WEB_PORT: process.env.E2E_MAILBOX_WEB_PORT ?? '',
      // /metrics on the main port, as an operator scrapes it (web-vitals.spec.ts reads what a beacon counted).
      METRICS_TOKEN: metricsToken,
    },
  },
});
