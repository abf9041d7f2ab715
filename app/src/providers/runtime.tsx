import { createMemoryBackend, type StorageBackend } from '@gy/api'
import { createContext, type ReactNode, use, useState, useSyncExternalStore } from 'react'
import { useNavigate } from 'react-router'
import { devInspect } from '../devtools/inspector'
import { type AppRuntime, createAppRuntime } from './createAppRuntime'
import type { SessionState } from './sessionStore'

export type { AppRuntime } from './createAppRuntime'

/** Exported for Storybook's state chart pages, which give the app's hosts a runtime of their own. */
export const RuntimeContext = createContext<AppRuntime | null>(null)

export function useRuntime(): AppRuntime {
  const runtime = use(RuntimeContext)
  if (!runtime) throw new Error('useRuntime must be used inside <RuntimeProvider>')
  return runtime
}

export function useSession(): SessionState {
  const { session } = useRuntime()
  return useSyncExternalStore(session.subscribe, session.getSnapshot)
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
      storageBackend: browserStorageBackend(),
      secret: __GY_SIGN_SECRET__,
      navigation: {
        go: (path, options) => void navigate(path, options),
        currentPath: () => window.location.pathname,
      },
      audioElement: new Audio(),
      mediaSession: 'mediaSession' in navigator ? navigator.mediaSession : undefined,
      inspect: devInspect,
    }),
  )
  return <RuntimeContext value={runtime}>{children}</RuntimeContext>
}
