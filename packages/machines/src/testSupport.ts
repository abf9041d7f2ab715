import { createMachine, fromPromise } from 'xstate'
import type { AnyStateMachine } from 'xstate'

/**
 * A promise actor whose every run waits until the test settles it, so a test can hold a machine
 * in its pending state (sending a code, logging in) and decide the outcome. Test-only; not
 * exported from the package. `TOutput` defaults to void for actors that only succeed or fail.
 */
export function createControlledPromise<TInput, TOutput = void>() {
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
export function createRecorder<TParams>() {
  const calls: TParams[] = []
  return {
    calls,
    action: (_: unknown, params: TParams) => {
      calls.push(params)
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
