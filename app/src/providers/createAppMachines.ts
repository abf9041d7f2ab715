/**
 * The app's state machines with its effects provided: the login dialog, the SMS countdown, the
 * session-expiry prompt and the player. Loaded on first need (createAppRuntime.ts), so xstate and
 * the machines are not part of a page's first load.
 */
import {
  type ApiClient,
  ApiError,
  login,
  type LoginData,
  MESSAGES,
  recordPlay,
  sendSms,
  type TimedStorage,
  type WorkItem,
} from '@gy/api'
import {
  createLoginDialogMachine,
  type MediaSessionParams,
  normalizeTrack,
  playerMachine,
  PLAYER_SEEK_STEP_SECONDS,
  type RememberedQueue,
  sessionExpiryMachine,
  smsCountdownMachine,
} from '@gy/machines'
import { type ActorRefFrom, createActor, fromPromise, type InspectionEvent } from 'xstate'
import { PLAYER_TEXT, STRINGS } from '../strings'
import { createAudioElementActor } from './audioElementActor'
import { PLAYER_QUEUE_KEY } from './createAppRuntime'
import { countPlays, readRememberedQueue, restorePlayer } from './playerMemory'
import type { SessionStore } from './sessionStore'
import type { ToastStore } from './toastStore'

const loginDialogMachine = createLoginDialogMachine<LoginData>()

/** What the machines act on, made by the runtime before they load. */
export interface MachineDependencies {
  api: ApiClient
  session: SessionStore
  toasts: ToastStore
  /** The queue's storage (store branch): kept like the session, for 24 hours. */
  playerStorage: TimedStorage
  /** Leaves a protected page after the session ends (SPEC.md section 2). */
  goUnlessHome(path: '/' | '/home'): void
  audioElement?: HTMLAudioElement
  mediaSession?: MediaSession
  /** Development only: a state inspector that sees every machine's events (VITE_XSTATE_INSPECT). */
  inspect?: (event: InspectionEvent) => void
}

export interface AppMachines {
  loginDialog: ActorRefFrom<typeof loginDialogMachine>
  smsCountdown: ActorRefFrom<typeof smsCountdownMachine>
  sessionExpiry: ActorRefFrom<typeof sessionExpiryMachine>
  player: ActorRefFrom<typeof playerMachine>
  /** Loads a work of a list into the player (or toggles it when it is the one loaded). */
  playWork(work: WorkItem): void
}

export function createAppMachines(dependencies: MachineDependencies): AppMachines {
  const { api, session, toasts, playerStorage, goUnlessHome, audioElement, mediaSession, inspect } =
    dependencies
  const actorOptions = inspect ? { inspect } : {}

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
    actorOptions,
  ).start()

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
    actorOptions,
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
    actorOptions,
  ).start()

  // The queue outlives a reload (store branch): kept like the session, for 24 hours.
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
    actorOptions,
  ).start()
  if (mediaSession) bindMediaKeys(mediaSession, player)
  const remembered = readRememberedQueue(playerStorage.get<unknown>(PLAYER_QUEUE_KEY))
  if (remembered) void restorePlayer(api, player, remembered)
  countPlays(player, (goodsId) => recordPlay(api, goodsId))

  return {
    loginDialog,
    smsCountdown,
    sessionExpiry,
    player,
    playWork: (work) => player.send({ type: 'player.load', track: normalizeTrack(work) }),
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
