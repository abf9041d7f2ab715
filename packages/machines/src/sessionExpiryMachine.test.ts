import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { createTestModel } from 'xstate/graph'
import {
  SESSION_ERROR_CODES,
  selectSessionPrompt,
  sessionExpiryMachine,
  sessionExpiryReason,
} from './sessionExpiryMachine'
import type { SessionExpiryEvent } from './sessionExpiryMachine'

/** Starts the machine with every effect writing one line to `effects`, in the order they run. */
function startSessionExpiry() {
  const effects: string[] = []
  const actor = createActor(
    sessionExpiryMachine.provide({
      actions: {
        clearSession: () => {
          effects.push('clearSession')
        },
        openLogin: () => {
          effects.push('openLogin')
        },
        leaveProtectedPage: () => {
          effects.push('leaveProtectedPage')
        },
        warn: (_, { notice }) => {
          effects.push(`warn ${notice}`)
        },
      },
    }),
  ).start()
  return { actor, effects }
}

describe('sessionExpiryMachine', () => {
  it('starts idle with no prompt', () => {
    const { actor } = startSessionExpiry()
    expect(actor.getSnapshot().value).toBe('idle')
    expect(selectSessionPrompt(actor.getSnapshot())).toBeNull()
  })

  it.each([
    ['401', 'sessionExpired'],
    ['402', 'loggedInElsewhere'],
    ['403', 'sessionExpired'],
  ] as const)('with a token, code %s clears the session, then prompts %s', (code, reason) => {
    const { actor, effects } = startSessionExpiry()
    actor.send({ type: 'session.error', code, hadToken: true })
    expect(effects).toEqual(['clearSession'])
    expect(actor.getSnapshot().value).toBe('prompting')
    expect(selectSessionPrompt(actor.getSnapshot())).toBe(reason)
  })

  it('confirming opens the login dialog and returns to idle', () => {
    const { actor, effects } = startSessionExpiry()
    actor.send({ type: 'session.error', code: '401', hadToken: true })
    actor.send({ type: 'session.confirm' })
    expect(effects).toEqual(['clearSession', 'openLogin'])
    expect(actor.getSnapshot().value).toBe('idle')
    expect(actor.getSnapshot().context.reason).toBeNull()
    expect(selectSessionPrompt(actor.getSnapshot())).toBeNull()
  })

  it('cancelling leaves the protected page and returns to idle', () => {
    const { actor, effects } = startSessionExpiry()
    actor.send({ type: 'session.error', code: '402', hadToken: true })
    actor.send({ type: 'session.cancel' })
    expect(effects).toEqual(['clearSession', 'leaveProtectedPage'])
    expect(actor.getSnapshot().value).toBe('idle')
  })

  it('handles one expiry at a time: errors while prompting are ignored', () => {
    const { actor, effects } = startSessionExpiry()
    actor.send({ type: 'session.error', code: '401', hadToken: true })
    // Other requests that were in flight with the same token fail too.
    actor.send({ type: 'session.error', code: '402', hadToken: true })
    actor.send({ type: 'session.error', code: '403', hadToken: false })
    expect(effects).toEqual(['clearSession'])
    expect(actor.getSnapshot().context.reason).toBe('sessionExpired')

    // Once answered, the next expiry is handled again.
    actor.send({ type: 'session.confirm' })
    actor.send({ type: 'session.error', code: '402', hadToken: true })
    expect(effects).toEqual(['clearSession', 'openLogin', 'clearSession'])
    expect(actor.getSnapshot().context.reason).toBe('loggedInElsewhere')
  })

  it.each(SESSION_ERROR_CODES)(
    'without a token, code %s opens the login dialog and warns missingLogin',
    (code) => {
      const { actor, effects } = startSessionExpiry()
      actor.send({ type: 'session.error', code, hadToken: false })
      expect(effects).toEqual(['openLogin', 'warn missingLogin'])
      expect(actor.getSnapshot().value).toBe('idle')
      expect(selectSessionPrompt(actor.getSnapshot())).toBeNull()
    },
  )

  it('ignores confirm and cancel when nothing is prompted', () => {
    const { actor, effects } = startSessionExpiry()
    actor.send({ type: 'session.confirm' })
    actor.send({ type: 'session.cancel' })
    expect(effects).toEqual([])
    expect(actor.getSnapshot().value).toBe('idle')
  })

  it('gives the reason by code', () => {
    expect(sessionExpiryReason('401')).toBe('sessionExpired')
    expect(sessionExpiryReason('402')).toBe('loggedInElsewhere')
    expect(sessionExpiryReason('403')).toBe('sessionExpired')
  })
})

describe('sessionExpiryMachine paths', () => {
  const model = createTestModel(sessionExpiryMachine, {
    events: SESSION_ERROR_CODES.flatMap((code) => [
      { type: 'session.error' as const, code, hadToken: true },
      { type: 'session.error' as const, code, hadToken: false },
    ]),
  })
  const paths = model.getShortestPaths()

  it('visits every state, with each prompt reason', () => {
    const visited = paths.flatMap((path) => [path.state, ...path.steps.map((step) => step.state)])
    expect(new Set(visited.map((state) => state.value))).toEqual(new Set(['idle', 'prompting']))
    expect(
      new Set(
        visited.filter((state) => state.matches('prompting')).map((state) => state.context.reason),
      ),
    ).toEqual(new Set(['sessionExpired', 'loggedInElsewhere']))
  })

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    const { actor } = startSessionExpiry()
    const sendStepEvent = ({ event }: { event: { type: string } }) => {
      // xstate/graph types a step's event as `{ type }`; at run time it is the full event.
      actor.send(event as SessionExpiryEvent)
    }
    await path.test({
      states: {
        '*': (expected) => {
          expect(actor.getSnapshot().value).toEqual(expected.value)
          expect(actor.getSnapshot().context).toEqual(expected.context)
        },
      },
      events: {
        'session.error': sendStepEvent,
        'session.confirm': sendStepEvent,
        'session.cancel': sendStepEvent,
      },
    })
  })
})
