import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition, StateValue } from 'xstate'

/** What a state node is, as XState names it. */
export type ChartStateType = 'atomic' | 'compound' | 'parallel' | 'final' | 'history'

/** One state of the chart: a box, inside its parent's box. */
export interface ChartState {
  /** XState's own id (`loginDialog.open.editing`), unique in the machine. */
  id: string
  /** The name the product team reads (`editing`). */
  key: string
  parentId: string | null
  type: ChartStateType
  /** The parent's initial child (parallel regions are all entered, so none of them is marked). */
  initial: boolean
  tags: string[]
  /** The actors this state invokes while it is active, by their logic's name. */
  invokes: string[]
}

/** Why a transition is taken: a user or media event, a delay, at once, or an invoked actor ending. */
export type ChartTransitionKind = 'event' | 'after' | 'always' | 'done' | 'error'

/** One transition: an arrow when it has targets, a line inside its state's box when it has none. */
export interface ChartTransition {
  /** Unique in the graph: the source, the event and the position among that event's candidates. */
  id: string
  sourceId: string
  /** Empty for a transition that only runs actions and stays where it is. */
  targetIds: string[]
  kind: ChartTransitionKind
  eventType: string
  guard: string | null
  /** For `after`: the delay in milliseconds when the machine states one, else its name. */
  delay: number | string | null
  reenter: boolean
  actions: string[]
  /** What the chart writes on the arrow: `login.submit [isPhoneEmpty]`, `after 1000ms`. */
  label: string
}

export interface MachineGraph {
  machineId: string
  rootId: string
  /** Parents before their children, in the machine's own order. */
  states: ChartState[]
  transitions: ChartTransition[]
}

const DONE_PREFIX = 'xstate.done.actor.'
const ERROR_PREFIX = 'xstate.error.actor.'
const AFTER_PREFIX = 'xstate.after.'

/** A guard as written: a name, a parameterised `{ type }`, or an inline or built-in function. */
function guardName(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null
  if (typeof guard === 'string') return guard
  if (typeof guard === 'function') return guard.name === '' ? 'guard' : guard.name
  if (typeof guard === 'object' && 'type' in guard && typeof guard.type === 'string') {
    return guard.type
  }
  return 'guard'
}

function actionName(action: unknown): string | null {
  if (typeof action === 'string') return action
  if (typeof action === 'function') {
    // assign(), raise() and the other built-ins carry their kind as `type`.
    const builtIn: unknown = (action as { type?: unknown }).type
    if (typeof builtIn === 'string') return builtIn
    return action.name === '' ? null : action.name
  }
  if (typeof action === 'object' && action !== null && 'type' in action) {
    return typeof action.type === 'string' ? action.type : null
  }
  return null
}

function kindOf(eventType: string): ChartTransitionKind {
  if (eventType === '') return 'always'
  if (eventType.startsWith(AFTER_PREFIX)) return 'after'
  if (eventType.startsWith(DONE_PREFIX)) return 'done'
  if (eventType.startsWith(ERROR_PREFIX)) return 'error'
  return 'event'
}

function resolveDelay(machine: AnyStateMachine, delay: unknown): number | string | null {
  if (typeof delay === 'number') return delay
  if (typeof delay !== 'string') return 'delay'
  const named: unknown = machine.implementations.delays[delay]
  return typeof named === 'number' ? named : delay
}

function labelOf(transition: Omit<ChartTransition, 'id' | 'label'>): string {
  const guard = transition.guard === null ? '' : ` [${transition.guard}]`
  switch (transition.kind) {
    case 'after': {
      const delay =
        typeof transition.delay === 'number' ? `${transition.delay}ms` : String(transition.delay)
      return `after ${delay}${guard}`
    }
    case 'always':
      return `always${guard}`
    case 'done':
      return `done: ${transition.eventType.slice(DONE_PREFIX.length)}${guard}`
    case 'error':
      return `error: ${transition.eventType.slice(ERROR_PREFIX.length)}${guard}`
    case 'event':
      return `${transition.eventType}${guard}`
  }
}

function stateType(node: AnyStateNode): ChartStateType {
  return node.type
}

function invokeName(source: unknown): string {
  if (typeof source === 'string') return source
  return 'actor'
}

/**
 * Reads a machine's own definition into states and transitions, so the chart is generated from the
 * code and cannot drift from it: every state node (nested and parallel ones too), every `on`
 * transition with its event and guard, every `after` with its delay, `always`, and the done and
 * error transitions of invoked actors.
 */
export function machineGraph(machine: AnyStateMachine): MachineGraph {
  const states: ChartState[] = []
  const transitions: ChartTransition[] = []

  function add(
    sourceId: string,
    candidates: readonly AnyTransitionDefinition[],
    delays?: readonly { eventType: unknown; delay: unknown }[],
  ): void {
    candidates.forEach((candidate, index) => {
      const eventType = String(candidate.eventType)
      const kind = kindOf(eventType)
      const delayed = delays?.find((entry) => entry.eventType === eventType)
      const base = {
        sourceId,
        targetIds: (candidate.target ?? []).map((target) => target.id),
        kind,
        eventType,
        guard: guardName(candidate.guard),
        delay: kind === 'after' ? resolveDelay(machine, delayed?.delay) : null,
        reenter: candidate.reenter,
        actions: candidate.actions.map(actionName).filter((name): name is string => name !== null),
      }
      transitions.push({
        ...base,
        id: `${sourceId}|${eventType === '' ? 'always' : eventType}|${index}`,
        label: labelOf(base),
      })
    })
  }

  function visit(node: AnyStateNode, parent: AnyStateNode | null): void {
    const parentInitial =
      parent !== null && parent.type === 'compound'
        ? parent.initial.target.map((target) => target.id)
        : []
    states.push({
      id: node.id,
      key: parent === null ? machine.id : node.key,
      parentId: parent?.id ?? null,
      type: stateType(node),
      initial: parentInitial.includes(node.id),
      tags: [...node.tags],
      invokes: node.invoke.map((invoke) => invokeName(invoke.src)),
    })
    for (const [eventType, candidates] of node.transitions) {
      if (eventType.startsWith(AFTER_PREFIX)) continue
      add(node.id, candidates)
    }
    // The delayed transitions of one delay share one event; grouped here to keep their order.
    const delayedEvents = [...new Set(node.after.map((entry) => String(entry.eventType)))]
    for (const eventType of delayedEvents) {
      add(
        node.id,
        node.after.filter((entry) => entry.eventType === eventType),
        node.after,
      )
    }
    if (node.always) add(node.id, node.always)
    for (const child of Object.values(node.states)) visit(child, node)
  }

  visit(machine.root, null)
  return { machineId: machine.id, rootId: machine.root.id, states, transitions }
}

/** The ids of every state a snapshot's value is in, from the root down (what the chart lights up). */
export function activeStateIds(machine: AnyStateMachine, value: StateValue): string[] {
  const ids: string[] = [machine.root.id]
  function walk(node: AnyStateNode, current: StateValue): void {
    if (typeof current === 'string') {
      const child = node.states[current]
      if (child) ids.push(child.id)
      return
    }
    for (const [key, inner] of Object.entries(current)) {
      const child = node.states[key]
      if (!child) continue
      ids.push(child.id)
      if (inner !== undefined) walk(child, inner)
    }
  }
  walk(machine.root, value)
  return ids
}

/** The events a product team can send by hand: those the machine listens to, not its own. */
export function userEventTypes(graph: MachineGraph): string[] {
  const types = graph.transitions
    .filter((transition) => transition.kind === 'event')
    .map((transition) => transition.eventType)
  return [...new Set(types)]
}
