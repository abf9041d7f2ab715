import {
  type ApiClient,
  createApiClient,
  createTimedStorage,
  logout,
  MESSAGES,
  type StorageBackend,
  type WorkItem,
} from '@gy/api'
import type { InspectionEvent } from 'xstate'
import type { AppMachines } from './createAppMachines'
import { createSessionStore, type SessionStore } from './sessionStore'
import { createToastStore, type ToastStore } from './toastStore'

export type { AppMachines } from './createAppMachines'

/** Where the player's queue is kept between reloads (createAppMachines.ts reads it back). */
export const PLAYER_QUEUE_KEY = 'playerQueue'

/** How the runtime moves the user around; the router supplies it. */
export interface Navigation {
  go(path: string, options?: { replace?: boolean }): void
  currentPath(): string
}

export interface AppRuntimeOptions {
  storageBackend: StorageBackend
  secret: string
  navigation: Navigation
  baseURL?: string
  /** The app's one audio element; without it (tests) the player plays nothing. */
  audioElement?: HTMLAudioElement
  /** The browser's lock-screen and media-key integration, where there is one. */
  mediaSession?: MediaSession
  /** Development only: receives every machine's events for a state inspector (VITE_XSTATE_INSPECT). */
  inspect?: (event: InspectionEvent) => void
}

/**
 * The machines, loaded on first need: a page shows with the api client and the stores alone, and
 * xstate with the machines arrives when something asks for them (a tap, a login, a session error,
 * a page that drives the player).
 */
export interface MachinesLoader {
  /** The machines, loading them the first time it is called. */
  load(): Promise<AppMachines>
  /** The machines if they have loaded, otherwise undefined. */
  current(): AppMachines | undefined
  /** Told once the machines have loaded. */
  subscribe(listener: () => void): () => void
}

export interface AppRuntime {
  api: ApiClient
  session: SessionStore
  toasts: ToastStore
  machines: MachinesLoader
  /** Opens the login dialog (a bottom sheet on phones). */
  openLogin(): void
  /** Loads a work of a list into the player (or toggles it when it is the one loaded). */
  playWork(work: WorkItem): void
  /** Logs out: clears storage and goes to /home unless already there (SPEC.md section 2). */
  logOut(): void
}

/**
 * Creates, once per page, everything the pages share: the api client, the session and toast
 * stores, and the loader of the machines running with the app's effects provided.
 */
export function createAppRuntime(options: AppRuntimeOptions): AppRuntime {
  const { navigation } = options
  const session = createSessionStore(createTimedStorage({ backend: options.storageBackend }))
  const toasts = createToastStore()
  // The queue outlives a reload (store branch): kept like the session, for 24 hours.
  const playerStorage = createTimedStorage({ backend: options.storageBackend })

  function goUnlessHome(path: '/' | '/home'): void {
    if (navigation.currentPath() !== '/home') navigation.go(path, { replace: path === '/' })
  }

  let loaded: AppMachines | undefined
  let loading: Promise<AppMachines> | undefined
  const listeners = new Set<() => void>()
  const machines: MachinesLoader = {
    load() {
      loading ??= import('./createAppMachines').then(
        ({ createAppMachines }) => {
          loaded = createAppMachines({
            api,
            session,
            toasts,
            playerStorage,
            goUnlessHome,
            ...(options.audioElement ? { audioElement: options.audioElement } : {}),
            ...(options.mediaSession ? { mediaSession: options.mediaSession } : {}),
            ...(options.inspect ? { inspect: options.inspect } : {}),
          })
          for (const listener of listeners) listener()
          return loaded
        },
        (error: unknown) => {
          // A chunk that failed to arrive (offline, a new deploy) is asked for again next time.
          loading = undefined
          throw error
        },
      )
      return loading
    },
    current: () => loaded,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }

  /** Runs `effect` with the machines: at once when loaded (inside the user's gesture), else soon. */
  function withMachines(effect: (loadedMachines: AppMachines) => void): void {
    if (loaded) return effect(loaded)
    machines.load().then(effect, (error: unknown) => {
      console.warn('the machines did not load', error)
      toasts.show('error', MESSAGES.networkError)
    })
  }

  const api = createApiClient({
    baseURL: options.baseURL,
    secret: options.secret,
    getToken: () => session.getToken(),
    onSessionError: ({ code, hadToken }) => {
      // A call that left with a token the user has since given up (logged out) is not an
      // expired session: no 系统提示 for it.
      if (hadToken && !session.getSnapshot().isLogin) return
      withMachines(({ sessionExpiry }) =>
        sessionExpiry.send({ type: 'session.error', code, hadToken }),
      )
    },
  })

  // A queue kept from the last visit comes back at once, paused (the player's machine restores it).
  if (playerStorage.get<unknown>(PLAYER_QUEUE_KEY) !== undefined) void machines.load()

  return {
    api,
    session,
    toasts,
    machines,
    openLogin: () => withMachines(({ loginDialog }) => loginDialog.send({ type: 'login.open' })),
    playWork: (work) => withMachines((loadedMachines) => loadedMachines.playWork(work)),
    logOut() {
      // The call reads the token before its first await, so it still carries it after the local
      // session is cleared below. Best effort: the user is logged out here whatever it answers.
      logout(api).catch((error: unknown) => console.warn('logout call failed', error))
      session.logOut()
      goUnlessHome('/home')
    },
  }
}
