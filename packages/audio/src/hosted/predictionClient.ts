/**
 * A client for Replicate's predictions HTTP API (and anything that speaks it: a self-hosted Cog
 * server behind a gateway, a stand-in in tests):
 * - `POST {base}/predictions` with `{ version, input }` and `Authorization: Bearer <token>`
 *   answers a prediction `{ id, status, output, error, logs, urls: { get, cancel } }`;
 * - `GET urls.get` until `status` is `succeeded`, `failed`, `canceled` or `aborted`;
 * - `POST urls.cancel` stops it; `POST {base}/files` (multipart, field `content`) stores an input
 *   file too large to send inline and answers `{ urls: { get } }`.
 *
 * Nothing here may hang a job: every request has its own timeout, the whole prediction has a
 * deadline (past it the prediction is cancelled), and `signal` cancels it at once. Every failure
 * is an `AudioError` whose Chinese message the job shows.
 */
import { AudioError } from '../errors'

export const PREDICTION_STATUSES = [
  'starting',
  'processing',
  'succeeded',
  'failed',
  'canceled',
  'aborted',
] as const
export type PredictionStatus = (typeof PREDICTION_STATUSES)[number]

/** The parts of a prediction this client reads. */
export interface Prediction {
  id: string
  status: PredictionStatus
  /** Whatever the model returned: a URL, a list of URLs, or a map of names to URLs. */
  output: unknown
  logs: string
  urls: { get: string; cancel: string | null }
}

export interface PredictionClientOptions {
  /** The API root, e.g. https://api.replicate.com/v1 (no trailing slash needed). */
  baseUrl: string
  token: string
  /** Longest wait for any one HTTP exchange, headers and body. Default 30 s. */
  requestTimeoutMs?: number
  /** Time between status polls. Default 1 s. */
  pollIntervalMs?: number
  /** Input files up to this size travel inside the request as data: URIs; larger ones are uploaded first. Default 1 MB. */
  inlineInputBytes?: number
  /** A result file larger than this is refused. Default 300 MB (15 minutes of 48 kHz stereo 16-bit WAV is 173 MB). */
  maxDownloadBytes?: number
  /** Polls that may fail in a row (a 5xx, a dropped connection) before the prediction is given up. Default 3. */
  pollRetries?: number
}

export interface RunOptions {
  signal?: AbortSignal
  /** Epoch milliseconds by which the prediction must have succeeded. */
  deadline: number
  /** Told each state of the prediction as it is read (created, then every poll). */
  onUpdate?: (prediction: Prediction) => void
}

/** Replicate's own API root: the default of AI_HOSTED_BASE_URL. */
export const REPLICATE_BASE_URL = 'https://api.replicate.com/v1'

const TERMINAL: ReadonlySet<PredictionStatus> = new Set([
  'succeeded',
  'failed',
  'canceled',
  'aborted',
])

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Reads a prediction out of an answer, or refuses the answer as unrecognisable. */
export function parsePrediction(value: unknown, base: string): Prediction {
  if (!isRecord(value)) throw new AudioError('hosted_bad_response', '应答不是预测对象')
  const { id, status, output, logs, urls } = value
  if (typeof id !== 'string' || id === '')
    throw new AudioError('hosted_bad_response', '预测缺少编号')
  if (typeof status !== 'string' || !(PREDICTION_STATUSES as readonly string[]).includes(status)) {
    throw new AudioError('hosted_bad_response', '预测状态无法识别')
  }
  const links = isRecord(urls) ? urls : {}
  const root = base.replace(/\/+$/, '')
  const id_ = encodeURIComponent(id)
  return {
    id,
    status: status as PredictionStatus,
    output,
    logs: typeof logs === 'string' ? logs : '',
    urls: {
      // A server that leaves the links out is still polled where Replicate keeps them.
      get: typeof links.get === 'string' ? links.get : `${root}/predictions/${id_}`,
      cancel: typeof links.cancel === 'string' ? links.cancel : `${root}/predictions/${id_}/cancel`,
    },
  }
}

/** Sleeps, unless the signal fires first. */
function pause(milliseconds: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve()
      return
    }
    const done = () => {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, Math.max(0, milliseconds))
    signal.addEventListener('abort', done, { once: true })
  })
}

/** The bytes of a data: URI (base64 or percent-encoded), or undefined if it is not one. */
export function dataUriBytes(uri: string): Uint8Array | undefined {
  const match = /^data:([^,]*),(.*)$/su.exec(uri)
  if (!match) return undefined
  const meta = match[1] ?? ''
  const payload = match[2] ?? ''
  if (meta.endsWith(';base64')) return new Uint8Array(Buffer.from(payload, 'base64'))
  return new Uint8Array(Buffer.from(decodeURIComponent(payload), 'latin1'))
}

export class PredictionClient {
  private readonly base: string
  private readonly requestTimeoutMs: number
  private readonly pollIntervalMs: number
  private readonly inlineInputBytes: number
  private readonly maxDownloadBytes: number
  private readonly pollRetries: number

  constructor(private readonly options: PredictionClientOptions) {
    this.base = options.baseUrl.replace(/\/+$/, '')
    this.requestTimeoutMs = options.requestTimeoutMs ?? 30_000
    this.pollIntervalMs = options.pollIntervalMs ?? 1000
    this.inlineInputBytes = options.inlineInputBytes ?? 1_000_000
    this.maxDownloadBytes = options.maxDownloadBytes ?? 300_000_000
    this.pollRetries = options.pollRetries ?? 3
  }

  /**
   * One HTTP exchange with the service, bounded by the request timeout and the deadline. The job's
   * own cancellation becomes 'cancelled'; everything else that keeps an answer from arriving
   * (refused connection, timeout) becomes 'hosted_unavailable'.
   */
  private async exchange(
    url: string,
    init: RequestInit,
    run: { signal?: AbortSignal; deadline: number },
    read: (response: Response) => Promise<unknown>,
  ): Promise<{ response: Response; body: unknown }> {
    const left = run.deadline - Date.now()
    if (left <= 0) throw new AudioError('hosted_unavailable', '等待结果超时')
    const timeout = AbortSignal.timeout(Math.min(this.requestTimeoutMs, left))
    const signal = run.signal ? AbortSignal.any([run.signal, timeout]) : timeout
    try {
      const response = await fetch(url, { ...init, signal })
      return { response, body: await read(response) }
    } catch (error) {
      if (run.signal?.aborted) throw new AudioError('cancelled')
      if (error instanceof AudioError) throw error
      if (timeout.aborted) throw new AudioError('hosted_unavailable', '请求超时')
      throw new AudioError('hosted_unavailable', '无法连接')
    }
  }

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    // An empty token: a service that asks for none (a self-hosted Cog server).
    if (this.options.token === '') return extra
    return { Authorization: `Bearer ${this.options.token}`, ...extra }
  }

  /** The JSON of an answer, refusing anything that is not a success. */
  private async readJson(response: Response): Promise<unknown> {
    const text = await response.text()
    if (response.status >= 500 || response.status === 429) {
      throw new AudioError('hosted_unavailable', `服务返回 ${response.status}`)
    }
    if (response.status >= 400) {
      throw new AudioError('hosted_refused', `服务返回 ${response.status}`)
    }
    try {
      return JSON.parse(text) as unknown
    } catch {
      throw new AudioError('hosted_bad_response', '应答不是 JSON')
    }
  }

  /**
   * What to put in a model's input for a file: a data: URI when it is small, otherwise the URL
   * the service gives the file once uploaded (Replicate's files API).
   */
  async fileInput(
    bytes: Uint8Array,
    contentType: string,
    run: { signal?: AbortSignal; deadline: number },
  ): Promise<string> {
    if (bytes.length <= this.inlineInputBytes) {
      return `data:${contentType};base64,${Buffer.from(bytes).toString('base64')}`
    }
    const form = new FormData()
    const extension = contentType === 'audio/mpeg' ? 'mp3' : 'wav'
    // A copy: a Blob takes bytes on an ArrayBuffer, and the input may sit on a shared one.
    form.append(
      'content',
      new Blob([new Uint8Array(bytes)], { type: contentType }),
      `input.${extension}`,
    )
    const { body } = await this.exchange(
      `${this.base}/files`,
      { method: 'POST', headers: this.headers(), body: form },
      run,
      (response) => this.readJson(response),
    )
    const url = isRecord(body) && isRecord(body.urls) ? body.urls.get : undefined
    if (typeof url !== 'string') throw new AudioError('hosted_bad_response', '上传应答缺少文件地址')
    return url
  }

  /**
   * Runs a model to the end and returns the succeeded prediction. Past the deadline, or when
   * `signal` fires, the prediction is cancelled on the service (best effort) before this throws.
   */
  async run(
    version: string,
    input: Record<string, unknown>,
    options: RunOptions,
  ): Promise<Prediction> {
    const { body } = await this.exchange(
      `${this.base}/predictions`,
      {
        method: 'POST',
        headers: this.headers({
          'Content-Type': 'application/json',
          // The service's own deadline, a minute after ours: should this process die, the
          // prediction still stops (Replicate cancels it, or aborts it if it never started).
          'Cancel-After': `${Math.ceil((options.deadline - Date.now()) / 60_000) + 1}m`,
        }),
        body: JSON.stringify({ version, input }),
      },
      options,
      (response) => this.readJson(response),
    )
    let prediction = parsePrediction(body, this.base)
    options.onUpdate?.(prediction)
    try {
      let failures = 0
      while (!TERMINAL.has(prediction.status)) {
        const poller = new AbortController()
        const stop = () => poller.abort()
        options.signal?.addEventListener('abort', stop, { once: true })
        await pause(Math.min(this.pollIntervalMs, options.deadline - Date.now()), poller.signal)
        options.signal?.removeEventListener('abort', stop)
        if (options.signal?.aborted) throw new AudioError('cancelled')
        if (Date.now() >= options.deadline) {
          throw new AudioError('hosted_unavailable', '等待结果超时')
        }
        try {
          const polled = await this.exchange(
            prediction.urls.get,
            { method: 'GET', headers: this.headers() },
            options,
            (response) => this.readJson(response),
          )
          prediction = parsePrediction(polled.body, this.base)
          failures = 0
        } catch (error) {
          // A passing failure of one poll (a 502 from a proxy) is not the prediction's failure.
          const passing =
            error instanceof AudioError &&
            error.code === 'hosted_unavailable' &&
            Date.now() < options.deadline
          if (!passing || ++failures > this.pollRetries) throw error
          continue
        }
        options.onUpdate?.(prediction)
      }
    } catch (error) {
      // Whatever went wrong here, the prediction may still be running (and billed): stop it.
      await this.cancel(prediction)
      throw error
    }
    if (prediction.status === 'succeeded') return prediction
    if (prediction.status === 'failed') throw new AudioError('hosted_failed')
    throw new AudioError('hosted_failed', '云端任务已被取消')
  }

  /** Asks the service to stop a prediction; a failure to ask is not the job's failure. */
  async cancel(prediction: Prediction): Promise<void> {
    if (prediction.urls.cancel === null || TERMINAL.has(prediction.status)) return
    try {
      const response = await fetch(prediction.urls.cancel, {
        method: 'POST',
        headers: this.headers(),
        signal: AbortSignal.timeout(Math.min(this.requestTimeoutMs, 5000)),
      })
      await response.body?.cancel()
    } catch {
      // The prediction will still end at the service's own limit.
    }
  }

  /**
   * The bytes of a result file: a data: URI, or a URL fetched within the request timeout and the
   * size limit. The token goes only to the service's own origin (Replicate's file URLs need it;
   * its delivery URLs and other hosts must not see it).
   */
  async download(
    url: string,
    run: { signal?: AbortSignal; deadline: number },
  ): Promise<Uint8Array> {
    const inline = dataUriBytes(url)
    if (inline !== undefined) return inline
    let target: URL
    try {
      target = new URL(url)
    } catch {
      throw new AudioError('hosted_bad_response', '结果文件地址无效')
    }
    if (target.protocol !== 'https:' && target.protocol !== 'http:') {
      throw new AudioError('hosted_bad_response', '结果文件地址无效')
    }
    const sameOrigin = target.origin === new URL(this.base).origin
    const { body } = await this.exchange(
      target.href,
      { method: 'GET', headers: sameOrigin ? this.headers() : {} },
      run,
      (response) => this.readBytes(response),
    )
    return body as Uint8Array
  }

  private async readBytes(response: Response): Promise<Uint8Array> {
    if (response.status >= 500) {
      await response.body?.cancel()
      throw new AudioError('hosted_unavailable', `结果文件下载失败（${response.status}）`)
    }
    if (!response.ok) {
      await response.body?.cancel()
      throw new AudioError('hosted_bad_response', `结果文件无法下载（${response.status}）`)
    }
    const declared = Number(response.headers.get('content-length') ?? '0')
    if (declared > this.maxDownloadBytes) {
      await response.body?.cancel()
      throw new AudioError('hosted_bad_response', '结果文件过大')
    }
    const parts: Uint8Array[] = []
    let total = 0
    if (response.body !== null) {
      for await (const part of response.body) {
        total += part.length
        if (total > this.maxDownloadBytes) {
          throw new AudioError('hosted_bad_response', '结果文件过大')
        }
        parts.push(part)
      }
    }
    return new Uint8Array(Buffer.concat(parts, total))
  }
}
