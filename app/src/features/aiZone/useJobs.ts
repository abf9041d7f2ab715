import { ApiError, type AiJob } from '@gy/api'
import { aiJobDetails, watchJob } from '@gy/api/aiZone'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useRuntime } from '../../providers/runtime'
import { AI_TEXT } from '../../strings.ai'

export const isSettled = (job: Pick<AiJob, 'state'>): boolean =>
  job.state === 'succeeded' || job.state === 'failed'

export type FollowedJob =
  | { state: 'none' }
  | { state: 'loading' }
  | { state: 'missing'; message: string }
  | { state: 'ready'; job: AiJob }

/**
 * The job a page shows, followed live until it settles. A page that has just submitted (or
 * retried) hands the answer over with `adopt`, so nothing is asked twice; a page opened on a
 * `jobId` (a reload) reads the job first, and a job that is gone shows as missing instead of
 * being polled for ever.
 */
export function useFollowedJob(jobId: string | null): {
  followed: FollowedJob
  adopt: (job: AiJob) => void
} {
  const { api } = useRuntime()
  const [entry, setEntry] = useState<{ jobId: string; result: FollowedJob } | null>(null)
  // What `adopt` handed over, read by the effect the same render it starts.
  const adopted = useRef<AiJob | null>(null)
  const [watchRound, setWatchRound] = useState(0)

  useEffect(() => {
    if (jobId === null) return
    const controller = new AbortController()
    const { signal } = controller
    const show = (job: AiJob) => {
      if (!signal.aborted) setEntry({ jobId, result: { state: 'ready', job } })
    }
    async function follow(id: string): Promise<void> {
      let job = adopted.current?.jobId === id ? adopted.current : null
      if (job === null) {
        try {
          job = await aiJobDetails(api, id)
        } catch (error) {
          if (signal.aborted) return
          const message = error instanceof ApiError ? error.message : AI_TEXT.job.notFound
          setEntry({ jobId: id, result: { state: 'missing', message } })
          return
        }
        show(job)
      }
      if (!isSettled(job)) await watchJob(api, id, show, signal)
    }
    void follow(jobId)
    return () => controller.abort()
  }, [api, jobId, watchRound])

  const followed: FollowedJob =
    jobId === null
      ? { state: 'none' }
      : entry?.jobId === jobId
        ? entry.result
        : { state: 'loading' }

  return {
    followed,
    adopt: (job) => {
      adopted.current = job
      setEntry({ jobId: job.jobId, result: { state: 'ready', job } })
      // A retried job keeps its id: follow it again.
      setWatchRound((round) => round + 1)
    },
  }
}

/** How many jobs of a list are followed at once: each holds a connection open. */
export const LIVE_JOBS_MAX = 3

/**
 * A list of jobs with the unsettled ones followed live (a few at a time, the newest first: the
 * next is taken up as one settles), so the history updates as jobs run. `replace` puts in a job
 * the page changed itself (a retry). A new list (another page, a reload) starts afresh.
 */
export function useLiveJobs(jobs: readonly AiJob[]): {
  jobs: AiJob[]
  replace: (job: AiJob) => void
} {
  const { api } = useRuntime()
  const [updates, setUpdates] = useState<{
    source: readonly AiJob[]
    jobs: ReadonlyMap<string, AiJob>
  }>({ source: jobs, jobs: new Map() })
  const current = updates.source === jobs ? updates.jobs : null
  const merged = useMemo(() => jobs.map((job) => current?.get(job.jobId) ?? job), [jobs, current])
  const watched = merged
    .filter((job) => !isSettled(job))
    .slice(0, LIVE_JOBS_MAX)
    .map((job) => job.jobId)
    .join(',')

  useEffect(() => {
    if (watched === '') return
    const controller = new AbortController()
    const update = (job: AiJob) => {
      if (controller.signal.aborted) return
      setUpdates((previous) => ({
        source: jobs,
        jobs: new Map(previous.source === jobs ? previous.jobs : []).set(job.jobId, job),
      }))
    }
    for (const jobId of watched.split(',')) void watchJob(api, jobId, update, controller.signal)
    return () => controller.abort()
  }, [api, jobs, watched])

  return {
    jobs: merged,
    replace: (job) =>
      setUpdates((previous) => ({
        source: jobs,
        jobs: new Map(previous.source === jobs ? previous.jobs : []).set(job.jobId, job),
      })),
  }
}
