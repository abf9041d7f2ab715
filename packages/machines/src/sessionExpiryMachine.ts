import { assign, setup } from 'xstate'
import type { SnapshotFrom } from 'xstate'
import { MACHINE_STRINGS } from './strings'

/** The response codes that mean the session is gone (SPEC.md section 8). */
export const SESSION_ERROR_CODES = ['401', '402', '403'] as const
export type SessionErrorCode = (typeof SESSION_ERROR_CODES)[number]

/** `message` is the prompt's text while prompting, empty while idle. */
export interface SessionExpiryContext {
  message: string
}

export type SessionExpiryEvent =
  /** `hadToken`: whether an access token was stored when the failing request was made. */
  | { type: 'session.error'; code: SessionErrorCode; hadToken: boolean }
  | { type: 'session.confirm' }
  | { type: 'session.cancel' }

export interface SessionWarningParams {
  message: string
}

/** What the confirm dialog shows while prompting. */
export interface SessionPrompt {
  title: string
  message: string
  confirmLabel: string
  cancelLabel: string
}

/** The prompt's text for a code: 402 means another device logged in with the account. */
export function sessionExpiryMessage(code: SessionErrorCode): string {
  return code === '402' ? MACHINE_STRINGS.loggedInElsewhere : MACHINE_STRINGS.sessionExpired
}

/**
 * Session expiry handling (SPEC.md section 8): idle → prompting → idle. Only one prompt at a time:
 * while prompting, further `session.error` events (other requests failing with the same expired
 * token) are ignored.
 *
 * The app provides the actions `clearSession` (clear storage, log out), `openLogin` (open the
 * login dialog), `leaveProtectedPage` (go to the root unless on /home) and `warn`
 * ({@link SessionWarningParams}).
 */
export const sessionExpiryMachine = setup({
  types: {
    context: {} as SessionExpiryContext,
    events: {} as SessionExpiryEvent,
  },
  actions: {
    clearSession: () => {},
    openLogin: () => {},
    leaveProtectedPage: () => {},
    warn: (_, _params: SessionWarningParams) => {},
    setPromptMessage: assign({
      message: ({ context, event }) =>
        event.type === 'session.error' ? sessionExpiryMessage(event.code) : context.message,
    }),
    clearPromptMessage: assign({ message: '' }),
  },
  guards: {
    hadToken: ({ event }) => event.type === 'session.error' && event.hadToken,
  },
}).createMachine({
  id: 'sessionExpiry',
  context: { message: '' },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'session.error': [
          { guard: 'hadToken', target: 'prompting', actions: ['clearSession', 'setPromptMessage'] },
          {
            actions: [
              'openLogin',
              { type: 'warn', params: { message: MACHINE_STRINGS.missingLogin } },
            ],
          },
        ],
      },
    },
    prompting: {
      exit: 'clearPromptMessage',
      on: {
        'session.confirm': { target: 'idle', actions: 'openLogin' },
        'session.cancel': { target: 'idle', actions: 'leaveProtectedPage' },
      },
    },
  },
})

export type SessionExpirySnapshot = SnapshotFrom<typeof sessionExpiryMachine>

/** The confirm dialog's content while prompting, or null when no dialog should show. */
export function selectSessionPrompt(snapshot: SessionExpirySnapshot): SessionPrompt | null {
  if (!snapshot.matches('prompting')) return null
  return {
    title: MACHINE_STRINGS.sessionPromptTitle,
    message: snapshot.context.message,
    confirmLabel: MACHINE_STRINGS.sessionConfirm,
    cancelLabel: MACHINE_STRINGS.sessionCancel,
  }
}
