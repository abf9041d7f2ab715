import {
  REGISTRATION_STATUS_LABELS,
  WORK_TYPE_LABELS,
  type RegistrationRecord,
} from '@gy/api/registration'
import { StatusBadge, StatusTimeline, type StatusTimelineTone } from '@gy/design-system'
import type { ReactNode } from 'react'
import { REGISTRATION_TEXT as TEXT } from '../../strings.registration'
import { STATUS_TONES, formatTime } from './format'
import * as styles from './registration.css'

const TIMELINE_TONES: Partial<Record<RegistrationRecord['status'], StatusTimelineTone>> = {
  in_review: 'accent',
  needs_correction: 'warning',
  registered: 'success',
  rejected: 'danger',
}

/** One registration: its facts, its status and history, and the actions `children` offers. */
export function RegistrationCard({
  record,
  children,
}: {
  record: RegistrationRecord
  children?: ReactNode
}) {
  return (
    <li className={styles.panel} aria-label={record.title}>
      <div className={styles.spread}>
        <div className={styles.itemBody}>
          <h2 className={styles.title}>{record.title}</h2>
          <span className={styles.itemMeta}>
            {WORK_TYPE_LABELS[record.workType]} · {TEXT.deposit} {record.depositCertificateNo}
          </span>
        </div>
        <StatusBadge tone={STATUS_TONES[record.status]}>
          {REGISTRATION_STATUS_LABELS[record.status]}
        </StatusBadge>
      </div>
      <div className={styles.cardGrid}>
        <dl className={styles.facts}>
          {record.registrationNo === null ? null : (
            <>
              <dt className={styles.factLabel}>{TEXT.registrationNo}</dt>
              <dd className={styles.factValue}>
                <strong>{record.registrationNo}</strong>
              </dd>
            </>
          )}
          <dt className={styles.factLabel}>{TEXT.authorName}</dt>
          <dd className={styles.factValue}>{record.authorName}</dd>
          <dt className={styles.factLabel}>{TEXT.owners}</dt>
          <dd className={styles.factValue}>
            {record.owners.map((owner) => `${owner.name} ${owner.share}%`).join('、')}
          </dd>
          <dt className={styles.factLabel}>{TEXT.created}</dt>
          <dd className={styles.factValue}>{`${record.createdOn} · ${record.createdPlace}`}</dd>
          <dt className={styles.factLabel}>{TEXT.published}</dt>
          <dd className={styles.factValue}>
            {record.publishedOn === null
              ? TEXT.unpublished
              : `${record.publishedOn} · ${record.publishedPlace}`}
          </dd>
        </dl>
        <section aria-label={TEXT.history}>
          <StatusTimeline
            entries={record.history.map((event, index) => ({
              id: `${index}`,
              label: REGISTRATION_STATUS_LABELS[event.status],
              time: formatTime(event.at),
              note: event.note,
              ...(TIMELINE_TONES[event.status] === undefined
                ? {}
                : { tone: TIMELINE_TONES[event.status] }),
            }))}
          />
        </section>
      </div>
      {children === undefined ? null : <div className={styles.actions}>{children}</div>}
    </li>
  )
}
