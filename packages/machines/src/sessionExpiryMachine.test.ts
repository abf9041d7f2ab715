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
import { everyTransition, replaySteps } from './testSupport'

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
  const transitions = everyTransition(model)

  it('visits every state, with each prompt reason', () => {
    const visited = paths.flatMap((path) => [path.state, ...path.steps.map((step) => step.state)])
    expect(new Set(visited.map((state) => state.value))).toEqual(new Set(['idle', 'prompting']))
    expect(
      new Set(
        visited.filter((state) => state.matches('prompting')).map((state) => state.context.reason),
      ),
    ).toEqual(new Set(['sessionExpired', 'loggedInElsewhere']))
  })

  /**
   * What a step must do, from whether a prompt was showing: written from the spec (one expiry at
   * a time; with a token the session is cleared and the prompt shown; without one the login opens
   * with a warning; the prompt's buttons open the login or leave the page).
   */
  function expectedEffects(prompting: boolean, event: SessionExpiryEvent): string[] {
    if (event.type === 'session.error' && !prompting) {
      return event.hadToken ? ['clearSession'] : ['openLogin', 'warn missingLogin']
    }
    if (event.type === 'session.confirm' && prompting) return ['openLogin']
    if (event.type === 'session.cancel' && prompting) return ['leaveProtectedPage']
    return []
  }

  /** The prompt's reason after a step, from the one before it: written from the spec. */
  function expectedPrompt(
    before: 'sessionExpired' | 'loggedInElsewhere' | null,
    event: SessionExpiryEvent,
  ): 'sessionExpired' | 'loggedInElsewhere' | null {
    if (before === null) {
      if (event.type !== 'session.error' || !event.hadToken) return null
      return event.code === '402' ? 'loggedInElsewhere' : 'sessionExpired'
    }
    return event.type === 'session.confirm' || event.type === 'session.cancel' ? null : before
  }

  it.each(transitions.map((transition) => [transition.description, transition] as const))(
    '%s',
    async (_, transition) => {
      const { actor, effects } = startSessionExpiry()
      const sendStepEvent = (step: { event: { type: string } }) => {
        // xstate/graph types a step's event as `{ type }`; at run time it is the full event.
        const event = step.event as SessionExpiryEvent
        const promptBefore = selectSessionPrompt(actor.getSnapshot())
        const prompting = promptBefore !== null
        const effectsBefore = effects.length
        actor.send(event)
        expect(effects.slice(effectsBefore)).toEqual(expectedEffects(prompting, event))
        // The prompt gives the reason of the code that opened it (402: logged in elsewhere; 401
        // and 403: expired), keeps it through later errors and goes once answered.
        expect(selectSessionPrompt(actor.getSnapshot())).toBe(expectedPrompt(promptBefore, event))
      }
      const executors = {
        'session.error': sendStepEvent,
        'session.confirm': sendStepEvent,
        'session.cancel': sendStepEvent,
      }
      await replaySteps(transition.steps, executors, (expected) => {
        expect(actor.getSnapshot().value).toEqual(expected.value)
        expect(actor.getSnapshot().context).toEqual(expected.context)
      })
    },
  )
})
