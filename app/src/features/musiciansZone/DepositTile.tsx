import type { ReactNode } from 'react'
import * as styles from './zone.css'

/** A deposited work as the zone's lists show it: the cover (or a note), the title, two lines. */
export function DepositTileContent({
  coverUrl,
  title,
  lines,
  badge,
}: {
  coverUrl: string
  title: string
  lines: readonly string[]
  badge?: ReactNode
}) {
  return (
    <>
      <span className={styles.thumb}>
        {coverUrl === '' ? '♪' : <img className={styles.coverImage} src={coverUrl} alt="" />}
      </span>
      <span className={styles.itemBody}>
        <span className={styles.itemTitle}>{title}</span>
        {lines.map((line) => (
          <span key={line} className={styles.itemMeta}>
            {line}
          </span>
        ))}
        {badge === undefined ? null : <span>{badge}</span>}
      </span>
    </>
  )
}
