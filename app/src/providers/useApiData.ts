import { ApiError } from '@gy/api'
import { startTransition, useEffect, useState } from 'react'

export type ApiData<Data> =
  | { state: 'loading' }
  | { state: 'failed'; message: string; retry: () => void }
  | { state: 'ready'; data: Data; retry: () => void }

/**
 * Loads data through the api for a page: loading, failed (with the catalogue's message and a
 * retry) or ready. `requestKey` names the request (e.g. `works:page=2`): each new key is a new
 * request, and an answer to an older one is ignored, so a slow first page never overwrites the
 * second.
 */
export function useApiData<Data>(
  requestKey: string,
  load: () => Promise<Data>,
  fallbackMessage: string,
): ApiData<Data> {
  const [attempt, setAttempt] = useState(0)
  const [settled, setSettled] = useState<{ request: string; result: ApiData<Data> } | null>(null)
  const request = `${requestKey}#${attempt}`

  useEffect(() => {
    const retry = () => setAttempt((count) => count + 1)
    // An answer renders as a transition: a page of works with covers is a long render, and as a
    // transition React cuts it into short tasks, so a tap that comes meanwhile is answered first.
    // Once the key has changed (or the page is gone) this request's answer is dropped: stored, it
    // would replace the newer key's answer, and the page would wait for it again.
    let current = true
    const settle = (result: ApiData<Data>) => {
      if (current) startTransition(() => setSettled({ request, result }))
    }
    // Each request starts in a task of its own: a page's effects run in one task after its first
    // render, and signing and sending three requests there blocked a phone for over 100 ms.
    const start = setTimeout(() => {
      load().then(
        (data) => settle({ state: 'ready', data, retry }),
        (error: unknown) =>
          settle({
            state: 'failed',
            message: error instanceof ApiError ? error.message : fallbackMessage,
            retry,
          }),
      )
    }, 0)
    return () => {
      current = false
      clearTimeout(start)
    }
    // `load` is a new function every render; the request key stands for what it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request])

  return settled?.request === request ? settled.result : { state: 'loading' }
}
