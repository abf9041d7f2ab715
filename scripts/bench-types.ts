/** One measured budget, printed as a row of the `npm run bench` table. */
export interface BenchRow {
  /** Which part of the platform: 'web', 'server', 'audio', ... */
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

/** A bench module exports `run`, which measures its budgets and returns one row each. */
export type BenchModule = { run: () => Promise<BenchResult[]> }
