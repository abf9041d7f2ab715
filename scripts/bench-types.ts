/** One measured budget, printed as a row of the `npm run bench` table. */
export interface BenchRow {
  /** The bench area that measured it, a key of SUITES in scripts/bench.ts: 'web', 'audio', ... */
  area: string
  /** The budget as the issue words it, e.g. "First-load JS of /home (gzip)". */
  budget: string
  /** The target, e.g. "≤ 150 KB". */
  target: string
  /** What was measured, with its unit, e.g. "92.4 KB". */
  measured: string
  /** Computed from the measurement against the target: a row never passes unconditionally. */
  pass: boolean
}

/**
 * A figure reported for information, with no target: printed in its own table after the budgets,
 * so nothing that cannot fail sits among the rows that can.
 */
export interface BenchReference {
  reference: true
  area: string
  /** What was measured, e.g. "10-min song held whole in separate(), peak RSS". */
  subject: string
  measured: string
}

export type BenchResult = BenchRow | BenchReference

export function isReference(result: BenchResult): result is BenchReference {
  return 'reference' in result
}

/**
 * Every label a bench module can return: the budgets of its rows and the subjects of its
 * references. A label never carries a figure (a count of files, a song's length): figures go in
 * `measured`, so one budget keeps one label from run to run and the report can tell which module
 * measures it.
 */
export interface BenchLabels {
  budgets: readonly string[]
  references: readonly string[]
}

/**
 * A bench module exports `run`, which measures its budgets and returns one row each, and the
 * labels `run` can return; `npm run bench` refuses a row whose label is not declared, and
 * `npm run bench -- --check` a report row that no module declares.
 */
export interface BenchModule {
  run: () => Promise<BenchResult[]>
  labels: BenchLabels
  /**
   * For a module whose run an environment variable narrows to some of its suites (the audio
   * bench's AUDIO_BENCH=separation): the variable, and the labels a run narrowed to `value` returns.
   */
  narrowing?: { variable: string; labels: (value: string) => BenchLabels }
}

/** The labels of several suites together. */
export function joinLabels(parts: readonly BenchLabels[]): BenchLabels {
  return {
    budgets: parts.flatMap((part) => part.budgets),
    references: parts.flatMap((part) => part.references),
  }
}
