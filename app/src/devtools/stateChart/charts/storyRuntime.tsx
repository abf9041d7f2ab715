import { createMemoryBackend, createTimedStorage, type LoginData } from '@gy/api'
import { normalizeTrack } from '@gy/machines'
import { type ReactNode, Suspense } from 'react'
import { MemoryRouter } from 'react-router'
import { type AppMachines, createAppMachines } from '../../../providers/createAppMachines'
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

/**
 * How long a story's toasts stay: a toast the machine shows (an error, 验证码已发送) stays in the
 * picture however long the screenshot takes on a busy machine; close it by hand.
 */
export const STORY_TOAST_MS = HELD_TIMER_MS

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

/** A story's app: the runtime its hosts read, and the machines it drives, already loaded. */
export interface StoryApp<Actors extends Partial<AppMachines> = Partial<AppMachines>> {
  runtime: AppRuntime
  machines: AppMachines
  /** The story's own actors, with their full types (the playground reads their machine). */
  actors: Actors
}

/**
 * The app's own runtime and machines, on memory storage and a router that goes nowhere, with some
 * of the machines replaced by a story's (same machines, story effects instead of network calls).
 * `replace` is given the app's runtime and machines, so a story actor can open the app's login
 * dialog or show its toasts.
 */
export function createStoryApp<Actors extends Partial<AppMachines>>(
  replace: (runtime: AppRuntime, machines: AppMachines) => Actors,
): StoryApp<Actors> {
  const base = createAppRuntime({
    storageBackend: createMemoryBackend(),
    secret: 'storybook',
    navigation: { go: () => {}, currentPath: () => '/home' },
  })
  const appMachines = createAppMachines({
    api: base.api,
    session: base.session,
    toasts: base.toasts,
    playerStorage: createTimedStorage({ backend: createMemoryBackend() }),
    goUnlessHome: () => {},
  })
  const actors = replace(base, appMachines)
  const replaced = { ...appMachines, ...actors }
  const machines: AppMachines = {
    ...replaced,
    playWork: (work) => replaced.player.send({ type: 'player.load', track: normalizeTrack(work) }),
  }
  // Loaded from the start: the hosts find the story's machines without waiting for a chunk.
  const loaded = Promise.resolve(machines)
  const runtime: AppRuntime = {
    ...base,
    machines: { load: () => loaded, current: () => machines, subscribe: () => () => {} },
    openLogin: () => machines.loginDialog.send({ type: 'login.open' }),
    playWork: machines.playWork,
  }
  return { runtime, machines, actors }
}

/** Gives the app's hosts (login dialog, player, session prompt) the story's runtime and a router. */
export function StoryRuntime({ app, children }: { app: StoryApp; children: ReactNode }) {
  return (
    <MemoryRouter>
      <RuntimeContext value={app.runtime}>
        {/* The hosts read the machines with use(), which waits one tick for a new promise. */}
        <Suspense fallback={null}>{children}</Suspense>
      </RuntimeContext>
    </MemoryRouter>
  )
}
