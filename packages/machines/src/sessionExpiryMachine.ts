import { assign, setup } from 'xstate'
import type { SnapshotFrom } from 'xstate'

/** The response codes that mean the session is gone (SPEC.md section 8). */
export const SESSION_ERROR_CODES = ['401', '402', '403'] as const
export type SessionErrorCode = (typeof SESSION_ERROR_CODES)[number]

/**
 * Why the session ended, by the name of the spec's message: 402 means another device logged in
 * with the account, 401 and 403 that the login expired. The view words it.
 */
export type SessionExpiryReason = 'sessionExpired' | 'loggedInElsewhere'

/** `reason` is set while prompting, null while idle. */
export interface SessionExpiryContext {
  reason: SessionExpiryReason | null
}

export type SessionExpiryEvent =
  /** `hadToken`: whether an access token was stored when the failing request was made. */
  | { type: 'session.error'; code: SessionErrorCode; hadToken: boolean }
  | { type: 'session.confirm' }
  | { type: 'session.cancel' }

/** A request needed a login and there was none: the spec's missingLogin message. */
export interface SessionWarningParams {
  notice: 'missingLogin'
}

export function sessionExpiryReason(code: SessionErrorCode): SessionExpiryReason {
  return code === '402' ? 'loggedInElsewhere' : 'sessionExpired'
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
    setPromptReason: assign({
      reason: ({ context, event }) =>
        event.type === 'session.error' ? sessionExpiryReason(event.code) : context.reason,
    }),
    clearPromptReason: assign({ reason: null }),
  },
  guards: {
    hadToken: ({ event }) => event.type === 'session.error' && event.hadToken,
  },
}).createMachine({
  id: 'sessionExpiry',
  context: { reason: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'session.error': [
          { guard: 'hadToken', target: 'prompting', actions: ['clearSession', 'setPromptReason'] },
          {
            actions: ['openLogin', { type: 'warn', params: { notice: 'missingLogin' } }],
          },
        ],
      },
    },
    prompting: {
      exit: 'clearPromptReason',
      on: {
        'session.confirm': { target: 'idle', actions: 'openLogin' },
        'session.cancel': { target: 'idle', actions: 'leaveProtectedPage' },
      },
    },
  },
})

export type SessionExpirySnapshot = SnapshotFrom<typeof sessionExpiryMachine>

/** Why the 系统提示 dialog shows while prompting, or null when no dialog should show. */
export function selectSessionPrompt(snapshot: SessionExpirySnapshot): SessionExpiryReason | null {
  return snapshot.matches('prompting') ? snapshot.context.reason : null
}
