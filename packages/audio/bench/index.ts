// The audio engine's benchmarks: `npm run bench -- audio` runs them all and returns their rows;
// `AUDIO_BENCH=separation,generation npm run bench -- audio` runs some of the suites.
import {
  type BenchLabels,
  type BenchModule,
  type BenchResult,
  joinLabels,
} from '../../../scripts/bench-types'
import * as conversion from './conversion'
import * as generation from './generation'
import * as io from './io'
import * as separation from './separation'
import * as singing from './singing'

const SUITES = { io, conversion, separation, generation, singing } satisfies Record<
  string,
  Omit<BenchModule, 'narrowing'>
>
type SuiteName = keyof typeof SUITES
const SUITE_NAMES = Object.keys(SUITES) as SuiteName[]
const SELECTION_VARIABLE = 'AUDIO_BENCH'

/** The row a suite that throws leaves, so one failing does not hide the others' rows. */
const failureBudget = (name: SuiteName) => `${name} suite`

/** The suites a value of AUDIO_BENCH picks: the names it lists, every suite when it lists none. */
function selected(value: string | undefined): SuiteName[] {
  const wanted = value?.split(',').filter(Boolean)
  if (!wanted || wanted.length === 0) return SUITE_NAMES
  return SUITE_NAMES.filter((name) => wanted.includes(name))
}

function labelsOf(names: readonly SuiteName[]): BenchLabels {
  return joinLabels(
    names.map((name) => ({
      budgets: [...SUITES[name].labels.budgets, failureBudget(name)],
      references: SUITES[name].labels.references,
    })),
  )
}

export const labels = labelsOf(SUITE_NAMES)

export const narrowing = {
  variable: SELECTION_VARIABLE,
  labels: (value: string) => labelsOf(selected(value)),
}

export async function run(): Promise<BenchResult[]> {
  const rows: BenchResult[] = []
  for (const name of selected(process.env[SELECTION_VARIABLE])) {
    console.error(`… measuring audio/${name}`)
    try {
      rows.push(...(await SUITES[name].run()))
    } catch (error) {
      rows.push({
        area: 'audio',
        budget: failureBudget(name),
        target: 'runs',
        measured: `failed: ${error instanceof Error ? error.message : String(error)}`,
        pass: false,
      })
    }
  }
  return rows
}
