import type { MachineGraph } from '@gy/machines'
import { Fragment, useEffect, useId, useState } from 'react'
import { DEVTOOLS_TEXT } from '../../strings.devtools'
import { CHART_TEXT, type ChartLayout, headerLines, layoutChart } from './layoutChart'
import * as styles from './StateChart.css'

export interface StateChartProps {
  graph: MachineGraph
  /** Every state the live actor is in, parents included; their boxes and outgoing arrows light up. */
  activeIds?: readonly string[]
}

function flag(on: boolean): '' | undefined {
  return on ? '' : undefined
}

function pathOf(points: { x: number; y: number }[]): string {
  return points.map((point, index) => `${index === 0 ? 'M' : 'L'}${point.x},${point.y}`).join(' ')
}

/**
 * A machine drawn from its own definition: states as rounded boxes (nested and parallel ones as
 * boxes around their children, parallel regions dashed, final states ringed, initial states with a
 * dot), transitions as arrows labelled with their event and guard or delay, and what stays in a
 * state written inside its box. The live actor's states and the arrows it can take now are lit.
 */
export function StateChart({ graph, activeIds = [] }: StateChartProps) {
  const [layout, setLayout] = useState<ChartLayout | null>(null)
  const [failed, setFailed] = useState(false)
  const markerId = useId()
  useEffect(() => {
    let current = true
    layoutChart(graph).then(
      (next) => current && setLayout(next),
      () => current && setFailed(true),
    )
    return () => {
      current = false
    }
  }, [graph])

  if (failed) return <p className={styles.placeholder}>{DEVTOOLS_TEXT.chartFailed}</p>
  if (!layout) {
    return (
      // The visual test waits for this to go: a screenshot of a chart still being laid out is noise.
      <p className={styles.placeholder} data-chart-pending="">
        {DEVTOOLS_TEXT.chartLoading}
      </p>
    )
  }

  const active = new Set(activeIds)
  return (
    // Focusable so the chart, larger than its frame, scrolls with the keyboard too.
    <div
      className={styles.frame}
      data-testid="state-chart"
      data-chart-ready=""
      role="region"
      aria-label={DEVTOOLS_TEXT.chartLabel(graph.machineId)}
      tabIndex={0}
    >
      <svg
        className={styles.svg}
        width={layout.width}
        height={layout.height}
        viewBox={`0 0 ${layout.width} ${layout.height}`}
        role="img"
        aria-label={DEVTOOLS_TEXT.chartLabel(graph.machineId)}
      >
        <defs>
          {(['idle', 'enabled'] as const).map((kind) => (
            <marker
              key={kind}
              id={`${markerId}-${kind}`}
              viewBox="0 0 10 10"
              refX="9"
              refY="5"
              markerWidth="7"
              markerHeight="7"
              orient="auto-start-reverse"
            >
              <path
                d="M0,0 L10,5 L0,10 z"
                className={kind === 'enabled' ? styles.arrowHeadEnabled : styles.arrowHead}
              />
            </marker>
          ))}
        </defs>
        {layout.states.map(({ state, x, y, width, height, internal }) => {
          const isActive = active.has(state.id)
          const compound = state.type === 'compound' || state.type === 'parallel'
          const lines = headerLines(state, internal)
          return (
            <g key={state.id} data-state-id={state.id} data-active={flag(isActive)}>
              <rect
                className={styles.state}
                x={x}
                y={y}
                width={width}
                height={height}
                rx={10}
                data-active={flag(isActive)}
                data-compound={flag(compound)}
                data-parallel={flag(state.type === 'parallel')}
              />
              {state.type === 'final' ? (
                <rect
                  className={styles.finalRing}
                  x={x + 3}
                  y={y + 3}
                  width={width - 6}
                  height={height - 6}
                  rx={8}
                />
              ) : null}
              {state.initial ? (
                <circle className={styles.initialDot} cx={x + 12} cy={y + 17} r={3.5} />
              ) : null}
              <text
                className={styles.stateName}
                data-active={flag(isActive)}
                x={x + (state.initial ? 22 : CHART_TEXT.padding)}
                y={y + 21}
                fontSize={CHART_TEXT.stateSize}
              >
                {state.key}
              </text>
              {lines.map((line, index) => (
                <text
                  key={`${line}-${index}`}
                  className={styles.stateLine}
                  x={x + CHART_TEXT.padding}
                  y={y + CHART_TEXT.headerHeight + 8 + index * CHART_TEXT.lineHeight}
                  fontSize={CHART_TEXT.labelSize}
                >
                  {line}
                </text>
              ))}
            </g>
          )
        })}
        {layout.transitions.map(({ transition, targetId, points, label }) => {
          const enabled = active.has(transition.sourceId)
          return (
            <Fragment key={`${transition.id}>${targetId}`}>
              <path
                className={styles.edge}
                d={pathOf(points)}
                data-enabled={flag(enabled)}
                markerEnd={`url(#${markerId}-${enabled ? 'enabled' : 'idle'})`}
              />
              {label ? (
                <g>
                  <rect
                    className={styles.edgeLabelBox}
                    x={label.x}
                    y={label.y}
                    width={label.width}
                    height={label.height}
                    rx={4}
                  />
                  <text
                    className={styles.edgeLabel}
                    data-enabled={flag(enabled)}
                    x={label.x + 4}
                    y={label.y + label.height - 5}
                    fontSize={CHART_TEXT.labelSize}
                  >
                    {transition.label}
                  </text>
                </g>
              ) : null}
            </Fragment>
          )
        })}
      </svg>
    </div>
  )
}
StateChart.displayName = 'StateChart'
