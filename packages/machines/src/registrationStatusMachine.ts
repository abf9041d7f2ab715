import { setup, transition } from 'xstate'
import type { SnapshotFrom } from 'xstate'

/**
 * The life of a copyright registration (版权登记), as the contract names its statuses. The server
 * moves a registration only along these arrows (anything else answers 409) and the pages offer
 * only the buttons whose event the machine accepts, so both sides refuse the same things.
 *
 * draft ──submit──▶ awaiting_payment ──payment.settled──▶ submitted ──review.start──▶ in_review
 * in_review ──review.requestCorrection──▶ needs_correction ──submit──▶ submitted (already paid)
 * in_review ──review.register──▶ registered;  in_review ──review.reject──▶ rejected
 * `edit` is accepted only where the applicant may still change the application.
 */
export const REGISTRATION_STATUSES = [
  'draft',
  'awaiting_payment',
  'submitted',
  'in_review',
  'needs_correction',
  'registered',
  'rejected',
] as const
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number]

export const REGISTRATION_EVENT_TYPES = [
  'registration.edit',
  'registration.submit',
  'payment.settled',
  'review.start',
  'review.requestCorrection',
  'review.register',
  'review.reject',
] as const
export type RegistrationEventType = (typeof REGISTRATION_EVENT_TYPES)[number]
export type RegistrationStatusEvent = { type: RegistrationEventType }

export const registrationStatusMachine = setup({
  types: {
    events: {} as RegistrationStatusEvent,
    tags: {} as 'editable' | 'final',
  },
}).createMachine({
  id: 'registrationStatus',
  initial: 'draft',
  states: {
    draft: {
      tags: ['editable'],
      on: {
        'registration.edit': { target: 'draft' },
        'registration.submit': { target: 'awaiting_payment' },
      },
    },
    awaiting_payment: {
      on: { 'payment.settled': { target: 'submitted' } },
    },
    submitted: {
      on: { 'review.start': { target: 'in_review' } },
    },
    in_review: {
      on: {
        'review.requestCorrection': { target: 'needs_correction' },
        'review.register': { target: 'registered' },
        'review.reject': { target: 'rejected' },
      },
    },
    needs_correction: {
      tags: ['editable'],
      on: {
        'registration.edit': { target: 'needs_correction' },
        // The fee was paid the first time round: a corrected application goes straight back.
        'registration.submit': { target: 'submitted' },
      },
    },
    registered: { type: 'final', tags: ['final'] },
    rejected: { type: 'final', tags: ['final'] },
  },
})

export type RegistrationStatusSnapshot = SnapshotFrom<typeof registrationStatusMachine>

export function isRegistrationStatus(value: string): value is RegistrationStatus {
  return (REGISTRATION_STATUSES as readonly string[]).includes(value)
}

/** The snapshot of a registration stored with `status`, without running anything. */
export function registrationSnapshotAt(status: RegistrationStatus): RegistrationStatusSnapshot {
  return registrationStatusMachine.resolveState({ value: status })
}

/** Where `event` takes a registration in `status`, or null when the machine refuses it. */
export function nextRegistrationStatus(
  status: RegistrationStatus,
  event: RegistrationEventType,
): RegistrationStatus | null {
  const snapshot = registrationSnapshotAt(status)
  if (!snapshot.can({ type: event })) return null
  const [next] = transition(registrationStatusMachine, snapshot, { type: event })
  const value = next.value
  return typeof value === 'string' && isRegistrationStatus(value) ? value : null
}

/** Whether the applicant may still change the application in `status`. */
export function isRegistrationEditable(status: RegistrationStatus): boolean {
  return registrationSnapshotAt(status).hasTag('editable')
}

/** The events a registration in `status` accepts: the buttons a page may offer. */
export function registrationEventsAt(status: RegistrationStatus): RegistrationEventType[] {
  const snapshot = registrationSnapshotAt(status)
  return REGISTRATION_EVENT_TYPES.filter((type) => snapshot.can({ type }))
}
