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
  },
});
