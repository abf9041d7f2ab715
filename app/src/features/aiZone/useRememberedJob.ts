import { type AiJob, createTimedStorage, type TimedStorage } from '@gy/api'
import { useEffect } from 'react'
import { useSearchParams } from 'react-router'
import { useSession } from '../../providers/runtime'
import { idFrom, jobIdFrom, withJobId } from './query'
import { useFollowedJob } from './useJobs'

/** How many of the user's jobs this tab remembers as theirs. */
const KNOWN_JOBS_MAX = 50

let tabStorage: TimedStorage | null | undefined

/** This tab's storage (session storage, with the app's key prefix); null where it is refused. */
function storage(): TimedStorage | null {
  if (tabStorage !== undefined) return tabStorage
  try {
    tabStorage = createTimedStorage({ backend: window.sessionStorage, version: 'ai1' })
  } catch {
    tabStorage = null
  }
  return tabStorage
}

function storedIds(key: string): string[] {
  const value = storage()?.get<unknown>(key)
  if (!Array.isArray(value)) return []
  return value.flatMap((item) => {
    const id = typeof item === 'string' ? idFrom(item) : null
    return id === null ? [] : [id]
  })
}

/**
 * The job a tool page shows, kept in its address (`?jobId=`) and in this tab's storage, so a
 * reload, or coming back to the tool later in the tab, shows the last job again.
 *
 * Only a job this tab submitted for this user is read: the server answers another user's job with
 * 403, which the app takes for an expired session and logs the user out, so an address copied
 * from someone else (or left from another account) is dropped instead of asked about.
 */
export function useRememberedJob(tool: string) {
  const [params, setParams] = useSearchParams()
  const { userInfo } = useSession()
  const user = userInfo?.userId ?? ''
  const knownKey = `jobs:${user}`
  const lastKey = `lastJob:${tool}:${user}`
  const known = storedIds(knownKey)
  const addressed = jobIdFrom(params)
  const fromAddress = addressed !== null && known.includes(addressed) ? addressed : null
  const last = storedIds(lastKey)[0] ?? null
  const stored = addressed === null ? last : null
  const jobId = fromAddress ?? stored
  const { followed, adopt } = useFollowedJob(jobId)

  // The address always says the job on show: the stored one goes in, a stranger's comes out.
  useEffect(() => {
    if (addressed !== null && fromAddress === null) {
      setParams((current) => withJobId(current, null), { replace: true })
    } else if (stored !== null) {
      setParams((current) => withJobId(current, stored), { replace: true })
    }
  }, [addressed, fromAddress, stored, setParams])

  // A job that is gone is forgotten.
  useEffect(() => {
    if (followed.state === 'missing') storage()?.remove(lastKey)
  }, [followed.state, lastKey])

  return {
    jobId,
    followed,
    /** Shows a job just submitted (or changed here) and remembers it as this user's. */
    show(job: AiJob): void {
      adopt(job)
      const ids = storedIds(knownKey).filter((id) => id !== job.jobId)
      storage()?.set(knownKey, [job.jobId, ...ids].slice(0, KNOWN_JOBS_MAX))
      storage()?.set(lastKey, [job.jobId])
      // Replaced, not pushed: going back leaves the tool instead of bouncing off the stored job.
      if (job.jobId !== addressed) {
        setParams((current) => withJobId(current, job.jobId), { replace: true })
      }
    },
  }
}
