import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Fails early, with the fix, when the production web build the API serves is missing. */
export default function globalSetup() {
  // The same directory the config hands the server (E2E_WEB_DIST, else apps/web/dist).
  const dist = process.env.E2E_WEB_DIST ?? fileURLToPath(new URL('../../apps/web/dist', import.meta.url));
  const indexHtml = path.join(dist, 'index.html');
  if (!existsSync(indexHtml)) {
    throw new Error(
      `The web build is missing (${indexHtml}). Run \`npm run build -w @recell/web\` first, ` +
        'or run the browser suite with `npm run test:e2e` from the repo root.',
    );
  }
}
