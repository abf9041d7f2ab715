import { createMemoryBackend, type StorageBackend } from '@gy/api'
import {
  createContext,
  type ReactNode,
  use,
  useCallback,
  useEffect,
  useState,
  useSyncExternalStore,
} from 'react'
import { useNavigate } from 'react-router'
import { devInspect } from '../devtools/inspector'
import { type AppMachines, type AppRuntime, createAppRuntime } from './createAppRuntime'
import type { SessionState } from './sessionStore'

export type { AppMachines, AppRuntime } from './createAppRuntime'

/** Exported for Storybook's state chart pages, which give the app's hosts a runtime of their own. */
export const RuntimeContext = createContext<AppRuntime | null>(null)

export function useRuntime(): AppRuntime {
  const runtime = use(RuntimeContext)
  if (!runtime) throw new Error('useRuntime must be used inside <RuntimeProvider>')
  return runtime
}

/**
 * What the prerendered first screens (app/src/prerender) show: a visitor. Hydration renders with it
 * too, so the served HTML is adopted as it is; a logged-in user's state follows right after.
 */
const VISITOR: SessionState = { isLogin: false, userInfo: null }
const visitor = () => VISITOR

export function useSession(): SessionState {
  const { session } = useRuntime()
  return useSyncExternalStore(session.subscribe, session.getSnapshot, visitor)
}

/**
 * The machines, for a component that drives them: it suspends (its Suspense boundary shows) until
 * their code has arrived, the first time only.
 */
export function useMachines(): AppMachines {
  return use(useRuntime().machines.load())
}

const noMachines = () => undefined

/** The machines once loaded, else undefined: for what shows before anything needs them. */
export function useLoadedMachines(): AppMachines | undefined {
  const { machines } = useRuntime()
  return useSyncExternalStore(machines.subscribe, machines.current, noMachines)
}

/** The part of an actor a value is read from (an xstate actor has it). */
interface Observable<Snapshot> {
  getSnapshot(): Snapshot
  subscribe(listener: (snapshot: Snapshot) => void): { unsubscribe(): void }
}

/**
 * A value read from an actor that may not have loaded yet: `fallback` until it has. For the
 * shells' first paint, which must not bring @xstate/react (it imports xstate) into the first load;
 * `select` must return a primitive, as useSyncExternalStore compares by identity.
 */
export function useActorValue<Snapshot, Value>(
  actor: Observable<Snapshot> | undefined,
  select: (snapshot: Snapshot) => Value,
  fallback: Value,
): Value {
  const subscribe = useCallback(
    (listener: () => void) => {
      if (!actor) return () => undefined
      const subscription = actor.subscribe(() => listener())
      return () => subscription.unsubscribe()
    },
    [actor],
  )
  return useSyncExternalStore(
    subscribe,
    () => (actor ? select(actor.getSnapshot()) : fallback),
    () => fallback,
  )
}

function inBrowser(): boolean {
  return typeof window !== 'undefined'
}

function browserStorageBackend(): StorageBackend {
  try {
    const probe = '__gy_probe__'
    window.localStorage.setItem(probe, probe)
    window.localStorage.removeItem(probe)
    return window.localStorage
  } catch {
    // Private modes and locked-down browsers refuse local storage; the session then lasts
    // as long as the tab.
    return createMemoryBackend()
  }
}

/** Creates the app runtime once, inside the router because some of its effects navigate. */
export function RuntimeProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate()
  const [runtime] = useState(() =>
    createAppRuntime({
      // The build prerenders first screens outside a browser (app/src/prerender), where there is
      // no storage, audio element or media session, and nothing plays.
      storageBackend: inBrowser() ? browserStorageBackend() : createMemoryBackend(),
      secret: __GY_SIGN_SECRET__,
      navigation: {
        go: (path, options) => void navigate(path, options),
        currentPath: () => window.location.pathname,
      },
      ...(inBrowser()
        ? {
            audioElement: new Audio(),
            mediaSession: 'mediaSession' in navigator ? navigator.mediaSession : undefined,
          }
        : {}),
      ...(devInspect ? { inspect: devInspect } : {}),
    }),
  )
  // The first touch, click or key anywhere asks for the machines, so by the time it becomes a tap
  // on play or 登录 they are usually there and the tap acts inside the user's gesture (iOS plays
  // audio only then); the page itself never waits for them.
  useEffect(() => {
    const load = () => void runtime.machines.load().catch(() => undefined)
    const options = { capture: true, once: true, passive: true }
    window.addEventListener('pointerdown', load, options)
    window.addEventListener('keydown', load, options)
    return () => {
      window.removeEventListener('pointerdown', load, options)
      window.removeEventListener('keydown', load, options)
    }
  }, [runtime])
  return <RuntimeContext value={runtime}>{children}</RuntimeContext>
}
