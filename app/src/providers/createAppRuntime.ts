import {
  type ApiClient,
  ApiError,
  createApiClient,
  createTimedStorage,
  login,
  type LoginData,
  MESSAGES,
  logout,
  recordPlay,
  sendSms,
  type StorageBackend,
} from '@gy/api'
import {
  createLoginDialogMachine,
  type MediaSessionParams,
  playerMachine,
  PLAYER_SEEK_STEP_SECONDS,
  type RememberedQueue,
  sessionExpiryMachine,
  smsCountdownMachine,
} from '@gy/machines'
import { type ActorRefFrom, createActor, fromPromise, type InspectionEvent } from 'xstate'
import { PLAYER_TEXT, STRINGS } from '../strings'
import { createAudioElementActor } from './audioElementActor'
import { countPlays, readRememberedQueue, restorePlayer } from './playerMemory'
import { createSessionStore, type SessionStore } from './sessionStore'
import { createToastStore, type ToastStore } from './toastStore'

const loginDialogMachine = createLoginDialogMachine<LoginData>()

/** Where the player's queue is kept between reloads. */
const PLAYER_QUEUE_KEY = 'playerQueue'

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

export interface AppRuntime {
  api: ApiClient
  session: SessionStore
  toasts: ToastStore
  loginDialog: ActorRefFrom<typeof loginDialogMachine>
  smsCountdown: ActorRefFrom<typeof smsCountdownMachine>
  sessionExpiry: ActorRefFrom<typeof sessionExpiryMachine>
  player: ActorRefFrom<typeof playerMachine>
  /** Logs out: clears storage and goes to /home unless already there (SPEC.md section 2). */
  logOut(): void
}

/**
 * Creates, once per page, everything the pages share: the api client, the session and toast
 * stores, and the machines running with the app's effects provided.
 */
export function createAppRuntime(options: AppRuntimeOptions): AppRuntime {
  const { navigation } = options
  const session = createSessionStore(createTimedStorage({ backend: options.storageBackend }))
  const toasts = createToastStore()

  function goUnlessHome(path: '/' | '/home'): void {
    if (navigation.currentPath() !== '/home') navigation.go(path, { replace: path === '/' })
  }

  // Its actions run only on events, after every actor below exists.
  const sessionExpiry = createActor(
    sessionExpiryMachine.provide({
      actions: {
        clearSession: () => session.logOut(),
        openLogin: () => loginDialog.send({ type: 'login.open' }),
        leaveProtectedPage: () => goUnlessHome('/'),
        warn: (_, { notice }) => toasts.show('warning', MESSAGES[notice]),
      },
    }),
    { inspect: options.inspect },
  ).start()

  const api = createApiClient({
    baseURL: options.baseURL,
    secret: options.secret,
    getToken: () => session.getToken(),
    onSessionError: ({ code, hadToken }) => {
      // A call that left with a token the user has since given up (logged out) is not an
      // expired session: no 系统提示 for it.
      if (hadToken && !session.getSnapshot().isLogin) return
      sessionExpiry.send({ type: 'session.error', code, hadToken })
    },
  })

  const loginDialog = createActor(
    loginDialogMachine.provide({
      actors: {
        logIn: fromPromise(({ input }) => login(api, input.phone, input.smsCode)),
      },
      actions: {
        warn: (_, { notice }) => toasts.show('warning', MESSAGES[notice]),
        notifyLoggedIn: (_, { output }) => {
          session.logIn(output)
          toasts.show('success', MESSAGES.loginSucceeded)
        },
        reportLoginError: (_, { error }) => {
          // A refused code has its own message; a failed request gets the spec's login text.
          const refused = error instanceof ApiError && error.kind === 'business'
          toasts.show('error', refused ? error.message : MESSAGES.loginFailed)
        },
      },
    }),
    { inspect: options.inspect },
  ).start()

  const smsCountdown = createActor(
    smsCountdownMachine.provide({
      actors: {
        sendCode: fromPromise(async ({ input }) => {
          await sendSms(api, input.phone)
        }),
      },
      actions: {
        warn: (_, { notice }) => toasts.show('warning', MESSAGES[notice]),
        notifySuccess: (_, { notice }) => toasts.show('success', MESSAGES[notice]),
        reportError: (_, { error }) => {
          // The spec only logs a network failure while sending a code.
          if (!(error instanceof ApiError) || error.kind === 'network') {
            console.warn('send-sms failed', error)
            return
          }
          toasts.show('error', error.message)
        },
      },
    }),
    { inspect: options.inspect },
  ).start()

  const { audioElement, mediaSession } = options
  // The queue outlives a reload (store branch): kept like the session, for 24 hours.
  const playerStorage = createTimedStorage({ backend: options.storageBackend })
  const player = createActor(
    playerMachine.provide({
      ...(audioElement ? { actors: { audio: createAudioElementActor(audioElement) } } : {}),
      guards: { isLoggedIn: () => session.getSnapshot().isLogin },
      actions: {
        requestLogin: () => loginDialog.send({ type: 'login.open' }),
        rememberQueue: (_, queue: RememberedQueue) => {
          if (queue.index < 0) playerStorage.remove(PLAYER_QUEUE_KEY)
          else playerStorage.set(PLAYER_QUEUE_KEY, queue)
        },
        reportError: (_, { message }) => toasts.show('error', message || PLAYER_TEXT.loadFailed),
        updateMediaSession: (_, params) => {
          if (mediaSession) updateMediaSession(mediaSession, params)
        },
      },
    }),
    { inspect: options.inspect },
  ).start()
  if (mediaSession) bindMediaKeys(mediaSession, player)
  const remembered = readRememberedQueue(playerStorage.get<unknown>(PLAYER_QUEUE_KEY))
  if (remembered) void restorePlayer(api, player, remembered)
  countPlays(player, (goodsId) => recordPlay(api, goodsId))

  return {
    api,
    session,
    toasts,
    loginDialog,
    smsCountdown,
    sessionExpiry,
    player,
    logOut() {
      // The call reads the token before its first await, so it still carries it after the local
      // session is cleared below. Best effort: the user is logged out here whatever it answers.
      logout(api).catch((error: unknown) => console.warn('logout call failed', error))
      session.logOut()
      goUnlessHome('/home')
    },
  }
}

function updateMediaSession(mediaSession: MediaSession, params: MediaSessionParams): void {
  mediaSession.playbackState = params.playbackState
  mediaSession.metadata = params.metadata
    ? new MediaMetadata({
        title: params.metadata.title,
        artist: STRINGS.productName,
        artwork: params.metadata.artwork ? [{ src: params.metadata.artwork }] : [],
      })
    : null
  if (params.duration > 0 && params.position <= params.duration) {
    mediaSession.setPositionState?.({ duration: params.duration, position: params.position })
  }
}

/** Media keys and lock-screen controls drive the same machine as the player bar. */
function bindMediaKeys(
  mediaSession: MediaSession,
  player: ActorRefFrom<typeof playerMachine>,
): void {
  const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
    ['play', () => player.send({ type: 'player.play' })],
    ['pause', () => player.send({ type: 'player.pause' })],
    ['stop', () => player.send({ type: 'player.pause' })],
    ['previoustrack', () => player.send({ type: 'player.previous' })],
    ['nexttrack', () => player.send({ type: 'player.next' })],
    [
      'seekto',
      (details) =>
        details.seekTime !== undefined &&
        player.send({ type: 'player.seek', time: details.seekTime }),
    ],
    [
      'seekbackward',
      (details) =>
        player.send({
          type: 'player.seekBy',
          seconds: -(details.seekOffset ?? PLAYER_SEEK_STEP_SECONDS),
        }),
    ],
    [
      'seekforward',
      (details) =>
        player.send({
          type: 'player.seekBy',
          seconds: details.seekOffset ?? PLAYER_SEEK_STEP_SECONDS,
        }),
    ],
  ]
  for (const [action, handler] of handlers) {
    try {
      mediaSession.setActionHandler(action, handler)
    } catch {
      // Browsers that do not know an action refuse it; the others still work.
    }
  }
}
