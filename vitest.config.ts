import { defineConfig } from 'vitest/config';

// One run covers every workspace: the contract, the API (against PGlite, or PostgreSQL when
// DATABASE_URL is set) and the web components (jsdom).
export default defineConfig({
  test: {
    // Two cores: PGlite instances are memory-hungry; a couple of files at a time is plenty.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          root: './apps/api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
