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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file drives its own Chromium; two at a time fits this machine's two cores.
          maxWorkers: 2,
        },
      },
    ],
  },
});
