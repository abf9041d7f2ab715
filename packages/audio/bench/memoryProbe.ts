// Run in a child process by the benchmarks: `node --import tsx memoryProbe.ts <task> <file>`.
// Does one job on one file the way a server job does (the streaming job functions of src/jobs.ts,
// bytes in and MP3 bytes out) and prints
// {"seconds", "cpuSeconds", "maxRssMb"} as JSON, so the peak memory is that of the job alone
// (plus Node and tsx themselves, which the figure includes).
import { readFile } from 'node:fs/promises'
import { coverFile, normalizeFile, separateFile } from '../src/jobs'
import { peakRssMb } from './peakRss'

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
