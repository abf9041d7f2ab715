import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [vanillaExtractPlugin()],
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.{ts,tsx}',
            'packages/audio/bench/**/*.test.ts',
            'app/src/**/*.test.{ts,tsx}',
            'scripts/*.test.ts',
            'scripts/visual/compare.test.ts',
          ],
          environment: 'node',
          testTimeout: 30_000,
          // Two files at a time: the default is one worker fewer than the cores, which leaves one of
          // CI's two cores idle while the audio files compute.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Migrates one database per run, which every test app copies (server/src/test/testApp.ts).
          globalSetup: ['server/src/test/testGlobalSetup.ts'],
          // Records each SQL text the tests send when GY_SQL_TEXTS_DIR is set (scripts/sqlParity.mjs).
          setupFiles: ['server/src/test/recordSqlTexts.ts'],
          // Two files at a time: most of a file's time is waiting on its database, the other core
          // is idle otherwise (the default is one worker fewer than the cores).
          maxWorkers: 2,
          // Vitest runs projects of one group order together only if they have the same maxWorkers:
          // after the others, so that a run of every project still starts on a machine of any size.
          sequence: { groupOrder: 1 },
        },
      },
      {
        // The hardening suite (server/hardening/README in the root README): fuzzing from the API
        // document, security, loopback load and kill -9 crash tests. Its files each build one
        // app or start real server processes, so they run one at a time on a small machine.
        test: {
          name: 'hardening',
          include: ['server/hardening/**/*.test.ts'],
          environment: 'node',
          testTimeout: 240_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          // The scale-out topology (server/cluster): servers, workers, nginx, PostgreSQL, S3.
          name: 'cluster',
          include: ['server/cluster/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          // The first-load JavaScript gate (scripts/perfBudgets.ts): reads app/dist, so npm test
          // runs it after the web app build.
          name: 'budgets',
          include: ['scripts/gates/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          // Launches the one Chromium and makes the seeded data folders the files start from.
          globalSetup: ['e2e/support/globalSetup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Each file has its own server on its own copy of the data and its own browser
          // contexts, so two run side by side.
          maxWorkers: 2,
          // A run of every project refuses projects of different maxWorkers in one group order:
          // the browser tests get a group of their own, after the in-process projects.
          sequence: { groupOrder: 2 },
          // A page re-renders after network round trips and animations; on a loaded CI machine
          // that takes more than vitest's one-second default for expect.poll.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        test: {
          // Every story against its baseline, and axe on it (npm run test:visual, issue 16).
          name: 'visual',
          include: ['scripts/visual/stories.test.ts'],
          environment: 'node',
          // A story's first render parses Storybook's bundles; on a busy machine that takes a while.
          testTimeout: 400_000,
          hookTimeout: 120_000,
          // Pages rendered at once: Chromium's renderers and the compare share two cores.
          maxConcurrency: 3,
        },
      },
    ],
  },
})
