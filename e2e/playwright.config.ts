/**
 * Browser tests: Debian's chromium (no browser download) against the production web build served by
 * the API, one process, on a fresh data directory per run (seeded with the demo catalogue).
 *
 * Run from the repo root with `npm run test:e2e` (builds the web first), or here with
 * `npx playwright test` after `npm run build -w @recell/web`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 4311);
const baseURL = `http://127.0.0.1:${port}`;

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

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
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
    // The first start of a fresh data directory runs the migrations and seeds the demo catalogue.
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    env: {
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(repoRoot, 'apps/web/dist'),
      LOG_LEVEL: 'warn',
      // The embedded database, whatever the calling shell says (`.ci/run` sets DATABASE_URL only
      // for the API suite; an empty value counts as unset).
      DATABASE_URL: '',
    },
  },
});
