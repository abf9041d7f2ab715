/**
 * The few web-platform globals that browsers and Node (20 and later) both provide, for the
 * packages built with neither the DOM nor Node's types (machines, api, the audio engine). A
 * package that needs more than this either does not belong to every platform or should add the
 * name here with the narrowest type that is true on both.
 */
export {}

declare global {
  interface Console {
    debug(...data: unknown[]): void
    error(...data: unknown[]): void
    info(...data: unknown[]): void
    log(...data: unknown[]): void
    warn(...data: unknown[]): void
  }
  var console: Console

  function setTimeout(callback: () => void, milliseconds?: number): unknown
  function clearTimeout(handle: unknown): void
  /** Node's, absent from browsers: code must check `typeof setImmediate === 'function'` first. */
  var setImmediate: ((callback: () => void) => unknown) | undefined

  interface AbortSignal {
    readonly aborted: boolean
    readonly reason: unknown
    throwIfAborted(): void
    addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void
    removeEventListener(type: 'abort', listener: () => void): void
  }
  var AbortSignal: { prototype: AbortSignal; abort(reason?: unknown): AbortSignal }

  interface AbortController {
    readonly signal: AbortSignal
    abort(reason?: unknown): void
  }
  var AbortController: { prototype: AbortController; new (): AbortController }

  interface TextEncoder {
    encode(input?: string): Uint8Array<ArrayBuffer>
  }
  var TextEncoder: { prototype: TextEncoder; new (): TextEncoder }

  interface TextDecoder {
    decode(input?: ArrayBufferView | ArrayBuffer, options?: { stream?: boolean }): string
  }
  var TextDecoder: {
    prototype: TextDecoder
    new (label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean }): TextDecoder
  }

  interface Blob {
    readonly size: number
    readonly type: string
  }
  var Blob: { prototype: Blob }
  interface FormData {
    append(name: string, value: string): void
    append(name: string, value: Blob, fileName: string): void
  }
  var FormData: { prototype: FormData; new (): FormData }

  function atob(data: string): string
  function btoa(data: string): string

  interface Crypto {
    getRandomValues<Bytes extends Uint8Array>(array: Bytes): Bytes
  }
  var crypto: Crypto

  interface Performance {
    now(): number
  }
  var performance: Performance

  /** The part of fetch the api client and its event streams use (browsers and Node 18+). */
  interface FetchResponse {
    readonly status: number
    readonly headers: { get(name: string): string | null }
    readonly body: {
      getReader(): {
        read(): Promise<{ done: boolean; value?: Uint8Array }>
        cancel(): Promise<void>
        releaseLock(): void
      }
    } | null
    json(): Promise<unknown>
    text(): Promise<string>
  }
  function fetch(
    url: string,
    init?: {
      method?: string
      headers?: Record<string, string>
      body?: string | FormData
      signal?: AbortSignal
    },
  ): Promise<FetchResponse>

  /**
   * The browser's, absent from Node: the api client sends uploads with it for their progress
   * (fetch cannot report it), after checking `typeof XMLHttpRequest !== 'undefined'`.
   */
  interface XMLHttpRequest {
    open(method: string, url: string): void
    setRequestHeader(name: string, value: string): void
    send(body: string | FormData | null): void
    timeout: number
    readonly status: number
    readonly responseText: string
    readonly upload: {
      onprogress:
        ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null
    }
    onload: (() => void) | null
    onerror: (() => void) | null
    ontimeout: (() => void) | null
  }
  var XMLHttpRequest: { prototype: XMLHttpRequest; new (): XMLHttpRequest } | undefined
}
