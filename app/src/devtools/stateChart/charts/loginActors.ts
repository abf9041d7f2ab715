import { ApiError, type LoginData, MESSAGES } from '@gy/api'
import { createLoginDialogMachine, smsCountdownMachine } from '@gy/machines'
import { createActor, fromPromise } from 'xstate'
import type { ToastStore } from '../../../providers/toastStore'
import { HELD_TIMER_MS, settle, type SettleMode, STORY_LOGIN } from './storyRuntime'

/** The code that a story's login refuses, to show the error path. */
export const REFUSED_CODE = '000000'

/** The app's login dialog machine with story effects: no network, the same toasts. */
export function createStoryLoginDialog(toasts: ToastStore, mode: SettleMode) {
  return createActor(
    createLoginDialogMachine<LoginData>().provide({
      actors: {
        logIn: fromPromise<LoginData, { phone: string; smsCode: string }>(async ({ input }) => {
          await settle(mode)
          if (input.smsCode === REFUSED_CODE) {
            throw new ApiError('business', 'smsCodeWrong', MESSAGES.smsCodeWrong)
          }
          return STORY_LOGIN
        }),
      },
      actions: {
        notifyLoggedIn: () => toasts.show('success', MESSAGES.loginSucceeded),
        reportLoginError: (_, { error }) =>
          toasts.show('error', error instanceof ApiError ? error.message : MESSAGES.loginFailed),
      },
    }),
  ).start()
}

/**
 * The SMS countdown with a story `sendCode`. `heldClock` stops the one-second tick, so a story can
 * show the countdown's first second for a screenshot.
 */
export function createStorySmsCountdown(toasts: ToastStore, mode: SettleMode, heldClock = false) {
  return createActor(
    smsCountdownMachine.provide({
      actors: { sendCode: fromPromise(() => settle(mode)) },
      actions: { notifySuccess: () => toasts.show('success', MESSAGES.smsSent) },
      ...(heldClock ? { delays: { oneSecond: HELD_TIMER_MS } } : {}),
    }),
  ).start()
}
