import { assign, fromPromise, setup } from 'xstate'
import type { SnapshotFrom } from 'xstate'
import { SMS_RESEND_SECONDS } from './limits'

/** Seconds left before another code may be requested; 0 outside the countdown. */
export interface SmsCountdownContext {
  remaining: number
}

/** `phone` is the bare number as typed (digits only); the app adds the 86: prefix on the wire. */
export type SmsCountdownEvent = { type: 'sms.send'; phone: string }

export interface SendCodeInput {
  phone: string
}

/**
 * What to tell the user, by the name of the spec's message (the api package's catalogue has the
 * text; the machine exposes the reason, the view words it).
 */
export type SmsNotice = 'phoneRequired' | 'smsSent'

export interface SmsNoticeParams {
  notice: SmsNotice
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
            actions: { type: 'warn', params: { notice: 'phoneRequired' } },
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
          actions: [{ type: 'notifySuccess', params: { notice: 'smsSent' } }, 'startCountdown'],
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

/** What the "get code" button shows: ready, sending, or counting down to another code. */
export type SmsButtonPhase = 'ready' | 'sending' | 'counting'

export function selectSmsButtonPhase(snapshot: SmsCountdownSnapshot): SmsButtonPhase {
  if (snapshot.matches('sending')) return 'sending'
  if (snapshot.matches('counting')) return 'counting'
  return 'ready'
}

/** Seconds before another code may be requested; 0 unless counting down. */
export function selectSmsSecondsLeft(snapshot: SmsCountdownSnapshot): number {
  return snapshot.matches('counting') ? snapshot.context.remaining : 0
}

/** True while a code is being sent or the resend countdown runs: the button is disabled. */
export function isSmsButtonBusy(snapshot: SmsCountdownSnapshot): boolean {
  return snapshot.hasTag('busy')
}
