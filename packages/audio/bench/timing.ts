/** Wall-clock and CPU time of one synchronous or asynchronous piece of work. */
export interface Timing<T> {
  result: T
  /** What a user waits: the budgets are judged on this. */
  wallSeconds: number
  /** CPU time of this process (all its threads), shown beside the wall clock for comparison. */
  cpuSeconds: number
}

export async function timed<T>(work: () => T | Promise<T>): Promise<Timing<T>> {
  const cpuStart = process.cpuUsage()
  const started = performance.now()
  const result = await work()
  const cpu = process.cpuUsage(cpuStart)
  return {
    result,
    wallSeconds: (performance.now() - started) / 1000,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
  }
}

/** How many times faster than realtime by the wall clock: the figure a speed budget is judged on. */
export function wallRealtime(audioSeconds: number, timing: { wallSeconds: number }): number {
  return audioSeconds / timing.wallSeconds
}

/** The measured column of a speed row: the wall-clock factor first, CPU time beside it. */
export function realtimeFactor(
  audioSeconds: number,
  timing: { cpuSeconds: number; wallSeconds: number },
): string {
  const wall = wallRealtime(audioSeconds, timing)
  const cpu = audioSeconds / timing.cpuSeconds
  return `${wall.toFixed(1)}× realtime (wall clock; CPU time ${cpu.toFixed(1)}×)`
}
