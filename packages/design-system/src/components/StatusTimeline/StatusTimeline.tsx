import { clsx } from 'clsx'
import type { ComponentPropsWithRef } from 'react'
import * as styles from './StatusTimeline.css'

export const statusTimelineTones = ['neutral', 'accent', 'success', 'warning', 'danger'] as const
export type StatusTimelineTone = (typeof statusTimelineTones)[number]

export interface StatusTimelineEntry {
  /** Unique within the timeline. */
  id: string
  label: string
  /** Already formatted for the reader, e.g. 2026年11月24日 08:04. */
  time?: string
  /** A reviewer's note, shown in a soft box under the entry. */
  note?: string | null
  tone?: StatusTimelineTone
}

export interface StatusTimelineProps extends ComponentPropsWithRef<'ol'> {
  entries: readonly StatusTimelineEntry[]
}

/** The history of an application, oldest first: 草稿 → 待支付 → 已提交 → 审核中 → 已登记. */
export function StatusTimeline({ entries, className, ...props }: StatusTimelineProps) {
  return (
    <ol className={clsx(styles.list, className)} {...props}>
      {entries.map((entry) => (
        <li key={entry.id} className={styles.item} data-tone={entry.tone ?? 'neutral'}>
          <span className={styles.rail} aria-hidden="true">
            <span className={styles.dot} />
          </span>
          <span className={styles.body}>
            <span className={styles.label}>{entry.label}</span>
            {entry.time === undefined ? null : <span className={styles.time}>{entry.time}</span>}
            {entry.note === undefined || entry.note === null || entry.note === '' ? null : (
              <p className={styles.note}>{entry.note}</p>
            )}
          </span>
        </li>
      ))}
    </ol>
  )
}
StatusTimeline.displayName = 'StatusTimeline'
