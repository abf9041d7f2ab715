// The audio engine's benchmarks: `npm run bench -- audio` runs them all and returns their rows.
import type { BenchModule, BenchResult } from '../../../scripts/bench-types'
import * as conversion from './conversion'
import * as io from './io'

/** The separation and generation suites are their owners' files; each is loaded on its own so one failing does not hide the rest. */
const SUITES: Record<string, () => Promise<BenchModule>> = {
  io: async () => io,
  conversion: async () => conversion,
  separation: () => import('./separation'),
  generation: () => import('./generation'),
  singing: () => import('./singing'),
}

export async function run(): Promise<BenchResult[]> {
  const wanted = process.env.AUDIO_BENCH?.split(',').filter(Boolean)
  const rows: BenchResult[] = []
  for (const [name, load] of Object.entries(SUITES)) {
    if (wanted && !wanted.includes(name)) continue
    console.error(`… measuring audio/${name}`)
    try {
      rows.push(...(await (await load()).run()))
    } catch (error) {
      rows.push({
        area: 'audio',
        budget: `${name} suite`,
        target: 'runs',
        measured: `failed: ${error instanceof Error ? error.message : String(error)}`,
        pass: false,
      })
    }
  }
  return rows
}
