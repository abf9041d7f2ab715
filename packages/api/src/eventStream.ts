/**
 * Reading a signed GET that answers server-sent events, each event's data an envelope. Uses
 * fetch, since EventSource cannot send the signature headers. Kept apart from the client, so only
 * the pages that follow a job load it.
 */
import { type ApiClient, type ServiceName, signedHeaders } from './client'
import { type Envelope, SUCCESS_CODE } from './envelope'
import { errorFromEnvelope, isSessionCode, toApiError } from './errors'

export interface EventStreamOptions<Data> {
  service: ServiceName
  path: string
  params?: Record<string, string>
  /** Told each event's data (the `data` of the envelope every event carries). */
  onData: (data: Data) => void
  /** Closes the stream. */
  signal: AbortSignal
}

/**
 * Resolves when the server ends the stream or `signal` aborts it; rejects with an ApiError when
 * the call is refused (an envelope instead of a stream) or the connection fails, so the caller
 * can fall back to polling.
 */
export async function readEventStream<Data>(
  api: ApiClient,
  call: EventStreamOptions<Data>,
): Promise<void> {
  const { options } = api
  const token = options.getToken()
  const headers: Record<string, string> = {
    accept: 'text/event-stream',
    ...signedHeaders('', options.secret),
  }
  if (token) headers.Authorization = `Bearer ${token}`
  const baseURL = options.baseURL ?? '/api'
  const query = Object.entries(call.params ?? {})
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&')
  let response: FetchResponse
  try {
    response = await fetch(`${baseURL}/${call.service}/${call.path}${query ? `?${query}` : ''}`, {
      headers,
      signal: call.signal,
    })
  } catch (error) {
    if (call.signal.aborted) return
    throw toApiError(error)
  }
  const contentType = response.headers.get('content-type') ?? ''
  if (!contentType.includes('text/event-stream') || response.body === null) {
    const envelope = (await response.json().catch(() => null)) as Envelope | null
    const error = errorFromEnvelope(envelope ?? undefined, response.status)
    if (isSessionCode(error.code)) {
      options.onSessionError?.({ code: error.code, hadToken: token !== undefined })
    }
    throw error
  }
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  let buffered = ''
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      buffered += decoder.decode(value, { stream: true }).replace(/\r\n/g, '\n')
      let end = buffered.indexOf('\n\n')
      while (end >= 0) {
        const event = buffered.slice(0, end)
        buffered = buffered.slice(end + 2)
        end = buffered.indexOf('\n\n')
        const data = event
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trimStart())
          .join('\n')
        if (data === '') continue
        const envelope = JSON.parse(data) as Envelope<Data>
        if (envelope.code === SUCCESS_CODE) call.onData(envelope.data)
      }
    }
  } catch (error) {
    if (call.signal.aborted) return
    throw toApiError(error)
  } finally {
    reader.releaseLock()
  }
}
