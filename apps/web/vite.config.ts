import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const srcDir = fileURLToPath(new URL('./src', import.meta.url));
const apiOrigin = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': srcDir } },
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
    rolldownOptions: {
      // The contract's modules only declare schemas and constants: importing `messages` must not
      // pull every zod schema (and zod) into the first-load bundle.
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/packages/contract/') },
      output: {
        // React and the router change less often than the app: their own long-cached chunk.
        codeSplitting: {
          groups: [
            { name: 'react-vendor', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
          ],
        },
      },
    },
  },
});
