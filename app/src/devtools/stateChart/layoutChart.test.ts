import {
  checkoutMachine,
  loginDialogMachine,
  machineGraph,
  playerMachine,
  registrationStatusMachine,
  sessionExpiryMachine,
  smsCountdownMachine,
} from '@gy/machines'
import { describe, expect, it } from 'vitest'
import type { AnyStateMachine } from 'xstate'
import { layoutChart } from './layoutChart'

const machines: [string, AnyStateMachine][] = [
  ['loginDialog', loginDialogMachine],
  ['smsCountdown', smsCountdownMachine],
  ['sessionExpiry', sessionExpiryMachine],
  ['player', playerMachine],
  ['checkout', checkoutMachine],
  ['registrationStatus', registrationStatusMachine],
]

describe('layoutChart', () => {
  it.each(machines)(
    'places every state of %s inside its parent and routes every arrow',
    async (_, machine) => {
      const graph = machineGraph(machine)
      const layout = await layoutChart(graph)
      expect(layout.states).toHaveLength(graph.states.length)
      const boxes = new Map(layout.states.map((placed) => [placed.state.id, placed]))
      for (const placed of layout.states) {
        expect(placed.width).toBeGreaterThan(0)
        expect(placed.x + placed.width).toBeLessThanOrEqual(layout.width)
        expect(placed.y + placed.height).toBeLessThanOrEqual(layout.height)
        const parent = placed.state.parentId === null ? null : boxes.get(placed.state.parentId)
        if (!parent) continue
        expect(placed.x).toBeGreaterThanOrEqual(parent.x)
        expect(placed.y).toBeGreaterThanOrEqual(parent.y)
        expect(placed.x + placed.width).toBeLessThanOrEqual(parent.x + parent.width)
        expect(placed.y + placed.height).toBeLessThanOrEqual(parent.y + parent.height)
      }
      const arrows = graph.transitions.flatMap((transition) => transition.targetIds)
      expect(layout.transitions).toHaveLength(arrows.length)
      for (const placed of layout.transitions) {
        expect(placed.points.length).toBeGreaterThanOrEqual(2)
        expect(placed.label).not.toBeNull()
      }
      // What stays in its state is written inside the box instead of drawn as an arrow.
      const internal = layout.states.flatMap((placed) => placed.internal)
      expect(internal).toHaveLength(
        graph.transitions.filter((transition) => transition.targetIds.length === 0).length,
      )
    },
  )
})
