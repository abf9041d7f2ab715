import { assign, fromPromise, setup } from 'xstate'
import type { SnapshotFrom } from 'xstate'
import { SMS_RESEND_SECONDS } from './limits'
import { MACHINE_STRINGS, resendLabel } from './strings'

/** Seconds left before another code may be requested; 0 outside the countdown. */
export interface SmsCountdownContext {
  remaining: number
}

/** `phone` is the bare number as typed (digits only); the app adds the 86: prefix on the wire. */
export type SmsCountdownEvent = { type: 'sms.send'; phone: string }

export interface SendCodeInput {
  phone: string
}

export interface SmsNoticeParams {
  message: string
}

export interface SmsErrorParams {
  error: unknown
}

/**
 * The "get code" button of the login dialog (SPEC.md section 4): idle → sending → counting → idle.
 * While sending or counting the button is busy and further `sms.send` events are ignored.
 *
 * The app provides: actor `sendCode` (input {@link SendCodeInput}), actions `warn` and
 * `notifySuccess` ({@link SmsNoticeParams}) and `reportError` ({@link SmsErrorParams}).
 */
export const smsCountdownMachine = setup({
  types: {
    context: {} as SmsCountdownContext,
    events: {} as SmsCountdownEvent,
    tags: {} as 'busy',
  },
  actions: {
    warn: (_, _params: SmsNoticeParams) => {},
    notifySuccess: (_, _params: SmsNoticeParams) => {},
    // The app decides how to show a failure; the spec only logs network failures here.
    reportError: (_, _params: SmsErrorParams) => {},
    startCountdown: assign({ remaining: SMS_RESEND_SECONDS }),
    tick: assign({ remaining: ({ context }) => Math.max(context.remaining - 1, 0) }),
  },
  guards: {
    isPhoneEmpty: ({ event }) => event.phone.trim() === '',
    isLastSecond: ({ context }) => context.remaining <= 1,
  },
  actors: {
    // Resolves with nothing: the app's actor only has to succeed or fail.
    sendCode: fromPromise(async (_: { input: SendCodeInput }) => {}),
  },
  delays: {
    oneSecond: 1000,
  },
}).createMachine({
  id: 'smsCountdown',
  context: { remaining: 0 },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'sms.send': [
          {
            guard: 'isPhoneEmpty',
            actions: { type: 'warn', params: { message: MACHINE_STRINGS.phoneRequired } },
          },
          { target: 'sending' },
        ],
      },
    },
    sending: {
      tags: 'busy',
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ event }) => ({ phone: event.phone }),
        onDone: {
          target: 'counting',
          actions: [
            { type: 'notifySuccess', params: { message: MACHINE_STRINGS.smsSent } },
            'startCountdown',
          ],
        },
        onError: {
          target: 'idle',
          actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    counting: {
      tags: 'busy',
      after: {
        oneSecond: [
          { guard: 'isLastSecond', target: 'idle', actions: 'tick' },
          // Re-entering restarts the one-second timer for the next tick.
          { target: 'counting', reenter: true, actions: 'tick' },
        ],
      },
    },
  },
})

export type SmsCountdownSnapshot = SnapshotFrom<typeof smsCountdownMachine>

/**
 * The button text: 获取验证码 when idle, 发送中… while sending, 重新发送(N) while counting.
 * Given a bare number of seconds left, 0 means idle.
 */
export function smsButtonLabel(snapshotOrRemaining: SmsCountdownSnapshot | number): string {
  if (typeof snapshotOrRemaining === 'number') {
    return snapshotOrRemaining > 0 ? resendLabel(snapshotOrRemaining) : MACHINE_STRINGS.getCode
  }
  if (snapshotOrRemaining.matches('sending')) return MACHINE_STRINGS.sendingCode
  if (snapshotOrRemaining.matches('counting')) {
    return resendLabel(snapshotOrRemaining.context.remaining)
  }
  return MACHINE_STRINGS.getCode
}

/** True while a code is being sent or the resend countdown runs: the button is disabled. */
export function isSmsButtonBusy(snapshot: SmsCountdownSnapshot): boolean {
  return snapshot.hasTag('busy')
}
