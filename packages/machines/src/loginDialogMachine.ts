import { assign, fromPromise, setup } from 'xstate'
import type { SnapshotFrom } from 'xstate'
import { PHONE_MAX_LENGTH, SMS_CODE_MAX_LENGTH } from './limits'

/** The form as typed: bare digits, at most 11 for the phone and 6 for the code. */
export interface LoginDialogContext {
  phone: string
  smsCode: string
}

export type LoginDialogEvent =
  | { type: 'login.open' }
  | { type: 'login.close' }
  | { type: 'login.phone.change'; value: string }
  | { type: 'login.code.change'; value: string }
  | { type: 'login.submit' }

/** What `logIn` receives: bare digits; the api package adds the country prefix on the wire. */
export interface LoginCredentials {
  phone: string
  smsCode: string
}

/** Which field is missing, by the name of the spec's message; the view words it. */
export type LoginWarning = 'phoneRequired' | 'smsCodeRequired'

export interface LoginWarningParams {
  notice: LoginWarning
}

/** `output` is what the app's `logIn` actor resolved with (the login response data). */
export interface LoggedInParams<TOutput = unknown> {
  output: TOutput
}

/** The view shows the error's own message, or the spec's loginFailed text when it has none. */
export interface LoginErrorParams {
  error: unknown
}

/**
 * Keeps the digits of what was typed or pasted, cut to `maxLength`. Full-width digits, which
 * Chinese input methods produce, count as digits (NFKC folds them to ASCII).
 */
export function keepDigits(value: string, maxLength: number): string {
  return value.normalize('NFKC').replace(/\D/g, '').slice(0, maxLength)
}

const emptyForm: LoginDialogContext = { phone: '', smsCode: '' }

/** Why the default `logIn` fails: logging in needs the app's real effect. */
export const LOGIN_NOT_PROVIDED = 'loginDialogMachine: the app must provide the logIn actor'

/**
 * The login dialog (SPEC.md sections 4 and 5): closed ⇄ open, and inside open, editing →
 * submitting. Submitting is the lock against double submission and carries the `loggingIn` tag
 * for the full-screen 登录中 mask.
 *
 * Closing while submitting is ignored: the request is already on its way, and dropping the
 * dialog would lose its answer (a success must still log the user in; a failure must still be
 * shown next to the form the user typed). The mask covers the dialog meanwhile anyway.
 * Closing while editing keeps what was typed, so reopening does not make the user type it again;
 * only a successful login clears the form.
 *
 * The app provides: actor `logIn` (input {@link LoginCredentials}, output `TOutput`), actions
 * `warn` ({@link LoginWarningParams}), `notifyLoggedIn` ({@link LoggedInParams}) and
 * `reportLoginError` ({@link LoginErrorParams}). `TOutput` is a type parameter because the
 * machines package may not import the API's login types; XState checks provided actors
 * invariantly, so the app states the type once here instead of casting later.
 */
export function createLoginDialogMachine<TOutput = unknown>() {
  return setup({
    types: {
      context: {} as LoginDialogContext,
      events: {} as LoginDialogEvent,
      tags: {} as 'loggingIn',
    },
    actions: {
      warn: (_, _params: LoginWarningParams) => {},
      notifyLoggedIn: (_, _params: LoggedInParams<TOutput>) => {},
      reportLoginError: (_, _params: LoginErrorParams) => {},
      clearForm: assign(() => emptyForm),
      updatePhone: assign({
        phone: ({ context, event }) =>
          event.type === 'login.phone.change'
            ? keepDigits(event.value, PHONE_MAX_LENGTH)
            : context.phone,
      }),
      updateSmsCode: assign({
        smsCode: ({ context, event }) =>
          event.type === 'login.code.change'
            ? keepDigits(event.value, SMS_CODE_MAX_LENGTH)
            : context.smsCode,
      }),
    },
    guards: {
      isPhoneEmpty: ({ context }) => context.phone === '',
      isSmsCodeEmpty: ({ context }) => context.smsCode === '',
    },
    actors: {
      logIn: fromPromise<TOutput, LoginCredentials>(async () => {
        throw new Error(LOGIN_NOT_PROVIDED)
      }),
    },
  }).createMachine({
    id: 'loginDialog',
    context: emptyForm,
    initial: 'closed',
    states: {
      closed: {
        on: {
          'login.open': { target: 'open' },
        },
      },
      open: {
        initial: 'editing',
        states: {
          editing: {
            on: {
              'login.close': { target: '#loginDialog.closed' },
              'login.phone.change': { actions: 'updatePhone' },
              'login.code.change': { actions: 'updateSmsCode' },
              'login.submit': [
                {
                  guard: 'isPhoneEmpty',
                  actions: { type: 'warn', params: { notice: 'phoneRequired' } },
                },
                {
                  guard: 'isSmsCodeEmpty',
                  actions: { type: 'warn', params: { notice: 'smsCodeRequired' } },
                },
                { target: 'submitting' },
              ],
            },
          },
          // The lock: no handler for submit, change or close here, so they are ignored.
          submitting: {
            tags: 'loggingIn',
            invoke: {
              id: 'logIn',
              src: 'logIn',
              input: ({ context }) => ({ phone: context.phone, smsCode: context.smsCode }),
              onDone: {
                target: '#loginDialog.closed',
                actions: [
                  {
                    type: 'notifyLoggedIn',
                    params: ({ event }) => ({ output: event.output }),
                  },
                  'clearForm',
                ],
              },
              onError: {
                target: 'editing',
                actions: {
                  type: 'reportLoginError',
                  params: ({ event }) => ({ error: event.error }),
                },
              },
            },
          },
        },
      },
    },
  })
}

/** The login dialog whose `logIn` output type is not pinned down. */
export const loginDialogMachine = createLoginDialogMachine()

export type LoginDialogMachine<TOutput = unknown> = ReturnType<
  typeof createLoginDialogMachine<TOutput>
>
export type LoginDialogSnapshot<TOutput = unknown> = SnapshotFrom<LoginDialogMachine<TOutput>>

/** Whether the dialog is shown. */
export function selectIsLoginOpen<TOutput>(snapshot: LoginDialogSnapshot<TOutput>): boolean {
  return snapshot.matches('open')
}

/** Whether the full-screen 登录中 mask shows: a login request is pending. */
export function selectIsLoggingIn<TOutput>(snapshot: LoginDialogSnapshot<TOutput>): boolean {
  return snapshot.hasTag('loggingIn')
}
