import { Button } from '@gy/design-system'
import { activeStateIds, machineGraph } from '@gy/machines'
import { useSelector } from '@xstate/react'
import { type ReactNode, useMemo } from 'react'
import type { Actor, AnyEventObject, AnyStateMachine, StateValue } from 'xstate'
import { DEVTOOLS_TEXT } from '../../strings.devtools'
import * as styles from './MachinePlayground.css'
import { StateChart } from './StateChart'

export interface MachinePlaygroundProps {
  /** The running actor the view uses too, so the chart follows every click in the view. */
  actor: Actor<AnyStateMachine>
  /** Events to send by hand, with the payload a user or the media element would give. */
  events: readonly AnyEventObject[]
  /** The real view bound to `actor`. */
  children: ReactNode
}

/** `open.editing`, or `track(playback.playing, bar.shown)` for parallel states. */
function describeValue(value: StateValue): string {
  if (typeof value === 'string') return value
  const parts = Object.entries(value).map(([key, inner]) =>
    inner === undefined ? key : `${key}.${describeValue(inner)}`,
  )
  return parts.length === 1 ? (parts[0] ?? '') : `(${parts.join(', ')})`
}

/** A payload value short enough for a button: objects (a track, a request) are abbreviated. */
function payloadText(value: unknown): string {
  if (typeof value === 'object' && value !== null) return Array.isArray(value) ? '[…]' : '{…}'
  return JSON.stringify(value)
}

function eventText(event: { type: string }): string {
  const payload = Object.entries(event).filter(([key]) => key !== 'type')
  if (payload.length === 0) return event.type
  return `${event.type} ${payload.map(([key, value]) => `${key}=${payloadText(value)}`).join(' ')}`
}

/**
 * A machine's chart beside a live instance of its view: the view and the event buttons drive one
 * actor, and the chart lights up the states it is in and the arrows it can take from there.
 */
export function MachinePlayground({ actor, events, children }: MachinePlaygroundProps) {
  const machine = actor.logic
  const graph = useMemo(() => machineGraph(machine), [machine])
  const snapshot = useSelector(actor, (current) => current)
  const activeIds = useMemo(() => activeStateIds(machine, snapshot.value), [machine, snapshot])
  return (
    <div className={styles.layout}>
      <section className={styles.panel} aria-label={DEVTOOLS_TEXT.liveView}>
        <h2 className={styles.heading}>{DEVTOOLS_TEXT.liveView}</h2>
        <div className={styles.view}>{children}</div>
        <p className={styles.current}>
          {DEVTOOLS_TEXT.currentState}：
          <span className={styles.currentValue} data-testid="current-state">
            {describeValue(snapshot.value)}
          </span>
        </p>
        <h2 className={styles.heading}>{DEVTOOLS_TEXT.sendEvents}</h2>
        <ul className={styles.events}>
          {events.map((event) => {
            const text = eventText(event)
            const full = JSON.stringify(event)
            const can = snapshot.can(event)
            return (
              <li key={full}>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={!can}
                  title={can ? full : `${DEVTOOLS_TEXT.eventUnavailable}：${full}`}
                  onClick={() => actor.send(event)}
                >
                  {text}
                </Button>
              </li>
            )
          })}
        </ul>
      </section>
      <section className={styles.panel} aria-label={DEVTOOLS_TEXT.chartTitle}>
        <h2 className={styles.heading}>{DEVTOOLS_TEXT.chartTitle}</h2>
        <StateChart graph={graph} activeIds={activeIds} />
      </section>
    </div>
  )
}
MachinePlayground.displayName = 'MachinePlayground'
