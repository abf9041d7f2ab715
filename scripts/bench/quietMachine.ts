// Lighthouse multiplies the main-thread time it observes by four, so anything else using the CPU
// while a page is scored (a freshly started server composing its AI examples, a build that just
// finished) is counted as the page's own work. The bench scores pages once the whole machine has
// been quiet for a moment, and reports how busy it was.
import { readFileSync } from 'node:fs'

interface CpuTimes {
  busy: number
  total: number
}

/** The machine's CPU counters since boot, from the first line of /proc/stat. */
function cpuTimes(): CpuTimes {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number)
  // user nice system idle iowait irq softirq steal: idle and iowait are the idle time.
  const total = fields.slice(0, 8).reduce((sum, value) => sum + value, 0)
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0)
  return { busy: total - idle, total }
}

/** Share of all cores busy over the next `windowMs`, from 0 to 1. */
export async function cpuBusyShare(windowMs: number): Promise<number> {
  const before = cpuTimes()
  await new Promise((resolve) => setTimeout(resolve, windowMs))
  const after = cpuTimes()
  const total = after.total - before.total
  return total > 0 ? (after.busy - before.busy) / total : 0
}

/**
 * Waits until the CPU has been at most `maxBusyShare` busy in each of three consecutive
 * three-second windows (the server's background jobs come in bursts with pauses between), or
 * until `timeoutMs` has passed, and returns the busiest of those windows so the report can say so.
 */
export async function waitForQuietMachine(
  maxBusyShare = 0.1,
  timeoutMs = 300_000,
): Promise<number> {
  const deadline = Date.now() + timeoutMs
  const quietWindows: number[] = []
  for (;;) {
    const busy = await cpuBusyShare(3_000)
    if (busy <= maxBusyShare) quietWindows.push(busy)
    else quietWindows.length = 0
    if (quietWindows.length >= 3 || Date.now() > deadline) return Math.max(busy, ...quietWindows)
  }
}
