import { type AiJob, createTimedStorage, type TimedStorage } from '@gy/api'
import { useEffect } from 'react'
import { useSearchParams } from 'react-router'
import { useSession } from '../../providers/runtime'
import { idFrom, jobIdFrom, withJobId } from './query'
import { useFollowedJob } from './useJobs'

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

/**
 * The job a tool page shows, kept in its address (`?jobId=`) and in this tab's storage, so a
 * reload, or coming back to the tool later in the tab, shows the last job again. The stored id is
 * the user's own: another user in the same tab never asks for it.
 */
export function useRememberedJob(tool: string) {
  const [params, setParams] = useSearchParams()
  const { userInfo } = useSession()
  const key = `lastJob:${tool}:${userInfo?.userId ?? ''}`
  const fromAddress = jobIdFrom(params)
  const stored = fromAddress === null ? storedJobId(key) : null
  const jobId = fromAddress ?? stored
  const { followed, adopt } = useFollowedJob(jobId)

  // A job found only in storage goes into the address too, so the address can be shared or
  // bookmarked like any other.
  useEffect(() => {
    if (stored !== null) setParams((current) => withJobId(current, stored), { replace: true })
  }, [stored, setParams])

  // A job that is gone is forgotten.
  useEffect(() => {
    if (followed.state === 'missing') storage()?.remove(key)
  }, [followed.state, key])

  return {
    jobId,
    followed,
    /** Shows a job just submitted (or changed here) and remembers it. */
    show(job: AiJob): void {
      adopt(job)
      storage()?.set(key, job.jobId)
      if (job.jobId !== fromAddress) {
        setParams((current) => withJobId(current, job.jobId), { replace: false })
      }
    },
    /** Back to an empty form: the job leaves the address and the storage. */
    forget(): void {
      storage()?.remove(key)
      setParams((current) => withJobId(current, null), { replace: false })
    },
  }
}

function storedJobId(key: string): string | null {
  const value = storage()?.get<unknown>(key)
  return typeof value === 'string' ? idFrom(value) : null
}
