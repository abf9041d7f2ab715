import type { ChartState, ChartTransition, MachineGraph } from '@gy/machines'
import ELK, { type ElkExtendedEdge, type ElkNode } from 'elkjs/lib/elk.bundled.js'

/** Sizes of the chart's text, in SVG units; the renderer uses the same numbers. */
export const CHART_TEXT = {
  stateSize: 13,
  labelSize: 11,
  lineHeight: 16,
  /** Average advance of one character at `labelSize`; event names are ASCII. */
  charWidth: 6.6,
  headerHeight: 30,
  padding: 12,
} as const

export interface PlacedState {
  state: ChartState
  x: number
  y: number
  width: number
  height: number
  /** Transitions that stay in this state (actions only), written inside its box. */
  internal: ChartTransition[]
}

export interface PlacedTransition {
  transition: ChartTransition
  targetId: string
  points: { x: number; y: number }[]
  label: { x: number; y: number; width: number; height: number } | null
}

export interface ChartLayout {
  width: number
  height: number
  states: PlacedState[]
  transitions: PlacedTransition[]
}

function textWidth(text: string, size: number = CHART_TEXT.labelSize): number {
  return Math.ceil(text.length * CHART_TEXT.charWidth * (size / CHART_TEXT.labelSize))
}

function headerWidth(state: ChartState): number {
  const invokes = state.invokes.map((name) => `invoke ${name}`)
  const tags = state.tags.length > 0 ? [`tags ${state.tags.join(', ')}`] : []
  return Math.max(
    textWidth(state.key, CHART_TEXT.stateSize) + 24,
    ...[...invokes, ...tags].map((text) => textWidth(text)),
  )
}

/** How many lines the box's header takes: the name, then invokes and tags, then internal events. */
export function headerLines(state: ChartState, internal: ChartTransition[]): string[] {
  return [
    ...state.invokes.map((name) => `invoke ${name}`),
    ...(state.tags.length > 0 ? [`tags ${state.tags.join(', ')}`] : []),
    ...internal.map((transition) => transition.label),
  ]
}

const elk = new ELK()

/**
 * Lays a machine's graph out with ELK's layered algorithm: nested and parallel states become
 * compound nodes, arrows are routed orthogonally around them, and each arrow's label is placed
 * by ELK so no two overlap. Coordinates come back absolute (from the chart's top left).
 */
export async function layoutChart(graph: MachineGraph): Promise<ChartLayout> {
  const internalOf = new Map<string, ChartTransition[]>()
  for (const transition of graph.transitions) {
    if (transition.targetIds.length > 0) continue
    internalOf.set(transition.sourceId, [
      ...(internalOf.get(transition.sourceId) ?? []),
      transition,
    ])
  }
  const childrenOf = new Map<string | null, ChartState[]>()
  for (const state of graph.states) {
    childrenOf.set(state.parentId, [...(childrenOf.get(state.parentId) ?? []), state])
  }

  function node(state: ChartState): ElkNode {
    const internal = internalOf.get(state.id) ?? []
    const lines = headerLines(state, internal)
    const header = CHART_TEXT.headerHeight + lines.length * CHART_TEXT.lineHeight
    const width =
      Math.max(headerWidth(state), ...lines.map((line) => textWidth(line))) + CHART_TEXT.padding * 2
    const children = childrenOf.get(state.id) ?? []
    if (children.length === 0) {
      return { id: state.id, width: Math.max(width, 96), height: header + CHART_TEXT.padding / 2 }
    }
    return {
      id: state.id,
      layoutOptions: {
        'elk.padding': `[top=${header + CHART_TEXT.padding},left=${CHART_TEXT.padding},bottom=${CHART_TEXT.padding},right=${CHART_TEXT.padding}]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${width}, ${header})`,
        // Parallel regions sit side by side, as Stately draws them.
        'elk.direction': state.type === 'parallel' ? 'RIGHT' : 'DOWN',
      },
      children: children.map(node),
    }
  }

  const edges: ElkExtendedEdge[] = []
  for (const transition of graph.transitions) {
    transition.targetIds.forEach((targetId, index) => {
      const width = textWidth(transition.label) + 8
      edges.push({
        id: `${transition.id}>${index}`,
        sources: [transition.sourceId],
        targets: [targetId],
        labels: [{ text: transition.label, width, height: CHART_TEXT.lineHeight + 2 }],
      })
    })
  }

  const root = graph.states.find((state) => state.parentId === null)
  if (!root) throw new Error(`machine ${graph.machineId} has no root state`)
  const laidOut: ElkNode = await elk.layout({
    id: '__chart__',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.layered.spacing.nodeNodeBetweenLayers': '44',
      'elk.spacing.nodeNode': '32',
      'elk.spacing.edgeLabel': '4',
      'elk.spacing.edgeNode': '16',
      'elk.layered.spacing.edgeNodeBetweenLayers': '16',
      'elk.edgeLabels.placement': 'CENTER',
      'elk.json.shapeCoords': 'ROOT',
      'elk.json.edgeCoords': 'ROOT',
      'elk.padding': '[top=8,left=8,bottom=8,right=8]',
    },
    children: [node(root)],
    edges,
  })

  const byId = new Map(graph.states.map((state) => [state.id, state]))
  const states: PlacedState[] = []
  function collect(elkNode: ElkNode): void {
    const state = byId.get(elkNode.id)
    if (state) {
      states.push({
        state,
        x: elkNode.x ?? 0,
        y: elkNode.y ?? 0,
        width: elkNode.width ?? 0,
        height: elkNode.height ?? 0,
        internal: internalOf.get(state.id) ?? [],
      })
    }
    for (const child of elkNode.children ?? []) collect(child)
  }
  collect(laidOut)

  const transitionsById = new Map(
    graph.transitions.map((transition) => [transition.id, transition]),
  )
  const transitions: PlacedTransition[] = []
  for (const edge of (laidOut.edges ?? []) as ElkExtendedEdge[]) {
    const separator = edge.id.lastIndexOf('>')
    const transition = transitionsById.get(edge.id.slice(0, separator))
    const section = edge.sections?.[0]
    if (!transition || !section) continue
    const label = edge.labels?.[0]
    transitions.push({
      transition,
      targetId: edge.targets[0] ?? '',
      points: [section.startPoint, ...(section.bendPoints ?? []), section.endPoint],
      label:
        label && label.x !== undefined && label.y !== undefined
          ? { x: label.x, y: label.y, width: label.width ?? 0, height: label.height ?? 0 }
          : null,
    })
  }
  return { width: laidOut.width ?? 0, height: laidOut.height ?? 0, states, transitions }
}
