import { type AiJob, type AiJobResult } from '@gy/api'
import { retryAiJob } from '@gy/api/aiZone'
import { JobCard } from '@gy/design-system'
import { useState } from 'react'
import { useRuntime } from '../../providers/runtime'
import { AI_TEXT as TEXT } from '../../strings.ai'
import * as styles from './ai.css'
import { isSessionError } from './forms'
import { canKeep } from './keep'
import { cardResult } from './results'
import { summariseInput } from './summary'
import { isSettled } from './useJobs'
import type { useResultActions } from './useResultActions'

export interface AiJobViewProps {
  job: AiJob
  /** Play and share, shared by every job on the page (one player, one list of share links). */
  actions: ReturnType<typeof useResultActions>
  /** A job the view changed: retried (queued again), or with a result newly shared. */
  onJobChange: (job: AiJob) => void
  /** Offered once the job has settled (the server keeps a running job). */
  onDelete?: () => void
  singerNames?: ReadonlyMap<string, string>
}

/**
 * One AI job: the card with its progress or its results (each with the AI label, play, download,
 * share and, for a finished song or cover, 存证), a retry of a failed job that charges nothing
 * again, and the share links made here, shown so they can be copied by hand.
 */
export function AiJobView({ job, actions, onJobChange, onDelete, singerNames }: AiJobViewProps) {
  const { api, toasts } = useRuntime()
  const [retrying, setRetrying] = useState(false)
  const summary = summariseInput(job, singerNames).join(' · ')
  const sharedLinks = job.results.flatMap((result) => {
    const url = actions.links.get(result.id)
    return url === undefined ? [] : [{ result, url }]
  })

  async function retry(): Promise<void> {
    if (retrying) return
    setRetrying(true)
    try {
      onJobChange(await retryAiJob(api, job.jobId))
      toasts.show('success', TEXT.job.retried)
    } catch (error) {
      if (!isSessionError(error) && error instanceof Error) toasts.show('error', error.message)
    } finally {
      setRetrying(false)
    }
  }

  /** A card callback (it names a result by id) that acts on the result itself. */
  function onResult(act: (result: AiJobResult) => void): (resultId: string) => void {
    return (resultId) => {
      const result = job.results.find((item) => item.id === resultId)
      if (result !== undefined) act(result)
    }
  }

  return (
    <div className={styles.jobBlock}>
      <JobCard
        title={job.title}
        kindLabel={TEXT.kinds[job.kind]}
        createdAt={job.createdAt}
        state={job.state}
        progress={job.progress}
        queuePosition={job.queuePosition}
        error={job.error}
        pointsCharged={job.pointsCharged}
        {...(summary === '' ? {} : { inputSummary: summary })}
        results={job.results.map((result) => {
          const error = actions.keepErrors.get(result.id)
          return {
            ...cardResult(result),
            keepable: canKeep(job, result),
            ...(error === undefined ? {} : { error }),
          }
        })}
        playingResultId={actions.playingId}
        onPlay={onResult((result) => actions.play(result))}
        onShare={onResult((result) => void actions.share(job, result))}
        sharingResultId={actions.sharingId}
        onKeep={onResult((result) => void actions.keep(job, result))}
        keepingResultId={actions.keepingId}
        {...(job.state === 'failed' ? { onRetry: () => void retry() } : {})}
        {...(onDelete === undefined || !isSettled(job) ? {} : { onDelete })}
        aria-busy={retrying || undefined}
      />
      {sharedLinks.length > 0 ? (
        <ul className={styles.shareLinks} aria-label={TEXT.job.shareLink}>
          {sharedLinks.map(({ result, url }) => (
            <li key={result.id} className={styles.shareLinkRow}>
              <span className={styles.muted}>
                {TEXT.job.shareLink}（{result.name}）
              </span>
              <a className={styles.textLink} href={url} target="_blank" rel="noreferrer">
                {url}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
AiJobView.displayName = 'AiJobView'
