import {
  type ApiClient,
  ApiError,
  createApiClient,
  createTimedStorage,
  login,
  type LoginData,
  sendSms,
  type StorageBackend,
} from '@gy/api'
import { createLoginDialogMachine, sessionExpiryMachine, smsCountdownMachine } from '@gy/machines'
import { type ActorRefFrom, createActor, fromPromise } from 'xstate'
import { createSessionStore, type SessionStore } from './sessionStore'
import { createToastStore, type ToastStore } from './toastStore'

const loginDialogMachine = createLoginDialogMachine<LoginData>()

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
}

export interface AppRuntime {
  api: ApiClient
  session: SessionStore
  toasts: ToastStore
  loginDialog: ActorRefFrom<typeof loginDialogMachine>
  smsCountdown: ActorRefFrom<typeof smsCountdownMachine>
  sessionExpiry: ActorRefFrom<typeof sessionExpiryMachine>
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
        warn: (_, { message }) => toasts.show('warning', message),
      },
    }),
  ).start()

  const api = createApiClient({
    baseURL: options.baseURL,
    secret: options.secret,
    getToken: () => session.getToken(),
    onSessionError: ({ code, hadToken }) =>
      sessionExpiry.send({ type: 'session.error', code, hadToken }),
  })

  const loginDialog = createActor(
    loginDialogMachine.provide({
      actors: {
        logIn: fromPromise(({ input }) => login(api, input.phone, input.smsCode)),
      },
      actions: {
        warn: (_, { message }) => toasts.show('warning', message),
        notifyLoggedIn: (_, { output, message }) => {
          session.logIn(output)
          toasts.show('success', message)
        },
        reportLoginError: (_, { error, fallbackMessage }) => {
          // A refused code has its own message; a failed request gets the spec's login text.
          const refused = error instanceof ApiError && error.kind === 'business'
          toasts.show('error', refused ? error.message : fallbackMessage)
        },
      },
    }),
  ).start()

  const smsCountdown = createActor(
    smsCountdownMachine.provide({
      actors: {
        sendCode: fromPromise(async ({ input }) => {
          await sendSms(api, input.phone)
        }),
      },
      actions: {
        warn: (_, { message }) => toasts.show('warning', message),
        notifySuccess: (_, { message }) => toasts.show('success', message),
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
  ).start()

  return {
    api,
    session,
    toasts,
    loginDialog,
    smsCountdown,
    sessionExpiry,
    logOut() {
      session.logOut()
      goUnlessHome('/home')
    },
  }
}
