import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // Page tests load lazy route chunks (forms, zod) that Vite transforms on first import; on a
    // busy two-core machine that alone can take seconds.
    testTimeout: 15_000,
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
