import { ApiError } from '@gy/api'
import { useEffect, useState } from 'react'

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
    load().then(
      (data) => setSettled({ request, result: { state: 'ready', data, retry } }),
      (error: unknown) =>
        setSettled({
          request,
          result: {
            state: 'failed',
            message: error instanceof ApiError ? error.message : fallbackMessage,
            retry,
          },
        }),
    )
    // `load` is a new function every render; the request key stands for what it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request])

  return settled?.request === request ? settled.result : { state: 'loading' }
}
