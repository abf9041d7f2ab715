// Run in a child process by the benchmarks: `node --import tsx memoryProbe.ts <task> <file>`.
// Does one job on one file the way a server job does (the streaming job functions of src/jobs.ts,
// bytes in and MP3 bytes out) and prints
// {"seconds", "cpuSeconds", "maxRssMb"} as JSON, so the peak memory is that of the job alone
// (plus Node and tsx themselves, which the figure includes).
import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { coverFile, normalizeFile, separateFile } from '../src/jobs'

export const MEMORY_PROBE_TASKS = ['master', 'separate', 'cover'] as const
type Task = (typeof MEMORY_PROBE_TASKS)[number]

/** Runs the server's job function for the task, bytes in and MP3 bytes out. */
async function runTask(task: Task, path: string): Promise<number> {
  const bytes = new Uint8Array(await readFile(path))
  if (task === 'master') return (await normalizeFile(bytes)).audio.length
  if (task === 'separate') {
    const stems = await separateFile(bytes)
    return stems.vocals.length + stems.accompaniment.length
  }
  return (await coverFile(bytes, { singer: 'warm-male' })).audio.length
}

/**
 * Peak resident memory of this process in MB. Linux's VmHWM belongs to this program's own address
 * space; getrusage's maxRSS would also count the parent's memory at the moment it forked us.
 */
function peakRssMb(): number {
  try {
    const status = readFileSync('/proc/self/status', 'utf8')
    const match = /^VmHWM:\s+(\d+)\s+kB/m.exec(status)
    if (match?.[1]) return Number(match[1]) / 1024
  } catch {
    // Not Linux: fall back to getrusage below.
  }
  return process.resourceUsage().maxRSS / 1024
}

const [task, file] = process.argv.slice(2)
if (!file || !(MEMORY_PROBE_TASKS as readonly string[]).includes(task ?? '')) {
  console.error(`usage: memoryProbe.ts ${MEMORY_PROBE_TASKS.join('|')} <file>`)
  process.exit(2)
}
const started = performance.now()
const cpuStart = process.cpuUsage()
const outputBytes = await runTask(task as Task, file)
const cpu = process.cpuUsage(cpuStart)
console.log(
  JSON.stringify({
    seconds: (performance.now() - started) / 1000,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    maxRssMb: peakRssMb(),
    outputBytes,
  }),
)
