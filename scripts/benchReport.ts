// The bench report: every measured row of `npm run bench`, kept in bench-report.json so the next
// run can say what changed. A run of some areas keeps the other areas' rows from the last report,
// each with the commit, command and date that measured it, so the file always holds every figure
// the issues name and says where each came from. The README's table of figures is written from it.
import {
  type BenchLabels,
  type BenchModule,
  type BenchResult,
  type BenchRow,
  isReference,
} from './bench-types'

/**
 * Where a figure comes from: the commit HEAD was at when it was measured (`<hash>+dirty` when
 * tracked files differed from that commit during the run), the command that measured it, and when.
 */
export interface Provenance {
  commit: string
  command: string
  /** ISO date and time of the run that measured it. */
  measuredAt: string
}

/** Rows written before runs recorded their provenance lack it; `--check` refuses them. */
export type ReportedRow = BenchRow & Partial<Provenance>

export type ReportedReference = {
  area: string
  subject: string
  measured: string
} & Partial<Provenance>

export interface BenchReport {
  generatedAt: string
  rows: ReportedRow[]
  references: ReportedReference[]
}

export interface ComparedRow extends ReportedRow {
  /** What changed since the previous report, in words: "new", "same", "−12.3 ms (was 113 ms)". */
  change: string
  /** True when the row was not measured in this run and is carried from the previous report. */
  carried: boolean
}

/** The budget of the row scripts/bench.ts writes when an area's module fails as a whole. */
export const AREA_FAILURE_BUDGET = 'suite'

/** Files a bench run writes itself: their changes do not make the measured tree dirty. */
export const BENCH_OUTPUTS = ['bench-report.json', 'README.md'] as const

const DIRTY = '+dirty'

/**
 * The commit a run records: HEAD's, marked dirty when any tracked file other than the bench's own
 * outputs differed from it while the run measured (uncommitted edits, or commits made meanwhile).
 */
export function recordedCommit(head: string, changedFiles: readonly string[]): string {
  const outputs: readonly string[] = BENCH_OUTPUTS
  return changedFiles.some((file) => !outputs.includes(file)) ? `${head}${DIRTY}` : head
}

/** The command a run is recorded with: the areas it was given, and the variables narrowing it. */
export function benchCommand(areas: readonly string[], narrowing: Record<string, string>): string {
  const variables = Object.entries(narrowing).map(([name, value]) => `${name}=${value} `)
  return `${variables.join('')}npm run bench${areas.length > 0 ? ` -- ${areas.join(' ')}` : ''}`
}

const COMMAND_PATTERN = /^((?:[A-Z_][A-Z0-9_]*=\S+ )*)npm run bench(?: -- ([a-z ]+))?$/

/** The areas and narrowing variables of a recorded command; undefined when it is not one. */
export function parseBenchCommand(
  command: string,
): { areas: string[] | 'all'; narrowing: Record<string, string> } | undefined {
  const match = COMMAND_PATTERN.exec(command)
  if (!match) return undefined
  const narrowing = Object.fromEntries(
    (match[1] ?? '')
      .trim()
      .split(' ')
      .filter(Boolean)
      .map((assignment) => {
        const equals = assignment.indexOf('=')
        return [assignment.slice(0, equals), assignment.slice(equals + 1)]
      }),
  )
  const areas = match[2]?.trim().split(/\s+/)
  return { areas: areas ?? 'all', narrowing }
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
 * One area a run measured: every label its module can return, and the labels this run measures
 * (fewer when an environment variable narrows the module to some of its suites).
 */
export interface AreaRun {
  area: string
  declared: BenchLabels
  covered: BenchLabels
}

/** What a run measured, and the commit and command it records. */
export interface RunScope {
  commit: string
  command: string
  areas: readonly AreaRun[]
}

/**
 * Whether a row of the previous report is kept: its area was not run, or it was but this run's
 * narrowing left its suite out. A row the run covers is replaced by this run's, or dropped when
 * the run no longer returns it (the budget moved); a label the module no longer declares is dropped.
 */
function carriedOver(scope: RunScope, area: string, label: string, kind: keyof BenchLabels) {
  const run = scope.areas.find((candidate) => candidate.area === area)
  if (!run) return true
  if (kind === 'budgets' && label === AREA_FAILURE_BUDGET) return false
  return run.declared[kind].includes(label) && !run.covered[kind].includes(label)
}

/**
 * The new report: this run's rows, then the previous report's rows this run did not measure,
 * each with the provenance it was measured with.
 */
export function nextReport(
  previous: BenchReport | undefined,
  results: BenchResult[],
  scope: RunScope,
  now: Date,
): { report: BenchReport; compared: ComparedRow[] } {
  const provenance: Provenance = {
    commit: scope.commit,
    command: scope.command,
    measuredAt: now.toISOString(),
  }
  const previousRows = new Map((previous?.rows ?? []).map((row) => [rowKey(row), row]))
  const compared: ComparedRow[] = []
  for (const result of results) {
    if (isReference(result)) continue
    const row: ReportedRow = { ...result, ...provenance }
    compared.push({
      ...row,
      change: describeChange(previousRows.get(rowKey(row)), row),
      carried: false,
    })
  }
  for (const row of previous?.rows ?? []) {
    if (!carriedOver(scope, row.area, row.budget, 'budgets')) continue
    compared.push({
      ...row,
      change: `not measured in this run (last ${row.measuredAt?.slice(0, 10) ?? 'at an unknown date'})`,
      carried: true,
    })
  }
  const references: ReportedReference[] = [
    ...results.filter(isReference).map((reference) => ({
      area: reference.area,
      subject: reference.subject,
      measured: reference.measured,
      ...provenance,
    })),
    ...(previous?.references ?? []).filter((reference) =>
      carriedOver(scope, reference.area, reference.subject, 'references'),
    ),
  ]
  const rows = compared.map(({ change: _change, carried: _carried, ...row }) => row)
  return { report: { generatedAt: provenance.measuredAt, rows, references }, compared }
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

export const README_TABLE_START =
  '<!-- bench-table:start: written by `npm run bench` from bench-report.json; edit neither by hand -->'
export const README_TABLE_END = '<!-- bench-table:end -->'

/** "2026-11-28, 16adc52": the day and the short commit a row was measured at. */
function measuredOn(provenance: Partial<Provenance>): string {
  const day = provenance.measuredAt?.slice(0, 10) ?? 'undated'
  const commit = provenance.commit
    ? provenance.commit.slice(0, 7) + (provenance.commit.endsWith(DIRTY) ? DIRTY : '')
    : 'no commit'
  return `${day}, ${commit}`
}

/** Rows in the order of `areaOrder` (SUITES'), each area's rows in the order they were written. */
function inAreaOrder<Row extends { area: string }>(
  rows: readonly Row[],
  areaOrder: readonly string[],
) {
  const rank = (area: string) => {
    const index = areaOrder.indexOf(area)
    return index === -1 ? areaOrder.length : index
  }
  return rows
    .map((row, index) => ({ row, index }))
    .sort((left, right) => rank(left.row.area) - rank(right.row.area) || left.index - right.index)
    .map(({ row }) => row)
}

/** The README's table of figures, as bench-report.json holds them, between its markers. */
export function readmeTable(report: BenchReport, areaOrder: readonly string[]): string {
  return [
    README_TABLE_START,
    '',
    '| area | budget | target | measured | | measured on |',
    '|---|---|---|---|---|---|',
    ...inAreaOrder(report.rows, areaOrder).map(
      (row) =>
        `| ${row.area} | ${cell(row.budget)} | ${cell(row.target)} | ${cell(row.measured)} | ${row.pass ? '✅' : '❌'} | ${measuredOn(row)} |`,
    ),
    '',
    'For reference, not budgets:',
    '',
    '| area | figure | measured | measured on |',
    '|---|---|---|---|',
    ...inAreaOrder(report.references, areaOrder).map(
      (reference) =>
        `| ${reference.area} | ${cell(reference.subject)} | ${cell(reference.measured)} | ${measuredOn(reference)} |`,
    ),
    '',
    README_TABLE_END,
  ].join('\n')
}

/** The stretch of the README from its start marker to its end marker, or undefined. */
function tableSpan(readme: string): { start: number; end: number } | undefined {
  const start = readme.indexOf(README_TABLE_START)
  const endMarker = readme.indexOf(README_TABLE_END, start)
  if (start === -1 || endMarker === -1) return undefined
  return { start, end: endMarker + README_TABLE_END.length }
}

/** The README with its table replaced by `table`; throws when the markers are missing. */
export function withReadmeTable(readme: string, table: string): string {
  const span = tableSpan(readme)
  if (!span) {
    throw new Error(`README.md has no ${README_TABLE_START} … ${README_TABLE_END} block`)
  }
  return readme.slice(0, span.start) + table + readme.slice(span.end)
}

/**
 * Markdown as a formatter may leave it: lines trimmed, runs of spaces folded, a table's dashes
 * line reduced to its cell count. Prettier pads the README's table; the text is what counts.
 */
function normalisedMarkdown(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trim().replace(/\s+/g, ' '))
    .map((line) => (/^\|(?: ?:?-+:? ?\|)+$/.test(line) ? line.replace(/ ?:?-+:? ?/g, '-') : line))
    .filter(Boolean)
    .join('\n')
}

export interface CheckContext {
  /** Every bench area's declarations (a module's labels and narrowing), in SUITES' order. */
  declarations: ReadonlyMap<string, Omit<BenchModule, 'run'>>
  readme: string
}

const COMMIT_PATTERN = /^[0-9a-f]{40}$/

/** The problems of one row's provenance and label, each a line of its own. */
function entryProblems(
  entry: { area: string; label: string; kind: keyof BenchLabels } & Partial<Provenance>,
  declarations: CheckContext['declarations'],
): string[] {
  const name = `${entry.kind === 'budgets' ? 'row' : 'reference'} "${entry.area} / ${entry.label}"`
  const problems: string[] = []
  const missing = (['commit', 'command', 'measuredAt'] as const).filter((field) => !entry[field])
  if (missing.length > 0) problems.push(`${name}: no ${missing.join(', no ')}`)
  if (entry.measuredAt && Number.isNaN(Date.parse(entry.measuredAt))) {
    problems.push(`${name}: measuredAt "${entry.measuredAt}" is not a date`)
  }
  if (entry.commit?.endsWith(DIRTY)) {
    problems.push(
      `${name}: measured with uncommitted changes on top of ${entry.commit.slice(0, -DIRTY.length)} (${entry.commit})`,
    )
  } else if (entry.commit && !COMMIT_PATTERN.test(entry.commit)) {
    problems.push(`${name}: commit "${entry.commit}" is not a full commit hash`)
  }
  const declaration = declarations.get(entry.area)
  if (!declaration) {
    problems.push(
      `${name}: "${entry.area}" is not a bench area (known: ${[...declarations.keys()].join(', ')})`,
    )
    return problems
  }
  const kind = entry.kind === 'budgets' ? 'budget' : 'reference'
  const isAreaFailure = entry.kind === 'budgets' && entry.label === AREA_FAILURE_BUDGET
  if (!entry.command) {
    // Without a command, the label is still checked against everything the area can return.
    if (!isAreaFailure && !declaration.labels[entry.kind].includes(entry.label)) {
      problems.push(`${name}: the ${entry.area} bench returns no such ${kind}`)
    }
    return problems
  }
  const command = parseBenchCommand(entry.command)
  if (!command) {
    problems.push(`${name}: "${entry.command}" is not an npm run bench command`)
    return problems
  }
  const unknown =
    command.areas === 'all' ? [] : command.areas.filter((area) => !declarations.has(area))
  if (unknown.length > 0) {
    problems.push(`${name}: "${entry.command}" names no bench area ${unknown.join(', ')}`)
  }
  if (command.areas !== 'all' && !command.areas.includes(entry.area)) {
    problems.push(`${name}: "${entry.command}" does not run the ${entry.area} area`)
    return problems
  }
  const narrowedTo = declaration.narrowing && command.narrowing[declaration.narrowing.variable]
  const labels =
    declaration.narrowing && narrowedTo
      ? declaration.narrowing.labels(narrowedTo)
      : declaration.labels
  if (!isAreaFailure && !labels[entry.kind].includes(entry.label)) {
    problems.push(
      `${name}: "${entry.command}" does not measure it (the ${entry.area} bench returns no such ${kind})`,
    )
  }
  return problems
}

/** Labels that two entries of one kind share within an area. */
function duplicated(entries: readonly { area: string; label: string }[]): string[] {
  const seen = new Set<string>()
  const twice = new Set<string>()
  for (const entry of entries) {
    const key = `${entry.area} / ${entry.label}`
    if (seen.has(key)) twice.add(key)
    seen.add(key)
  }
  return [...twice]
}

/** Budgets that two areas' modules both declare: one budget must have one bench. */
function declaredTwice(declarations: CheckContext['declarations']): string[] {
  const owners = new Map<string, string[]>()
  for (const [area, declaration] of declarations) {
    for (const budget of declaration.labels.budgets) {
      owners.set(budget, [...(owners.get(budget) ?? []), area])
    }
  }
  return [...owners]
    .filter(([, areas]) => areas.length > 1)
    .map(([budget, areas]) => `budget "${budget}" is declared by ${areas.join(' and ')}`)
}

/**
 * Every problem of a report, one line each: a row or reference without its commit, command or
 * date, measured on a dirty tree, from a command that does not exist or does not measure it; one
 * budget twice; a budget two benches declare; and a README table that the report would not write.
 */
export function checkReport(report: BenchReport, context: CheckContext): string[] {
  const rows = report.rows.map((row) => ({ ...row, label: row.budget, kind: 'budgets' as const }))
  const references = report.references.map((reference) => ({
    ...reference,
    label: reference.subject,
    kind: 'references' as const,
  }))
  const problems = [...rows, ...references].flatMap((entry) =>
    entryProblems(entry, context.declarations),
  )
  for (const key of duplicated(rows)) problems.push(`two rows for one budget: ${key}`)
  for (const key of duplicated(references)) problems.push(`two references for one figure: ${key}`)
  problems.push(...declaredTwice(context.declarations))
  const span = tableSpan(context.readme)
  if (!span) {
    problems.push(`README.md: no ${README_TABLE_START} … ${README_TABLE_END} block`)
  } else {
    const written = context.readme.slice(span.start, span.end)
    const expected = readmeTable(report, [...context.declarations.keys()])
    if (normalisedMarkdown(written) !== normalisedMarkdown(expected)) {
      problems.push(
        'README.md: the bench table differs from what bench-report.json writes (npm run bench -- --readme rewrites it)',
      )
    }
  }
  return problems
}
