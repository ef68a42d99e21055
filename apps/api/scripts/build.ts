/**
 * `npm run build -w @recell/api`: compiles the API and its workspace contract to plain JavaScript
 * in apps/api/dist, so production runs `node dist/server.js` with no TypeScript loader.
 *
 * Every entry lands flat in dist/: src/config.ts finds the repo root three folders up from its own
 * file and src/db/client.ts finds `./migrations` beside itself, and both hold from dist/ as from
 * src/ only when the bundles sit one level below apps/api (the migrations are copied beside them).
 * Each entry is one self-contained file (no shared chunks, whose import.meta.url would differ).
 * npm dependencies stay external (node_modules in production); only workspace code is bundled in.
 */
import { existsSync, readFileSync } from 'node:fs';
import { cp, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const apiDir = fileURLToPath(new URL('../', import.meta.url));
const distDir = `${apiDir}dist`;

/** The programs production runs: output name (dist/<name>.js) → source. */
const entries: Record<string, string> = {
  server: 'src/server.ts',
  migrate: 'src/cli/migrate.ts',
  'admin-create': 'src/cli/admin-create.ts',
  seed: 'src/cli/seed.ts',
  'run-job': 'src/cli/run-job.ts',
};

const manifest = JSON.parse(readFileSync(`${apiDir}package.json`, 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
// Workspace packages (`*` versions of @recell/…) are TypeScript sources: bundle them in. The demo
// mailbox (MailDev, development dependencies loaded only outside production) stays external too.
const external = [
  ...Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@recell/')),
  ...Object.keys(manifest.devDependencies).filter((name) => name.startsWith('@maildev/')),
];

const entryPoints = Object.entries(entries)
  .filter(([, source]) => existsSync(`${apiDir}${source}`))
  .map(([out, source]) => ({ out, in: `${apiDir}${source}` }));

await rm(distDir, { recursive: true, force: true });
await build({
  entryPoints,
  outdir: distDir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  // Subpath imports (drizzle-orm/pglite, …) are external too.
  external: external.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
});
await cp(`${apiDir}src/db/migrations`, `${distDir}/migrations`, { recursive: true });
console.log(`API built: ${entryPoints.map((entry) => `dist/${entry.out}.js`).join(', ')}`);
