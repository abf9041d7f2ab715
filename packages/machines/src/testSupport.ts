import { createMachine, fromPromise } from 'xstate'
import type { AnyStateMachine, EventObject } from 'xstate'
import { adjacencyMapToArray, type AdjacencyMap } from 'xstate/graph'

/** One effect a machine had: an action it ran or an actor it started, with what it was given. */
export interface Effect {
  name: string
  params: unknown
}

/**
 * Every effect of one machine, in the order it happened. Path tests read it after each step, so
 * they check what the step did (what the user sees, what goes to the API or the audio element)
 * and not only that the machine reached the state its own chart names.
 */
export function createEffectLog() {
  const entries: Effect[] = []
  let read = 0
  return {
    entries,
    record: (name: string, params: unknown) => {
      entries.push({ name, params })
    },
    /** The effects since the last call. */
    takeNew: (): Effect[] => {
      const fresh = entries.slice(read)
      read = entries.length
      return fresh
    },
  }
}

export type EffectLog = ReturnType<typeof createEffectLog>

/** Where a recorder or a controlled actor also writes its effects, under which name. */
export interface EffectTarget {
  log: EffectLog
  name: string
}

/**
 * A promise actor whose every run waits until the test settles it, so a test can hold a machine
 * in its pending state (sending a code, logging in) and decide the outcome. Test-only; not
 * exported from the package. `TOutput` defaults to void for actors that only succeed or fail.
 */
export function createControlledPromise<TInput, TOutput = void>(effects?: EffectTarget) {
  const inputs: TInput[] = []
  let pending: { resolve: (output: TOutput) => void; reject: (error: unknown) => void } | undefined

  const settle = () => {
    if (!pending) throw new Error('No run of the actor is pending')
    const current = pending
    pending = undefined
    return current
  }

  return {
    logic: fromPromise<TOutput, TInput>(
      ({ input }) =>
        new Promise<TOutput>((resolve, reject) => {
          inputs.push(input)
          effects?.log.record(effects.name, input)
          pending = { resolve, reject }
        }),
    ),
    /** The input of every run, in order. */
    inputs,
    resolve: (output: TOutput) => settle().resolve(output),
    reject: (error: unknown) => settle().reject(error),
  }
}

/** Records the params of every call of a named action. */
export function createRecorder<TParams>(effects?: EffectTarget) {
  const calls: TParams[] = []
  return {
    calls,
    action: (_: unknown, params: TParams) => {
      calls.push(params)
      effects?.log.record(effects.name, params)
    },
  }
}

/** The parts of a state's config that the rewrite below reads; the rest passes through. */
interface StateConfigShape {
  id?: string
  invoke?: InvokeConfigShape | InvokeConfigShape[]
  after?: Record<string, unknown>
  on?: Record<string, unknown>
  states?: Record<string, StateConfigShape>
  [key: string]: unknown
}

interface InvokeConfigShape {
  id?: string
  onDone?: unknown
  onError?: unknown
  [key: string]: unknown
}

function rewriteEffectsAsEvents(config: StateConfigShape, stateId: string): StateConfigShape {
  const { invoke, after, on, states, ...rest } = config
  const effectTransitions: Record<string, unknown> = {}
  const invocations = invoke === undefined ? [] : Array.isArray(invoke) ? invoke : [invoke]
  for (const invocation of invocations) {
    // Without an explicit id the done event's name is generated and the test could not name it.
    if (!invocation.id) throw new Error(`The invocation in ${stateId} needs an id`)
    if (invocation.onDone)
      effectTransitions[`xstate.done.actor.${invocation.id}`] = invocation.onDone
    if (invocation.onError) {
      effectTransitions[`xstate.error.actor.${invocation.id}`] = invocation.onError
    }
  }
  for (const [delay, transition] of Object.entries(after ?? {})) {
    effectTransitions[`xstate.after.${delay}.${stateId}`] = transition
  }
  const rewritten: StateConfigShape = { ...rest, on: { ...on, ...effectTransitions } }
  if (states) {
    rewritten.states = Object.fromEntries(
      Object.entries(states).map(([key, child]) => [
        key,
        rewriteEffectsAsEvents(child, child.id ?? `${stateId}.${key}`),
      ]),
    )
  }
  return rewritten
}

/**
 * The same chart as `machine`, with each invocation's done/error and each delayed transition
 * turned into an ordinary transition on the very event XState would send
 * (`xstate.done.actor.<id>`, `xstate.error.actor.<id>`, `xstate.after.<delay>.<state id>`).
 *
 * `createTestModel` refuses machines with invocations or delays, because a model cannot run
 * effects. This abstract model can: the path tests walk it and replay each step on the real
 * machine, where the test settles the actor or advances the clock for those events.
 */
export function toTestModelMachine<TMachine extends AnyStateMachine>(machine: TMachine): TMachine {
  const config = rewriteEffectsAsEvents(machine.config as StateConfigShape, machine.id)
  // The rewrite keeps every state, context and event of the original; only where transitions
  // come from differs, which the machine's type does not describe. Hence the casts: the loosely
  // typed config and implementations of a machine do not feed back into `createMachine`'s types.
  type MachineArguments = Parameters<typeof createMachine>
  return createMachine(
    config as MachineArguments[0],
    machine.implementations as MachineArguments[1],
  ) as unknown as TMachine
}

/** A state of a test model, as far as the transition cases read it. */
interface ModelState {
  value: unknown
  context: unknown
}

interface ModelStep<TState, TEvent> {
  event: TEvent
  /** The state the event leads to. */
  state: TState
}

/** What `everyTransition` needs of a test model from `createTestModel`. */
interface TransitionModel<TState, TEvent> {
  getShortestPaths: (options: {
    allowDuplicatePaths: boolean
  }) => Array<{ state: TState; steps: Array<ModelStep<TState, TEvent>> }>
  getAdjacencyMap: () => AdjacencyMap<TState, TEvent>
}

/**
 * One case per transition of the model: the shortest path to the transition's source state, then
 * the transition itself. Shortest paths alone reach every state but take only one way into each,
 * so an effect on any other transition (restarting an ended track, say) would go unchecked.
 */
export function everyTransition<TState extends ModelState, TEvent extends EventObject>(
  model: TransitionModel<TState, TEvent>,
): Array<{ description: string; steps: Array<ModelStep<TState, TEvent>> }> {
  const key = (state: ModelState) => JSON.stringify({ value: state.value, context: state.context })
  // Every state's own shortest path, including those that lie inside a longer one.
  const pathTo = new Map(
    model
      .getShortestPaths({ allowDuplicatePaths: true })
      .map((path) => [key(path.state), path.steps]),
  )
  return adjacencyMapToArray(model.getAdjacencyMap()).map(({ state, event, nextState }) => {
    const prefix = pathTo.get(key(state))
    if (prefix === undefined) throw new Error(`No path reaches ${key(state)}`)
    return {
      description: `${JSON.stringify(state.value)} ${JSON.stringify(event)} (after ${prefix.length - 1} steps)`,
      steps: [...prefix, { event, state: nextState }],
    }
  })
}

/**
 * Replays the steps on the real machine through the test's executors (which send the event,
 * settle the actor or move the clock, and check the effects), checking each state reached.
 */
export async function replaySteps<TState extends ModelState, TEvent extends EventObject>(
  steps: Array<ModelStep<TState, TEvent>>,
  executors: Record<string, (step: { event: TEvent }) => void | Promise<void>>,
  expectState: (expected: TState) => void,
): Promise<void> {
  for (const step of steps) {
    // A path starts with the machine's own start: nothing to do but check where it is.
    if (step.event.type === 'xstate.init') {
      expectState(step.state)
      continue
    }
    const execute = executors[step.event.type]
    if (execute === undefined) throw new Error(`No executor for ${step.event.type}`)
    await execute(step)
    expectState(step.state)
  }
}
