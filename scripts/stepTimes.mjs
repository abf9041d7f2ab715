// The table of each `npm test` step's wall-clock and CPU seconds, printed at the end of every run
// and, with --record-times, written into the README between its step-times markers, so the
// README's figures are a run's, never typed.
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'

const README = new URL('../README.md', import.meta.url)
export const START_MARK = '<!-- step-times:start (written by npm test -- --record-times) -->'
export const END_MARK = '<!-- step-times:end -->'

const seconds = (value) => (value === undefined ? '' : value.toFixed(0))

/**
 * A markdown table: each step with when it started (seconds into the run), its wall-clock
 * seconds and the CPU seconds of its processes, then the whole run's wall clock.
 */
export function stepTimesTable(timings, wallSeconds, capacity) {
  const rows = timings.map(
    (timing) =>
      `| ${timing.ok ? '' : '✘ '}${timing.label} | ${seconds(timing.startedAt)} | ${seconds(timing.seconds)} | ${seconds(timing.cpuSeconds)} |`,
  )
  const cpu = timings.reduce((sum, timing) => sum + (timing.cpuSeconds ?? 0), 0)
  return [
    '| step | started at (s) | wall clock (s) | CPU (s) |',
    '| --- | ---: | ---: | ---: |',
    ...rows,
    `| **the whole run, ${capacity} steps at a time where they can** | | **${seconds(wallSeconds)}** | ${seconds(cpu)} |`,
  ].join('\n')
}

/** Replaces the README's block between the markers with this run's table, its commit and date. */
export function writeStepTimes(table, wallSeconds, now = new Date()) {
  const text = readFileSync(README, 'utf8')
  const start = text.indexOf(START_MARK)
  const end = text.indexOf(END_MARK)
  if (start === -1 || end < start) {
    throw new Error(`README.md has no ${START_MARK} … ${END_MARK} block for the step times`)
  }
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()
  const dirty =
    execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      encoding: 'utf8',
    }).trim() !== ''
  const where = `commit ${commit}${dirty ? ' with changes not yet committed' : ''}`
  const block = [
    START_MARK,
    '',
    `Measured by \`npm test -- --record-times\` on ${where}, ${now.toISOString().slice(0, 16).replace('T', ' ')} UTC: ${(wallSeconds / 60).toFixed(1)} minutes in all.`,
    '',
    table,
    '',
    END_MARK,
  ].join('\n')
  writeFileSync(README, text.slice(0, start) + block + text.slice(end + END_MARK.length))
  // The README is prettier-checked: the table's columns are padded as prettier pads them.
  execFileSync('npx', ['prettier', '--write', '--log-level=warn', README.pathname])
  console.log(`Wrote the step times into README.md (${where}).`)
}
