import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['**/*.unit.test.ts'],
          exclude: ['**/node_modules/**', 'data/**'],
        },
      },
      {
        test: {
          name: 'int',
          sequence: { groupOrder: 1 },
          include: ['**/*.int.test.ts'],
          exclude: ['**/node_modules/**', 'data/**'],
          globalSetup: ['./services/kit/src/testing/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Two cores: one file per core keeps PostgreSQL and NATS from starving.
          maxWorkers: 2,
          fileParallelism: true,
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          include: ['web/e2e/**/*.e2e.test.ts'],
          exclude: ['**/node_modules/**', 'data/**'],
          globalSetup: ['./services/kit/src/testing/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Two files at a time, each its own shop, database and Chromium: a file spends much of
          // its time waiting on the browser and the shop, so two share the two cores (the suite
          // grew to 21 files with the back-office; one at a time took over 20 minutes).
          maxWorkers: 2,
          fileParallelism: true,
          // A page opened cold (its app's JS, the first answers) takes more than expect.poll's
          // default 1 s on a loaded 2-core machine: the first-load polls failed so in the full
          // suite while passing alone. Polls that need longer still name their own timeout.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        test: {
          // The pictures for docs/screenshots (`npm run screenshots`), not part of `npm test`.
          name: 'shots',
          sequence: { groupOrder: 3 },
          include: ['web/e2e/src/**/*.shots.test.ts'],
          exclude: ['**/node_modules/**', 'data/**'],
          globalSetup: ['./services/kit/src/testing/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          maxWorkers: 1,
          fileParallelism: false,
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
})
