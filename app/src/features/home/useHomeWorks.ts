import { ApiError } from '@gy/api'
import { useEffect, useRef, useState } from 'react'
import type { ApiData } from '../../providers/useApiData'

/** How often an empty catalogue is asked again: a first start lists its first work in seconds. */
export const EMPTY_CATALOGUE_POLL_MS = 3000

/**
 * The works of the home page: loaded once, then asked again every few seconds for as long as the
 * list is empty, so the first work appears without a reload. Between two polls the empty list
 * stays on screen (no spinner flashing); a poll that fails shows the failure and its retry, and
 * a retry starts over. Polls wait while the tab is hidden.
 */
export function useHomeWorks<Item>(
  load: () => Promise<Item[]>,
  fallbackMessage: string,
  pollMs: number = EMPTY_CATALOGUE_POLL_MS,
): ApiData<Item[]> {
  const [attempt, setAttempt] = useState(0)
  const [result, setResult] = useState<{ attempt: number; data: ApiData<Item[]> } | null>(null)
  // The latest `load` (a new function every render), read when a poll fires.
  const loadRef = useRef(load)
  useEffect(() => {
    loadRef.current = load
  })

  useEffect(() => {
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const retry = () => setAttempt((count) => count + 1)
    const pollLater = () => {
      timer = setTimeout(() => {
        if (typeof document !== 'undefined' && document.visibilityState === 'hidden') pollLater()
        else fetchOnce()
      }, pollMs)
    }
    const fetchOnce = () => {
      loadRef.current().then(
        (items) => {
          if (stopped) return
          setResult({ attempt, data: { state: 'ready', data: items, retry } })
          if (items.length === 0) pollLater()
        },
        (error: unknown) => {
          if (stopped) return
          const message = error instanceof ApiError ? error.message : fallbackMessage
          setResult({ attempt, data: { state: 'failed', message, retry } })
        },
      )
    }
    fetchOnce()
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [attempt, fallbackMessage, pollMs])

  return result?.attempt === attempt ? result.data : { state: 'loading' }
}
