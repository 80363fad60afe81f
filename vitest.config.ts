import { defineConfig } from 'vitest/config';

/**
 * Three layers, run in this order by `npm test`:
 * unit (pure modules and components), integration (the real server and database over HTTP),
 * e2e (the built app in headless Chromium).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/support/pglite-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // A worker keeps the modules it imported from one file to the next: each file starts its own servers and
          // databases, and the server keeps its state per app, so nothing leaks between files, and the suite no
          // longer imports the whole server again for each of them (about a quarter of its CPU; docs/testing.md).
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          globalSetup: ['apps/server/test/support/pglite-template.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file drives its own Chromium; two at a time fits this machine's two cores. Each file keeps its own
          // worker (isolated): the server runs in the worker beside the test's browser client, and a worker that had
          // served earlier files left timing stories (Stop during a reply, a scrollbar's fade) failing under load.
          maxWorkers: 2,
        },
      },
    ],
  },
});
