import type { RegistrationRecord } from '@gy/api/registration'
import {
  type RegistrationStatus,
  type RegistrationStatusEvent,
  REGISTRATION_EVENT_TYPES,
  registrationStatusMachine,
} from '@gy/machines'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useSelector } from '@xstate/react'
import { useState } from 'react'
import { createActor } from 'xstate'
import { RegistrationCard } from '../../../features/registration/RegistrationCard'
import { MachinePlayground } from '../MachinePlayground'
import * as styles from './charts.css'

const EVENTS: RegistrationStatusEvent[] = REGISTRATION_EVENT_TYPES.map((type) => ({ type }))

const NOTES: Partial<Record<RegistrationStatus, string>> = {
  needs_correction: '作品说明与样本不一致，请补充创作过程说明。',
  rejected: '该作品与已登记作品高度相似，不予登记。',
}

/** One registration as the list shows it, at a given status. */
function recordAt(status: RegistrationStatus): RegistrationRecord {
  return {
    registrationId: 'story-registration',
    depositId: 'story-deposit',
    depositCertificateNo: 'GY-2026-000128',
    workType: 'music',
    title: '夏夜晚风',
    authorName: '林间',
    createdOn: '2026-05-01',
    createdPlace: '杭州',
    publishedOn: null,
    publishedPlace: '',
    owners: [{ ownerId: 'owner-1', name: '林间', type: 'person', share: 100 }],
    guaranteeAccepted: true,
    attachments: [],
    status,
    note: NOTES[status] ?? null,
    registrationNo: status === 'registered' ? '国作登字-2026-B-00012345' : null,
    certificateUrl: null,
    priceFen: 30000,
    paidWith: status === 'draft' || status === 'awaiting_payment' ? null : 'points',
    paidAt: null,
    createdAt: '2026-05-02T08:00:00.000Z',
    updatedAt: '2026-05-03T08:00:00.000Z',
    history: [{ status: 'draft', note: null, at: '2026-05-02T08:00:00.000Z' }],
  }
}

function RegistrationStatusChart({ steps }: { steps: RegistrationStatusEvent[] }) {
  const [actor] = useState(() => {
    const started = createActor(registrationStatusMachine).start()
    for (const step of steps) started.send(step)
    return started
  })
  const status = useSelector(actor, (snapshot) => snapshot.value)
  return (
    <MachinePlayground actor={actor} events={EVENTS}>
      <ul className={styles.plainList}>
        <RegistrationCard record={recordAt(status)} />
      </ul>
    </MachinePlayground>
  )
}

/**
 * A copyright registration's life: draft → awaiting payment → submitted → in review → registered,
 * sent back for correction, or not registered. The server follows the same machine; the card is the
 * one the 我的登记 list shows.
 */
const meta = {
  title: 'Machines/registrationStatus',
  // Checked in dark on the phone too (scripts/visual/modes.ts).
  tags: ['every-mode'],
  component: RegistrationStatusChart,
  args: { steps: [] },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof RegistrationStatusChart>

export default meta
type Story = StoryObj<typeof meta>

const submit: RegistrationStatusEvent = { type: 'registration.submit' }
const settled: RegistrationStatusEvent = { type: 'payment.settled' }
const review: RegistrationStatusEvent = { type: 'review.start' }

export const Draft: Story = {}

export const AwaitingPayment: Story = { args: { steps: [submit] } }

export const Submitted: Story = { args: { steps: [submit, settled] } }

export const InReview: Story = { args: { steps: [submit, settled, review] } }

export const NeedsCorrection: Story = {
  args: { steps: [submit, settled, review, { type: 'review.requestCorrection' }] },
}

export const Registered: Story = {
  args: { steps: [submit, settled, review, { type: 'review.register' }] },
}

export const Rejected: Story = {
  args: { steps: [submit, settled, review, { type: 'review.reject' }] },
}
