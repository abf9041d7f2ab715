/**
 * A closed-loop load run against a real server on loopback: `concurrency` callers each send the
 * next request as soon as the last one is answered, for `durationMs`, and every answer's latency
 * is recorded. A request counts as an error when it throws, or its envelope is not 000. Bounded
 * in time and aimed only at the given base URL (a server this process started on 127.0.0.1).
 */
export interface LoadScenario {
  name: string
  concurrency: number
  durationMs: number
  /** One request (or one user action of a few requests); resolves to the final envelope code. */
  send: (sequence: number) => Promise<string>
}

export interface LoadResult {
  name: string
  requests: number
  errors: number
  errorRate: number
  p50Ms: number
  p95Ms: number
  requestsPerSecond: number
  firstError: string | null
}

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN
}

export async function runLoad(scenario: LoadScenario): Promise<LoadResult> {
  const latencies: number[] = []
  let errors = 0
  let firstError: string | null = null
  let sequence = 0
  const started = performance.now()
  const end = started + scenario.durationMs
  const caller = async (): Promise<void> => {
    while (performance.now() < end) {
      const sent = performance.now()
      try {
        const code = await scenario.send(sequence++)
        if (code !== '000') {
          errors += 1
          firstError ??= `code ${code}`
        }
      } catch (error) {
        errors += 1
        firstError ??= String(error)
      }
      latencies.push(performance.now() - sent)
    }
  }
  await Promise.all(Array.from({ length: scenario.concurrency }, caller))
  const elapsedSeconds = (performance.now() - started) / 1000
  const sorted = [...latencies].sort((left, right) => left - right)
  return {
    name: scenario.name,
    requests: latencies.length,
    errors,
    errorRate: latencies.length === 0 ? 1 : errors / latencies.length,
    p50Ms: percentile(sorted, 0.5),
    p95Ms: percentile(sorted, 0.95),
    requestsPerSecond: latencies.length / elapsedSeconds,
    firstError,
  }
}
