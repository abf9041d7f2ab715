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
          ],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // A page re-renders after network round trips and animations; on a loaded CI machine
          // that takes more than vitest's one-second default for expect.poll.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        test: {
          // Every story against its baseline, and axe on it (npm run test:visual, issue 16).
          name: 'visual',
          include: ['scripts/visual/*.test.ts'],
          environment: 'node',
          // A story's first render parses Storybook's bundles; on a busy machine that takes a while.
          testTimeout: 240_000,
          hookTimeout: 120_000,
          // Pages rendered at once: Chromium's renderers and the compare share two cores.
          maxConcurrency: 3,
        },
      },
    ],
  },
})
