/** Wall-clock and CPU time of one synchronous or asynchronous piece of work. */
export interface Timing<T> {
  result: T
  wallSeconds: number
  /** CPU time of this process (all its threads), the honest "one core" figure on a shared machine. */
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

export function realtimeFactor(
  audioSeconds: number,
  timing: { cpuSeconds: number; wallSeconds: number },
): string {
  const cpu = audioSeconds / timing.cpuSeconds
  const wall = audioSeconds / timing.wallSeconds
  return `${cpu.toFixed(1)}× realtime (CPU time; wall clock ${wall.toFixed(1)}×)`
}
