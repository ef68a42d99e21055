import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Fails early, with the fix, when the production web build the API serves is missing. */
export default function globalSetup() {
  const indexHtml = fileURLToPath(new URL('../../apps/web/dist/index.html', import.meta.url));
  if (!existsSync(indexHtml)) {
    throw new Error(
      `The web build is missing (${indexHtml}). Run \`npm run build -w @recell/web\` first, ` +
        'or run the browser suite with `npm run test:e2e` from the repo root.',
    );
  }
}
