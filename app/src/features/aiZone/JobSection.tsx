import type { AiJob } from '@gy/api'
import { EmptyState, SectionHeader, Spinner } from '@gy/design-system'
import { type ReactNode, useEffect, useRef } from 'react'
import { AI_TEXT as TEXT } from '../../strings.ai'
import * as styles from './ai.css'
import { AiJobView } from './AiJobView'
import type { FollowedJob } from './useJobs'
import { isSettled } from './useJobs'
import { useResultActions } from './useResultActions'

export interface JobSectionProps {
  followed: FollowedJob
  /** Puts a changed job (retried, shared) on show. */
  onJobChange: (job: AiJob) => void
  /** Told when the job settles: the points may have been refunded. */
  onSettled?: (job: AiJob) => void
  /** Below the card of a finished job, e.g. the stem player of a separation. */
  renderDone?: (job: AiJob, actions: ReturnType<typeof useResultActions>) => ReactNode
}

/**
 * The job a tool page submitted, below its form: loading it after a reload, gone, or on show and
 * followed live. Nothing at all before the first submission.
 */
export function JobSection({ followed, onJobChange, onSettled, renderDone }: JobSectionProps) {
  const actions = useResultActions(onJobChange)
  const heading = useRef<HTMLElement>(null)
  const shownId = followed.state === 'ready' ? followed.job.jobId : null
  const settledKey =
    followed.state === 'ready' && isSettled(followed.job)
      ? `${followed.job.jobId}:${followed.job.state}`
      : null
  const settledJob = followed.state === 'ready' ? followed.job : null

  // A new job comes into view as it is submitted (on a phone the form fills the screen).
  useEffect(() => {
    if (shownId !== null) heading.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' })
  }, [shownId])

  useEffect(() => {
    if (settledKey !== null && settledJob !== null) onSettled?.(settledJob)
    // Once per job and final state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settledKey])

  if (followed.state === 'none') return null
  return (
    <section className={styles.jobBlock} ref={heading} aria-label={TEXT.job.title}>
      <SectionHeader title={TEXT.job.title} />
      {followed.state === 'loading' ? (
        <div className={styles.center} aria-busy="true">
          <Spinner size="md" />
        </div>
      ) : followed.state === 'missing' ? (
        <EmptyState title={TEXT.job.notFound} hint={followed.message} />
      ) : (
        <>
          <AiJobView job={followed.job} actions={actions} onJobChange={onJobChange} />
          {followed.job.state === 'succeeded' ? renderDone?.(followed.job, actions) : null}
        </>
      )}
    </section>
  )
}
JobSection.displayName = 'JobSection'
