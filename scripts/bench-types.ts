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
  pass: boolean
}

/** A bench module exports `run`, which measures its budgets and returns one row each. */
export type BenchModule = { run: () => Promise<BenchRow[]> }
