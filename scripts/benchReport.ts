// The bench report: every measured row of `npm run bench`, kept in bench-report.json so the next
// run can say what changed. A run of some areas keeps the other areas' rows from the last report,
// with the date they were measured, so the file always holds every figure the issues name.
import { type BenchResult, type BenchRow, isReference } from './bench-types'

export interface ReportedRow extends BenchRow {
  /** ISO date and time of the run that measured this row. */
  measuredAt: string
}

export interface BenchReport {
  generatedAt: string
  rows: ReportedRow[]
  references: { area: string; subject: string; measured: string; measuredAt: string }[]
}

export interface ComparedRow extends ReportedRow {
  /** What changed since the previous report, in words: "new", "same", "−12.3 ms (was 113 ms)". */
  change: string
  /** True when the row was not measured in this run and is carried from the previous report. */
  carried: boolean
}

const rowKey = (row: { area: string; budget?: string; subject?: string }) =>
  `${row.area}\u0000${row.budget ?? row.subject ?? ''}`

/**
 * The first number in a measured figure with the unit that follows it: "113 ms on a quiet
 * machine" gives 113 and "ms". Figures such as "5 counted, 45 refused" give their first count,
 * which is still the one a reader compares first.
 */
export function leadingFigure(measured: string): { value: number; unit: string } | undefined {
  const match = /([+−-]?\d[\d,]*(?:\.\d+)?)\s*(%|×|x\b|[A-Za-zµ]+)?/u.exec(measured)
  if (!match?.[1]) return undefined
  const value = Number(match[1].replace(/,/g, '').replace('−', '-'))
  if (!Number.isFinite(value)) return undefined
  return { value, unit: match[2] ?? '' }
}

function formatNumber(value: number): string {
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2
  return String(Number(value.toFixed(digits)))
}

/** Says how a row moved since the previous report; the pass mark changing is said first. */
export function describeChange(previous: BenchRow | undefined, current: BenchRow): string {
  if (!previous) return 'new'
  const verdict =
    previous.pass === current.pass
      ? undefined
      : current.pass
        ? 'now passes'
        : 'REGRESSED to failing'
  return [verdict, describeMovement(previous.measured, current.measured)].filter(Boolean).join('; ')
}

function describeMovement(previous: string, current: string): string | undefined {
  const before = leadingFigure(previous)
  const after = leadingFigure(current)
  if (!before || !after || before.unit !== after.unit) {
    return previous === current ? 'same' : `was “${previous}”`
  }
  const delta = after.value - before.value
  if (delta === 0) return 'same'
  const unit = after.unit ? ` ${after.unit}` : ''
  return `${delta > 0 ? '+' : '−'}${formatNumber(Math.abs(delta))}${unit} (was ${formatNumber(before.value)}${unit})`
}

/**
 * The new report: this run's rows, then the previous report's rows of areas this run did not
 * measure. Rows of a measured area that the run no longer produces are dropped: the budget moved.
 */
export function nextReport(
  previous: BenchReport | undefined,
  results: BenchResult[],
  areasRun: string[],
  now: Date,
): { report: BenchReport; compared: ComparedRow[] } {
  const measuredAt = now.toISOString()
  const previousRows = new Map((previous?.rows ?? []).map((row) => [rowKey(row), row]))
  const compared: ComparedRow[] = []
  for (const result of results) {
    if (isReference(result)) continue
    const row: ReportedRow = { ...result, measuredAt }
    compared.push({
      ...row,
      change: describeChange(previousRows.get(rowKey(row)), row),
      carried: false,
    })
  }
  const measuredAreas = new Set([...areasRun, ...compared.map((row) => row.area)])
  for (const row of previous?.rows ?? []) {
    if (measuredAreas.has(row.area)) continue
    compared.push({
      ...row,
      change: `not measured in this run (last ${row.measuredAt.slice(0, 10)})`,
      carried: true,
    })
  }
  const references = [
    ...results.filter(isReference).map((reference) => ({
      area: reference.area,
      subject: reference.subject,
      measured: reference.measured,
      measuredAt,
    })),
    ...(previous?.references ?? []).filter((reference) => !measuredAreas.has(reference.area)),
  ]
  const rows = compared.map(({ change: _change, carried: _carried, ...row }) => row)
  return { report: { generatedAt: measuredAt, rows, references }, compared }
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ')

/** One markdown table per area, in the order areas first appear, with the change column. */
export function reportTables(
  compared: ComparedRow[],
  references: BenchReport['references'],
): string {
  const areas = [...new Set(compared.map((row) => row.area))]
  const sections = areas.map((area) => {
    const rows = compared.filter((row) => row.area === area)
    return [
      `### ${area}`,
      '',
      '| budget | target | measured | | change since the last report |',
      '|---|---|---|---|---|',
      ...rows.map(
        (row) =>
          `| ${cell(row.budget)} | ${cell(row.target)} | ${cell(row.measured)} | ${row.pass ? '✅' : '❌'} | ${cell(row.change)} |`,
      ),
    ].join('\n')
  })
  if (references.length > 0) {
    sections.push(
      [
        '### For reference, not budgets',
        '',
        '| area | figure | measured |',
        '|---|---|---|',
        ...references.map(
          (row) => `| ${row.area} | ${cell(row.subject)} | ${cell(row.measured)} |`,
        ),
      ].join('\n'),
    )
  }
  return sections.join('\n\n')
}
