import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { createTestModel } from 'xstate/graph'
import {
  REGISTRATION_EVENT_TYPES,
  REGISTRATION_STATUSES,
  isRegistrationEditable,
  nextRegistrationStatus,
  registrationEventsAt,
  registrationStatusMachine,
  type RegistrationEventType,
  type RegistrationStatus,
} from './registrationStatusMachine'

// The arrows as the issue and CONTRACT.md describe them, written out by hand: every pair not
// listed here must be refused.
const ALLOWED: Record<string, RegistrationStatus> = {
  'draft|registration.edit': 'draft',
  'draft|registration.submit': 'awaiting_payment',
  'awaiting_payment|payment.settled': 'submitted',
  'submitted|review.start': 'in_review',
  'in_review|review.requestCorrection': 'needs_correction',
  'in_review|review.register': 'registered',
  'in_review|review.reject': 'rejected',
  'needs_correction|registration.edit': 'needs_correction',
  'needs_correction|registration.submit': 'submitted',
}

describe('registrationStatusMachine', () => {
  it('moves along the contract arrows and refuses every other pair', () => {
    for (const status of REGISTRATION_STATUSES) {
      for (const event of REGISTRATION_EVENT_TYPES) {
        expect(nextRegistrationStatus(status, event), `${status} + ${event}`).toBe(
          ALLOWED[`${status}|${event}`] ?? null,
        )
      }
    }
  })

  it('lets the applicant edit only drafts and applications sent back for correction', () => {
    const editable = REGISTRATION_STATUSES.filter(isRegistrationEditable)
    expect(editable).toEqual(['draft', 'needs_correction'])
  })

  it('offers no event once registered or rejected', () => {
    expect(registrationEventsAt('registered')).toEqual([])
    expect(registrationEventsAt('rejected')).toEqual([])
    expect(registrationEventsAt('in_review')).toEqual([
      'review.requestCorrection',
      'review.register',
      'review.reject',
    ])
  })

  it('reaches every status by some path, and each path ends where the table says', async () => {
    const model = createTestModel(registrationStatusMachine, {
      events: REGISTRATION_EVENT_TYPES.map((type) => ({ type })),
    })
    const reached = new Set<string>()
    for (const path of model.getShortestPaths()) {
      const actor = createActor(registrationStatusMachine).start()
      let expected: RegistrationStatus = 'draft'
      reached.add(expected)
      for (const step of path.steps) {
        const type = step.event.type as RegistrationEventType
        if (type.startsWith('xstate.')) continue
        const next: RegistrationStatus | undefined = ALLOWED[`${expected}|${type}`]
        expect(next, `${expected} + ${type}`).toBeDefined()
        expected = next ?? expected
        actor.send({ type })
        expect(actor.getSnapshot().value).toBe(expected)
        reached.add(expected)
      }
      actor.stop()
    }
    expect([...reached].sort()).toEqual([...REGISTRATION_STATUSES].sort())
  })
})
