import { describe, expect, it } from 'vitest'
import { type AnyStateMachine, type AnyStateNode, setup } from 'xstate'
import { checkoutMachine } from '../checkoutMachine'
import { loginDialogMachine } from '../loginDialogMachine'
import { playerMachine } from '../playerMachine'
import { registrationStatusMachine } from '../registrationStatusMachine'
import { sessionExpiryMachine } from '../sessionExpiryMachine'
import { smsCountdownMachine } from '../smsCountdownMachine'
import { activeStateIds, machineGraph, userEventTypes } from './machineGraph'

/** A small machine with one of everything the chart draws. */
const doorMachine = setup({
  guards: { isLocked: () => false },
  actions: { beep: () => {} },
  delays: { autoClose: 3000 },
}).createMachine({
  id: 'door',
  initial: 'closed',
  states: {
    closed: {
      on: {
        'door.open': [{ guard: 'isLocked', actions: 'beep' }, { target: 'open' }],
      },
    },
    open: {
      type: 'parallel',
      on: { 'door.close': { target: 'closed' } },
      states: {
        light: {
          initial: 'on',
          states: { on: { after: { autoClose: { target: 'off' } } }, off: {} },
        },
        alarm: {
          initial: 'quiet',
          states: { quiet: { always: { target: 'done' } }, done: { type: 'final' } },
        },
      },
    },
  },
})

/** An independent count from XState's own serialised definition, not from machineGraph's walk. */
function definitionCounts(machine: AnyStateMachine): { states: number; transitions: number } {
  let states = 0
  let transitions = 0
  function walk(node: AnyStateNode): void {
    states += 1
    // The serialised definition leaves `always` out; the written config has it.
    const always: unknown = node.config.always
    transitions += node.definition.transitions.length
    transitions += always === undefined ? 0 : Array.isArray(always) ? always.length : 1
    for (const child of Object.values(node.states)) walk(child)
  }
  walk(machine.root)
  return { states, transitions }
}

describe('machineGraph', () => {
  it('reads states, events, guards, delays, always and parallel regions of a small machine', () => {
    const graph = machineGraph(doorMachine)
    expect(graph.states.map((state) => [state.id, state.type, state.initial])).toEqual([
      ['door', 'compound', false],
      ['door.closed', 'atomic', true],
      ['door.open', 'parallel', false],
      ['door.open.light', 'compound', false],
      ['door.open.light.on', 'atomic', true],
      ['door.open.light.off', 'atomic', false],
      ['door.open.alarm', 'compound', false],
      ['door.open.alarm.quiet', 'atomic', true],
      ['door.open.alarm.done', 'final', false],
    ])
    expect(
      graph.transitions.map((transition) => [
        transition.sourceId,
        transition.targetIds,
        transition.label,
      ]),
    ).toEqual([
      ['door.closed', [], 'door.open [isLocked]'],
      ['door.closed', ['door.open'], 'door.open'],
      ['door.open', ['door.closed'], 'door.close'],
      ['door.open.light.on', ['door.open.light.off'], 'after 3000ms'],
      ['door.open.alarm.quiet', ['door.open.alarm.done'], 'always'],
    ])
    expect(graph.transitions[0]?.actions).toEqual(['beep'])
    expect(userEventTypes(graph)).toEqual(['door.open', 'door.close'])
  })

  it('lights up every active state of a parallel snapshot, parents included', () => {
    expect(activeStateIds(doorMachine, { open: { light: 'off', alarm: 'done' } })).toEqual([
      'door',
      'door.open',
      'door.open.light',
      'door.open.light.off',
      'door.open.alarm',
      'door.open.alarm.done',
    ])
  })

  const machines: [string, AnyStateMachine][] = [
    ['loginDialog', loginDialogMachine],
    ['smsCountdown', smsCountdownMachine],
    ['sessionExpiry', sessionExpiryMachine],
    ['player', playerMachine],
    ['checkout', checkoutMachine],
    ['registrationStatus', registrationStatusMachine],
  ]

  it.each(machines)('draws every state and transition of %s', (id, machine) => {
    const graph = machineGraph(machine)
    expect(graph.machineId).toBe(id)
    const counts = definitionCounts(machine)
    expect(graph.states).toHaveLength(counts.states)
    expect(graph.transitions).toHaveLength(counts.transitions)
    const stateIds = new Set(graph.states.map((state) => state.id))
    for (const transition of graph.transitions) {
      expect(stateIds.has(transition.sourceId)).toBe(true)
      for (const target of transition.targetIds) expect(stateIds.has(target)).toBe(true)
      expect(transition.label).not.toBe('')
    }
    expect(new Set(graph.transitions.map((transition) => transition.id)).size).toBe(
      graph.transitions.length,
    )
  })

  it('names the guards and the delays of the real machines', () => {
    const sms = machineGraph(smsCountdownMachine).transitions.map((transition) => transition.label)
    expect(sms).toEqual([
      'sms.send [isPhoneEmpty]',
      'sms.send',
      'done: sendCode',
      'error: sendCode',
      'after 1000ms [isLastSecond]',
      'after 1000ms',
    ])
    const login = machineGraph(loginDialogMachine)
    const submitted = login.transitions.find(
      (transition) => transition.targetIds[0] === 'loginDialog.open.submitting',
    )
    expect(submitted?.label).toBe('login.submit')
    expect(login.states.find((state) => state.key === 'submitting')?.invokes).toEqual(['logIn'])
  })
})
