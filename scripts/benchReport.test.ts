import { describe, expect, it } from 'vitest'
import {
  type BenchReport,
  benchCommand,
  checkReport,
  type CheckContext,
  describeChange,
  leadingFigure,
  nextReport,
  parseBenchCommand,
  readmeTable,
  README_TABLE_END,
  README_TABLE_START,
  recordedCommit,
  reportTables,
  type RunScope,
  withReadmeTable,
} from './benchReport'
import type { BenchLabels, BenchModule, BenchRow } from './bench-types'

const row = (overrides: Partial<BenchRow>): BenchRow => ({
  area: 'store',
  budget: 'list p95',
  target: '< 50 ms',
  measured: '40 ms',
  pass: true,
  ...overrides,
})

describe('leadingFigure', () => {
  it('reads the first number and its unit', () => {
    expect(leadingFigure('113 ms on a quiet machine (median 12.1)')).toEqual({
      value: 113,
      unit: 'ms',
    })
    expect(leadingFigure('156.8 KB: the shared core')).toEqual({ value: 156.8, unit: 'KB' })
    expect(leadingFigure('+6.8 dB (light +8.1)')).toEqual({ value: 6.8, unit: 'dB' })
    expect(leadingFigure('1,000 refused')).toEqual({ value: 1000, unit: 'refused' })
    expect(leadingFigure('30.3× with one other process')).toEqual({ value: 30.3, unit: '×' })
    expect(leadingFigure('no figure')).toBeUndefined()
  })
})

describe('describeChange', () => {
  it('says new, same, and the signed difference with the old value', () => {
    expect(describeChange(undefined, row({}))).toBe('new')
    expect(describeChange(row({}), row({}))).toBe('same')
    expect(describeChange(row({ measured: '113 ms' }), row({ measured: '38.5 ms' }))).toBe(
      '−74.5 ms (was 113 ms)',
    )
    expect(describeChange(row({ measured: '100 ms' }), row({ measured: '200 ms' }))).toBe(
      '+100 ms (was 100 ms)',
    )
  })

  it('puts a change of the pass mark first', () => {
    expect(
      describeChange(
        row({ measured: '40 ms', pass: true }),
        row({ measured: '60 ms', pass: false }),
      ),
    ).toBe('REGRESSED to failing; +20 ms (was 40 ms)')
    expect(describeChange(row({ measured: '60 ms', pass: false }), row({}))).toBe(
      'now passes; −20 ms (was 60 ms)',
    )
  })

  it('quotes the old text when the units differ', () => {
    expect(describeChange(row({ measured: '40 ms' }), row({ measured: '2 s' }))).toBe('was “40 ms”')
  })
})

const COMMIT = 'a'.repeat(40)
const NEXT_COMMIT = 'b'.repeat(40)

const labels = (budgets: string[], references: string[] = []): BenchLabels => ({
  budgets,
  references,
})

/** A run of `areas`, each measuring every label it declares. */
const scope = (areas: Record<string, BenchLabels>, command = 'npm run bench'): RunScope => ({
  commit: NEXT_COMMIT,
  command,
  areas: Object.entries(areas).map(([area, declared]) => ({ area, declared, covered: declared })),
})

describe('nextReport', () => {
  const previous: BenchReport = {
    generatedAt: '2026-11-25T10:00:00.000Z',
    rows: [
      { ...row({ measured: '90 ms', pass: false }), measuredAt: '2026-11-25T10:00:00.000Z' },
      {
        ...row({ area: 'votes', budget: 'total', target: '500', measured: '500' }),
        measuredAt: '2026-11-25T10:00:00.000Z',
      },
      {
        ...row({ budget: 'a budget that no longer exists' }),
        measuredAt: '2026-11-25T10:00:00.000Z',
      },
    ],
    references: [],
  }

  it('replaces measured areas, carries the others with their date, and drops vanished rows', () => {
    const now = new Date('2026-11-26T10:00:00.000Z')
    const { report, compared } = nextReport(
      previous,
      [row({ measured: '30 ms' })],
      scope({ store: labels(['list p95', 'a budget that no longer exists']) }),
      now,
    )
    expect(compared.map((entry) => [entry.area, entry.change, entry.carried])).toEqual([
      ['store', 'now passes; −60 ms (was 90 ms)', false],
      ['votes', 'not measured in this run (last 2026-11-25)', true],
    ])
    expect(report.rows).toHaveLength(2)
    expect(report.rows[0]).toMatchObject({ measured: '30 ms', measuredAt: now.toISOString() })
    expect(report.rows[1]).toMatchObject({ area: 'votes', measuredAt: '2026-11-25T10:00:00.000Z' })
    expect(report.rows[0]).not.toHaveProperty('change')
  })

  it('records the commit and command of the run on every row and reference it measured', () => {
    const { report } = nextReport(
      previous,
      [row({}), { reference: true, area: 'store', subject: 'fill', measured: '30 s' }],
      scope({ store: labels(['list p95'], ['fill']) }, 'npm run bench -- store'),
      new Date('2026-11-26T10:00:00.000Z'),
    )
    const provenance = {
      commit: NEXT_COMMIT,
      command: 'npm run bench -- store',
      measuredAt: '2026-11-26T10:00:00.000Z',
    }
    expect(report.rows[0]).toMatchObject(provenance)
    expect(report.references).toEqual([
      { area: 'store', subject: 'fill', measured: '30 s', ...provenance },
    ])
  })

  it('keeps the rows of suites a narrowed run left out, with their own provenance', () => {
    const old = {
      commit: COMMIT,
      command: 'npm run bench -- audio',
      measuredAt: '2026-11-25T10:00:00.000Z',
    }
    const before: BenchReport = {
      generatedAt: old.measuredAt,
      rows: [
        { ...row({ area: 'audio', budget: 'io speed' }), ...old },
        { ...row({ area: 'audio', budget: 'separation SDR', measured: '5 dB' }), ...old },
        { ...row({ area: 'audio', budget: 'suite', pass: false }), ...old },
      ],
      references: [{ area: 'audio', subject: 'io reference', measured: '1 s', ...old }],
    }
    const { report } = nextReport(
      before,
      [row({ area: 'audio', budget: 'separation SDR', measured: '6 dB' })],
      {
        commit: NEXT_COMMIT,
        command: 'AUDIO_BENCH=separation npm run bench -- audio',
        areas: [
          {
            area: 'audio',
            declared: labels(['io speed', 'separation SDR'], ['io reference']),
            covered: labels(['separation SDR']),
          },
        ],
      },
      new Date('2026-11-26T10:00:00.000Z'),
    )
    expect(report.rows.map((entry) => [entry.budget, entry.measured, entry.commit])).toEqual([
      ['separation SDR', '6 dB', NEXT_COMMIT],
      ['io speed', '40 ms', COMMIT],
    ])
    expect(report.references).toHaveLength(1)
  })

  it('prints one table per area with the change column, escaping pipes', () => {
    const { report, compared } = nextReport(
      undefined,
      [row({ measured: 'a | b' }), row({ area: 'web', budget: 'JS' })],
      scope({ store: labels(['list p95']), web: labels(['JS']) }),
      new Date('2026-11-26T10:00:00.000Z'),
    )
    const text = reportTables(compared, report.references)
    expect(text).toContain('### store')
    expect(text).toContain('### web')
    expect(text).toContain('| list p95 | < 50 ms | a \\| b | ✅ | new |')
  })
})

describe('recordedCommit', () => {
  it('marks the commit dirty when a tracked file besides the bench outputs differed', () => {
    expect(recordedCommit(COMMIT, [])).toBe(COMMIT)
    expect(recordedCommit(COMMIT, ['bench-report.json', 'README.md'])).toBe(COMMIT)
    expect(recordedCommit(COMMIT, ['README.md', 'packages/audio/src/mix.ts'])).toBe(
      `${COMMIT}+dirty`,
    )
  })
})

describe('bench commands', () => {
  it('are written and read back with their areas and narrowing variables', () => {
    expect(benchCommand([], {})).toBe('npm run bench')
    expect(benchCommand(['web', 'audio'], { AUDIO_BENCH: 'separation,io' })).toBe(
      'AUDIO_BENCH=separation,io npm run bench -- web audio',
    )
    expect(parseBenchCommand('npm run bench')).toEqual({ areas: 'all', narrowing: {} })
    expect(parseBenchCommand('AUDIO_BENCH=separation,io npm run bench -- web audio')).toEqual({
      areas: ['web', 'audio'],
      narrowing: { AUDIO_BENCH: 'separation,io' },
    })
    expect(parseBenchCommand('README figures')).toBeUndefined()
    expect(parseBenchCommand('npm run bench -- web; rm -rf /')).toBeUndefined()
  })
})

describe('checkReport', () => {
  const declarations = new Map<string, Omit<BenchModule, 'run'>>([
    ['store', { labels: labels(['list p95'], ['fill']) }],
    ['web', { labels: labels(['JS']) }],
    [
      'audio',
      {
        labels: labels(['io speed', 'separation SDR']),
        narrowing: {
          variable: 'AUDIO_BENCH',
          labels: (value) => labels(value === 'io' ? ['io speed'] : ['separation SDR']),
        },
      },
    ],
  ])
  const measured = {
    commit: COMMIT,
    command: 'npm run bench -- store web',
    measuredAt: '2026-11-26T10:00:00.000Z',
  }
  const storeRow = { ...row({}), ...measured }
  const webRow = { ...row({ area: 'web', budget: 'JS' }), ...measured }
  const audioRow = {
    ...row({ area: 'audio', budget: 'io speed' }),
    ...measured,
    command: 'AUDIO_BENCH=io npm run bench -- audio',
  }
  const clean: BenchReport = {
    generatedAt: measured.measuredAt,
    rows: [storeRow, webRow, audioRow],
    references: [{ area: 'store', subject: 'fill', measured: '30 s', ...measured }],
  }
  const readmeOf = (report: BenchReport) =>
    `# Project\n\n${readmeTable(report, [...declarations.keys()])}\n\nMore prose.\n`
  const context = (report: BenchReport, readme = readmeOf(report)): CheckContext => ({
    declarations,
    readme,
  })
  const problemsOf = (report: BenchReport) => checkReport(report, context(report))

  it('finds nothing wrong in a report every row of which a bench command measured', () => {
    expect(problemsOf(clean)).toEqual([])
  })

  it('refuses rows and references without their commit, command or date', () => {
    const report: BenchReport = {
      ...clean,
      rows: [row({}), webRow, audioRow, row({ budget: 'seeded from the README' })],
      references: [{ area: 'store', subject: 'fill', measured: '30 s' }],
    }
    expect(problemsOf(report)).toEqual([
      'row "store / list p95": no commit, no command, no measuredAt',
      'row "store / seeded from the README": no commit, no command, no measuredAt',
      'row "store / seeded from the README": the store bench returns no such budget',
      'reference "store / fill": no commit, no command, no measuredAt',
    ])
  })

  it('refuses a row measured with uncommitted changes, or without a full commit hash', () => {
    const report: BenchReport = {
      ...clean,
      rows: [
        { ...storeRow, commit: `${COMMIT}+dirty` },
        { ...webRow, commit: 'aaaaaaa' },
        audioRow,
      ],
    }
    expect(problemsOf(report)).toEqual([
      `row "store / list p95": measured with uncommitted changes on top of ${COMMIT} (${COMMIT}+dirty)`,
      'row "web / JS": commit "aaaaaaa" is not a full commit hash',
    ])
  })

  it('refuses a row whose command does not exist or does not measure it', () => {
    const report: BenchReport = {
      ...clean,
      rows: [
        { ...storeRow, command: 'seeded from the README' },
        { ...webRow, command: 'npm run bench -- store' },
        { ...audioRow, command: 'AUDIO_BENCH=separation npm run bench -- audio' },
        { ...row({ area: 'web', budget: 'CSS' }), ...measured },
        { ...row({ area: 'lighthouse', budget: 'score' }), ...measured },
        { ...row({ area: 'web', budget: 'JS' }), ...measured, command: 'npm run bench -- webb' },
      ],
    }
    expect(problemsOf(report)).toEqual([
      'row "store / list p95": "seeded from the README" is not an npm run bench command',
      'row "web / JS": "npm run bench -- store" does not run the web area',
      'row "audio / io speed": "AUDIO_BENCH=separation npm run bench -- audio" does not measure it (the audio bench returns no such budget)',
      'row "web / CSS": "npm run bench -- store web" does not measure it (the web bench returns no such budget)',
      'row "lighthouse / score": "lighthouse" is not a bench area (known: store, web, audio)',
      'row "web / JS": "npm run bench -- webb" names no bench area webb',
      'row "web / JS": "npm run bench -- webb" does not run the web area',
      'two rows for one budget: web / JS',
    ])
  })

  it('accepts the failure row of an area that failed, from a command that ran the area', () => {
    const report: BenchReport = {
      ...clean,
      rows: [...clean.rows.slice(1), { ...row({ budget: 'suite', pass: false }), ...measured }],
    }
    expect(problemsOf(report)).toEqual([])
  })

  it('refuses two rows for one budget and a budget two benches declare', () => {
    const report: BenchReport = { ...clean, rows: [...clean.rows, storeRow] }
    const twice = new Map(declarations).set('mobile', { labels: labels(['JS']) })
    expect(checkReport(report, { declarations: twice, readme: readmeOf(report) })).toEqual([
      'two rows for one budget: store / list p95',
      'budget "JS" is declared by web and mobile',
    ])
  })

  it('refuses a README whose table is not the one the report writes', () => {
    const edited = readmeOf(clean).replace('| 40 ms |', '| 38 ms |')
    expect(checkReport(clean, context(clean, edited))).toEqual([
      'README.md: the bench table differs from what bench-report.json writes (npm run bench -- --readme rewrites it)',
    ])
    expect(checkReport(clean, context(clean, '# Project\n'))).toEqual([
      `README.md: no ${README_TABLE_START} … ${README_TABLE_END} block`,
    ])
  })

  it('accepts the table as a formatter pads it', () => {
    const padded = readmeOf(clean)
      .replace(
        '|---|---|---|---|---|---|',
        '| ---- | ------ | ------ | -------- | --- | ----------- |',
      )
      .replace('| store | list p95 |', '| store   | list p95   |')
    expect(checkReport(clean, context(clean, padded))).toEqual([])
  })
})

describe('the README table', () => {
  it('lists every row with its mark, day and short commit, areas in the given order', () => {
    const report: BenchReport = {
      generatedAt: '2026-11-26T10:00:00.000Z',
      rows: [
        {
          ...row({ area: 'web', budget: 'JS', pass: false }),
          commit: `${COMMIT}+dirty`,
          command: 'npm run bench -- web',
          measuredAt: '2026-11-26T10:00:00.000Z',
        },
        row({}),
      ],
      references: [],
    }
    const table = readmeTable(report, ['store', 'web'])
    expect(
      table.split('\n').filter((line) => line.startsWith('| store') || line.startsWith('| web')),
    ).toEqual([
      '| store | list p95 | < 50 ms | 40 ms | ✅ | undated, no commit |',
      '| web | JS | < 50 ms | 40 ms | ❌ | 2026-11-26, aaaaaaa+dirty |',
    ])
  })

  it('replaces the block between the markers and nothing else', () => {
    const readme = `before\n${README_TABLE_START}\nold\n${README_TABLE_END}\nafter\n`
    expect(withReadmeTable(readme, 'new')).toBe('before\nnew\nafter\n')
    expect(() => withReadmeTable('no markers', 'new')).toThrow(/no <!-- bench-table:start/)
  })
})
