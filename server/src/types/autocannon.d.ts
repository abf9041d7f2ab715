// autocannon ships no types and @types/autocannon is not installed: the part bench.ts uses.
declare module 'autocannon' {
  interface AutocannonRequest {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string
    /** Called before every request; returns the request to send. */
    setupRequest?: (request: AutocannonRequest) => AutocannonRequest
  }

  interface AutocannonOptions {
    url: string
    connections?: number
    pipelining?: number
    duration?: number
    method?: string
    headers?: Record<string, string>
    requests?: AutocannonRequest[]
  }

  interface Histogram {
    average: number
    mean: number
    p50: number
    p99: number
    total: number
  }

  interface AutocannonResult {
    requests: Histogram
    latency: Histogram
    non2xx: number
    errors: number
    timeouts: number
  }

  function autocannon(options: AutocannonOptions): Promise<AutocannonResult>
  export = autocannon
}
