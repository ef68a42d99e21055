import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';

const srcDir = fileURLToPath(new URL('./src', import.meta.url));
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const apiOrigin = 'http://localhost:3000';

/** The form libraries: a page without a form must not load (or evaluate) them. */
const formLibrary = /[\\/]node_modules[\\/](zod|react-hook-form|@hookform)[\\/]/;
/** Libraries big enough to stay in chunks of their own, loaded only where they are used. */
const ownChunkLibrary = /[\\/]node_modules[\\/](@stripe|yet-another-react-lightbox)[\\/]/;

/**
 * Finds, once the module graph is known, every module that needs the form libraries through its
 * static imports; the shared chunks below leave those out.
 */
function formModules() {
  const needsForms = new Set<string>();
  const plugin: Plugin = {
    name: 'recell-form-modules',
    apply: 'build',
    buildEnd() {
      const importers = new Map<string, string[]>();
      for (const id of this.getModuleIds())
        for (const imported of this.getModuleInfo(id)?.importedIds ?? [])
          importers.set(imported, [...(importers.get(imported) ?? []), id]);
      const queue = [...this.getModuleIds()].filter((id) => formLibrary.test(id));
      for (const id of queue) {
        if (needsForms.has(id)) continue;
        needsForms.add(id);
        queue.push(...(importers.get(id) ?? []));
      }
    },
  };
  return { plugin, needsForms: (id: string) => needsForms.has(id) };
}
const forms = formModules();
/**
 * The dashboard's tables: left to chunks of their own, which no browsing page loads (in the shared
 * chunk they would weigh on every page; a group of their own would pull in what they use).
 */
const tableModule = /[\\/]src[\\/]components[\\/]ui[\\/]data-table[\\/]/;
/**
 * Modules only the dashboard's pages share (the payouts' and the finance screen's endpoints too: no
 * browsing page calls them).
 */
const dashboardModule =
  /[\\/]src[\\/](features[\\/](admin|payouts)|app[\\/]routes[\\/]dashboard)[\\/]|[\\/]contract[\\/]src[\\/]endpoints[\\/](payouts|finance)\.ts$/;

/**
 * The share of visits that report their Core Web Vitals (decision 0081): WEB_VITALS_SAMPLE_RATE at
 * build time, from the environment or the repo's .env, 0 to 1; 0.1 when unset.
 */
function webVitalsSampleRate(mode: string) {
  const raw = loadEnv(mode, repoRoot, 'WEB_VITALS_').WEB_VITALS_SAMPLE_RATE?.trim();
  if (!raw) return 0.1;
  const rate = Number(raw);
  if (!(rate >= 0 && rate <= 1)) throw new Error(`WEB_VITALS_SAMPLE_RATE: a share from 0 to 1, not "${raw}"`);
  return rate;
}

export default defineConfig(({ mode }) => ({
  plugins: [react(), tailwindcss(), forms.plugin],
  define: { __WEB_VITALS_SAMPLE_RATE__: JSON.stringify(webVitalsSampleRate(mode)) },
  resolve: { alias: { '@': srcDir } },
  // The server build (src/prerender.tsx) carries its libraries: the API's image installs only its own.
  ssr: { noExternal: true },
  server: {
    proxy: {
      '/api': apiOrigin,
      '/uploads': apiOrigin,
    },
  },
  preview: {
    proxy: {
      '/api': apiOrigin,
      '/uploads': apiOrigin,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Images stay files (cacheable, never base64 inside the JS the home page waits for).
    assetsInlineLimit: 0,
    // Every browser we support has <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    // dist/.vite/manifest.json: scripts/prerender.mjs lists each browsing page's chunks from it.
    manifest: true,
    rolldownOptions: {
      // The contract's modules only declare schemas and constants: importing `messages` must not
      // pull every zod schema (and zod) into the first-load bundle.
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/packages/contract/') },
      output: {
        // React and the router change less often than the app: their own long-cached chunk.
        codeSplitting: {
          groups: [
            {
              name: 'react-vendor',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 30,
            },
            // What the home page loads first stays in the entry chunk.
            { name: 'index', tags: ['$initial'], priority: 20 },
            // The code two or more pages share, in one chunk for the browsing pages and one for the
            // dashboard's, instead of dozens of 1–3 kB chunks a phone fetches over a slow network.
            {
              name: (id: string) => (dashboardModule.test(id) ? 'dashboard-shared' : 'shared'),
              test: (id: string) => !forms.needsForms(id) && !ownChunkLibrary.test(id) && !tableModule.test(id),
              minShareCount: 2,
              priority: 10,
            },
          ],
        },
      },
    },
  },
}));
