import { createMemoryBackend, type LoginData } from '@gy/api'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { type AppRuntime, createAppRuntime } from '../../../providers/createAppRuntime'
import { RuntimeContext } from '../../../providers/runtime'

/** How a story's stand-in for a network call ends: at once, after a short wait, or never. */
export const settleModes = ['instant', 'slow', 'hold'] as const
export type SettleMode = (typeof settleModes)[number]

/** Long enough to watch the busy state on the chart; short enough not to bore. */
const SLOW_MS = 1500

/**
 * Waits as the mode says. `hold` never settles, so a story can show a busy state (sending,
 * submitting, querying) for as long as a screenshot takes.
 */
export function settle(mode: SettleMode): Promise<void> {
  if (mode === 'hold') return new Promise(() => {})
  return new Promise((resolve) => setTimeout(resolve, mode === 'slow' ? SLOW_MS : 0))
}

/** A timer that never fires during a story: a countdown held at its first value. */
export const HELD_TIMER_MS = 3_600_000

/** What a story's login resolves with: a user who exists only in this story. */
export const STORY_LOGIN: LoginData = {
  accessToken: 'story-token',
  userInfo: {
    userId: 'story-user',
    nickName: '试听用户',
    headerUrl: '',
    mobile: '86:138****8000',
    createdAt: '2026-01-01T00:00:00.000Z',
  },
}

/**
 * The app's own runtime, on memory storage and a router that goes nowhere, with some of its actors
 * replaced by a story's (same machines, story effects instead of network calls).
 */
export function createStoryRuntime(replace: Partial<AppRuntime> = {}): AppRuntime {
  const runtime = createAppRuntime({
    storageBackend: createMemoryBackend(),
    secret: 'storybook',
    navigation: { go: () => {}, currentPath: () => '/home' },
  })
  return { ...runtime, ...replace }
}

/** Gives the app's hosts (login dialog, player, session prompt) the story's runtime and a router. */
export function StoryRuntime({ runtime, children }: { runtime: AppRuntime; children: ReactNode }) {
  return (
    <MemoryRouter>
      <RuntimeContext value={runtime}>{children}</RuntimeContext>
    </MemoryRouter>
  )
}
