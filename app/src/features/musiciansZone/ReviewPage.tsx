import {
  certificationStatus,
  pendingCertifications,
  reviewCertification,
  type CertificationApplication,
} from '@gy/api'
import {
  Button,
  EmptyState,
  PageContainer,
  SectionHeader,
  Spinner,
  TextField,
} from '@gy/design-system'
import { useState } from 'react'
import { useRuntime } from '../../providers/runtime'
import { useApiData } from '../../providers/useApiData'
import { ZONE_TEXT as TEXT } from '../../strings.zone'
import { formatTime, isRefusal } from './format'
import * as styles from './zone.css'

/** /review/certifications: reviewers approve or reject musician applications. */
export function ReviewPage() {
  const { api } = useRuntime()
  const [version, setVersion] = useState(0)
  // Asked first: a non-reviewer's call of the review list would answer 403, which the spec's
  // client treats as a lost session.
  const pending = useApiData(
    `review:${version}`,
    async () => {
      const state = await certificationStatus(api)
      return state.isReviewer ? pendingCertifications(api, { page: 1, pageSize: 50 }) : null
    },
    TEXT.loadFailed,
  )
  return (
    <PageContainer>
      <div className={styles.page}>
        <SectionHeader title={TEXT.reviewTitle} level={1} />
        {pending.state === 'loading' ? (
          <Spinner size="lg" />
        ) : pending.state === 'failed' ? (
          <EmptyState
            title={TEXT.loadFailed}
            hint={pending.message}
            action={<Button onClick={pending.retry}>{TEXT.retry}</Button>}
          />
        ) : pending.data === null ? (
          <EmptyState title={TEXT.reviewForbidden} />
        ) : pending.data.total === 0 ? (
          <EmptyState title={TEXT.reviewEmpty} />
        ) : (
          <ul className={styles.plainList}>
            {pending.data.records.map((application) => (
              <ReviewItem
                key={application.applicationId}
                application={application}
                onDone={() => setVersion((value) => value + 1)}
              />
            ))}
          </ul>
        )}
      </div>
    </PageContainer>
  )
}

function ReviewItem({
  application,
  onDone,
}: {
  application: CertificationApplication
  onDone: () => void
}) {
  const { api, toasts } = useRuntime()
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)

  async function decide(decision: 'approve' | 'reject'): Promise<void> {
    if (decision === 'reject' && reason.trim() === '') {
      setError(TEXT.rejectReasonRequired)
      return
    }
    setBusy(true)
    try {
      await reviewCertification(api, {
        applicationId: application.applicationId,
        decision,
        ...(decision === 'reject' ? { reason: reason.trim() } : {}),
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
    <li className={styles.panel} aria-label={application.realName}>
      <div className={styles.row}>
        <img className={styles.photo} src={application.photoUrl} alt={TEXT.photoLabel} />
        <div className={styles.itemBody}>
          <span className={styles.itemTitle}>
            {application.realName}（{application.nickName}）
          </span>
          <span className={styles.itemMeta}>{application.idNumberMasked}</span>
          <span className={styles.itemMeta}>{formatTime(application.submittedAt)}</span>
        </div>
      </div>
      {application.portfolioLinks.length > 0 ? (
        <ul className={styles.muted}>
          {application.portfolioLinks.map((link) => (
            <li key={link}>
              <a href={link} target="_blank" rel="noreferrer noopener">
                {link}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <TextField
        label={TEXT.rejectReason}
        value={reason}
        onValueChange={(value) => {
          setReason(value)
          setError(undefined)
        }}
        maxLength={200}
        error={error}
      />
      <div className={styles.row}>
        <Button disabled={busy} onClick={() => void decide('approve')}>
          {TEXT.approve}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => void decide('reject')}>
          {TEXT.reject}
        </Button>
      </div>
    </li>
  )
}
