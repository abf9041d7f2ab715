import { assignInlineVars } from '@vanilla-extract/dynamic'
import { clsx } from 'clsx'
import type { ComponentPropsWithRef } from 'react'
import { AI_STRINGS } from '../../strings.ai'
import { Button } from '../Button/Button'
import { ErrorIcon, SuccessIcon } from '../private/icons'
import * as styles from './JobProgress.css'

export const JOB_STATES = ['queued', 'running', 'succeeded', 'failed'] as const
export type JobState = (typeof JOB_STATES)[number]

export interface JobProgressProps extends Omit<ComponentPropsWithRef<'div'>, 'children'> {
  state: JobState
  /** 0 to 1; shown while running. */
  progress: number
  /** Where the job stands in the queue, counting itself (1 = next); null when unknown. */
  queuePosition: number | null
  /** Why the job failed, in Chinese; shown when failed. */
  error: string | null
  /** Offers 重试 when the job failed. */
  onRetry?: () => void
  /** The retry is on its way: the button shows a spinner and ignores presses. */
  retrying?: boolean
}

/** The progress as a whole percentage, 0 to 100, whatever the number that arrives. */
export function jobPercent(progress: number): number {
  if (!Number.isFinite(progress)) return 0
  return Math.round(Math.min(1, Math.max(0, progress)) * 100)
}

/** What the queue says: 前面还有 N 个任务, or 即将开始 when this job is next. */
function queueDetail(queuePosition: number | null): string | null {
  if (queuePosition === null || !Number.isFinite(queuePosition)) return null
  const ahead = Math.floor(queuePosition) - 1
  return ahead <= 0 ? AI_STRINGS.job.startingSoon : AI_STRINGS.job.ahead(ahead)
}

/**
 * Where one AI job is: queued (with its place), running (a bar and the percent), done, or failed
 * (the reason, and a retry that does not charge again). The state word is announced politely when
 * it changes; the percent is left to the progress bar, so a screen reader is not flooded.
 */
export function JobProgress({
  state,
  progress,
  queuePosition,
  error,
  onRetry,
  retrying = false,
  className,
  ...props
}: JobProgressProps) {
  const percent = jobPercent(progress)
  const queueText = queueDetail(queuePosition)
  const announcement = {
    queued: AI_STRINGS.job.queued,
    running: AI_STRINGS.job.running,
    succeeded: AI_STRINGS.job.succeeded,
    failed: null,
  }[state]

  return (
    <div className={clsx(styles.root, className)} data-state={state} {...props}>
      {/* The state word, announced when it changes; the visible copies below are not read twice. */}
      <span className={styles.visuallyHidden} role="status">
        {announcement}
      </span>
      {state === 'queued' ? (
        <div className={styles.row}>
          <span className={styles.dot} aria-hidden="true" />
          <span className={styles.stateText} aria-hidden="true">
            {AI_STRINGS.job.queued}
          </span>
          {queueText ? <span className={styles.detail}>{queueText}</span> : null}
        </div>
      ) : null}
      {state === 'running' ? (
        <>
          <div className={styles.row}>
            <span className={styles.dot} aria-hidden="true" />
            <span className={clsx(styles.stateText, styles.percent)} aria-hidden="true">
              {AI_STRINGS.job.runningPercent(percent)}
            </span>
          </div>
          <div
            className={styles.track}
            role="progressbar"
            aria-label={AI_STRINGS.job.progressLabel}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${percent}%`}
          >
            <div
              className={styles.bar}
              style={assignInlineVars({ [styles.progressWidth]: `${percent}%` })}
            />
          </div>
        </>
      ) : null}
      {state === 'succeeded' ? (
        <div className={styles.row}>
          <SuccessIcon className={styles.icon} />
          <span className={styles.stateText} aria-hidden="true">
            {AI_STRINGS.job.succeeded}
          </span>
        </div>
      ) : null}
      {state === 'failed' ? (
        <>
          <p className={styles.error} role="alert">
            <ErrorIcon className={styles.errorIcon} />
            <span>{error?.trim() || AI_STRINGS.job.failed}</span>
          </p>
          {onRetry ? (
            <div className={styles.actions}>
              <Button size="sm" variant="secondary" loading={retrying} onClick={onRetry}>
                {AI_STRINGS.job.retry}
              </Button>
            </div>
          ) : null}
        </>
      ) : null}
    </div>
  )
}
JobProgress.displayName = 'JobProgress'
