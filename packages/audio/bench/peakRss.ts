import { readFileSync } from 'node:fs'

/**
 * Peak resident memory of this process in MB. Linux's VmHWM belongs to this program's own address
 * space; getrusage's maxRSS would also count the parent's memory at the moment it forked us.
 */
export function peakRssMb(): number {
  try {
    const status = readFileSync('/proc/self/status', 'utf8')
    const match = /^VmHWM:\s+(\d+)\s+kB/m.exec(status)
    if (match?.[1]) return Number(match[1]) / 1024
  } catch {
    // Not Linux: fall back to getrusage below.
  }
  return process.resourceUsage().maxRSS / 1024
}
