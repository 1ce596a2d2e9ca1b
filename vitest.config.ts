import { defineConfig } from 'vitest/config';

/**
 * Three projects: unit (pure code), api (HTTP against a real server instance and database) and
 * e2e (pages in Debian's Chromium against the built server). `npm test` runs all three.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          // tests/unit: checks of the whole repository (e.g. it cites only itself).
          include: ['packages/*/test/unit/**/*.test.ts', 'packages/*/test/unit/**/*.test.tsx', 'tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['packages/api/test/integration/**/*.test.ts'],
          environment: 'node',
          // Migrates and seeds once; each file starts from a copy (global-setup.ts).
          globalSetup: ['packages/api/test/integration/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file starts its own database; two at a time fits two cores.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // Seeds one data folder with the built server; each file's server starts from a copy.
          globalSetup: ['tests/e2e/global-setup.ts'],
          // A console error or an uncaught exception in a page fails its test (issue 27 §1).
          setupFiles: ['tests/e2e/console-errors.setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A page's answer is awaited up to 10 s, not vitest's 1 s: on a shared 2-core machine a
          // password check (scrypt) and a render can take longer; an answer that never comes still fails.
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
