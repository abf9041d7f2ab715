import { certificationStatus } from '@gy/api'
import type { RegistrationRecord, RegistrationReviewAction } from '@gy/api/registration'
import { registrationReviewList, reviewRegistration } from '@gy/api/registrationService'
import {
  Button,
  EmptyState,
  PageContainer,
  SectionHeader,
  Spinner,
  TextField,
} from '@gy/design-system'
import { registrationEventsAt } from '@gy/machines'
import { useState } from 'react'
import { useRuntime } from '../../providers/runtime'
import { useApiData } from '../../providers/useApiData'
import { REGISTRATION_TEXT as TEXT } from '../../strings.registration'
import { isRefusal } from './format'
import { RegistrationCard } from './RegistrationCard'
import * as styles from './registration.css'

/** /review/registrations: reviewers move applications through review. */
export function RegistrationReviewPage() {
  const { api } = useRuntime()
  const [version, setVersion] = useState(0)
  // Asked first: a non-reviewer's call of the review list would answer 403, which the spec's
  // client treats as a lost session.
  const queue = useApiData(
    `registration-review:${version}`,
    async () => {
      const state = await certificationStatus(api)
      return state.isReviewer ? registrationReviewList(api, { page: 1, pageSize: 50 }) : null
    },
    TEXT.loadFailed,
  )
  return (
    <PageContainer>
      <div className={styles.page}>
        <SectionHeader title={TEXT.reviewTitle} subtitle={TEXT.reviewSubtitle} level={1} />
        {queue.state === 'loading' ? (
          <Spinner size="lg" />
        ) : queue.state === 'failed' ? (
          <EmptyState
            title={TEXT.loadFailed}
            hint={queue.message}
            action={<Button onClick={queue.retry}>{TEXT.retry}</Button>}
          />
        ) : queue.data === null ? (
          <EmptyState title={TEXT.reviewForbidden} />
        ) : queue.data.total === 0 ? (
          <EmptyState title={TEXT.reviewEmpty} />
        ) : (
          <ul className={styles.list}>
            {queue.data.records.map((record) => (
              <RegistrationCard key={record.registrationId} record={record}>
                <ReviewActions record={record} onDone={() => setVersion((value) => value + 1)} />
              </RegistrationCard>
            ))}
          </ul>
        )}
      </div>
    </PageContainer>
  )
}

const ACTIONS: { action: RegistrationReviewAction; event: string; label: string }[] = [
  { action: 'start', event: 'review.start', label: TEXT.startReview },
  { action: 'requestCorrection', event: 'review.requestCorrection', label: TEXT.requestCorrection },
  { action: 'reject', event: 'review.reject', label: TEXT.reject },
  { action: 'register', event: 'review.register', label: TEXT.register },
]

function ReviewActions({ record, onDone }: { record: RegistrationRecord; onDone: () => void }) {
  const { api, toasts } = useRuntime()
  const [note, setNote] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)
  const events: readonly string[] = registrationEventsAt(record.status)
  const offered = ACTIONS.filter((entry) => events.includes(entry.event))
  const needsNote = offered.some(
    (entry) => entry.action === 'requestCorrection' || entry.action === 'reject',
  )

  async function decide(action: RegistrationReviewAction): Promise<void> {
    if ((action === 'requestCorrection' || action === 'reject') && note.trim() === '') {
      setError(TEXT.noteRequired)
      return
    }
    setBusy(true)
    try {
      await reviewRegistration(api, {
        registrationId: record.registrationId,
        action,
        ...(note.trim() === '' ? {} : { note: note.trim() }),
      })
      toasts.show('success', TEXT.reviewed)
      onDone()
    } catch (caught) {
      if (isRefusal(caught)) setError(caught.message)
      else if (caught instanceof Error) toasts.show('error', caught.message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className={styles.form}>
      {needsNote ? (
        <TextField
          label={TEXT.reviewNote}
          value={note}
          onValueChange={(value) => {
            setNote(value)
            setError(undefined)
          }}
          maxLength={200}
          error={error}
        />
      ) : null}
      <div className={styles.actions}>
        {offered.map((entry) => (
          <Button
            key={entry.action}
            variant={
              entry.action === 'register' || entry.action === 'start' ? 'primary' : 'secondary'
            }
            disabled={busy}
            onClick={() => void decide(entry.action)}
          >
            {entry.label}
          </Button>
        ))}
      </div>
    </div>
  )
}
