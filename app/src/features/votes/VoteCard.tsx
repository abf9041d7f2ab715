import type { VoteStatus } from '@gy/api'
import { StatusBadge } from '@gy/design-system'
import { useState } from 'react'
import { VOTE_TEXT as TEXT } from '../../strings.votes'
import { formatChinaDate, STATUS_TONES } from './format'
import * as styles from './VoteCard.css'

export interface VoteCardProps {
  title: string
  /** Signed cover URL; '' (or a failed load) shows the brand gradient with the first character. */
  cover: string
  status: VoteStatus
  startAt: string
  endAt: string
  totalVotes: number
  views: number
  optionCount: number
}

/** One voting activity in the list: a large cover with its status, the period and the totals. */
export function VoteCard({
  title,
  cover,
  status,
  startAt,
  endAt,
  totalVotes,
  views,
  optionCount,
}: VoteCardProps) {
  const [failed, setFailed] = useState<string | null>(null)
  const showImage = cover !== '' && failed !== cover
  return (
    // A div, not an article: the card sits inside its link, and an article's words would not count
    // towards the link's name, leaving it unnamed.
    <div className={styles.card} data-status={status}>
      <div className={styles.cover}>
        {showImage ? (
          <img
            className={styles.image}
            src={cover}
            alt=""
            loading="lazy"
            decoding="async"
            onError={() => setFailed(cover)}
          />
        ) : (
          <span className={styles.fallbackGlyph} aria-hidden="true">
            {Array.from(title)[0]}
          </span>
        )}
        <span className={styles.shade} aria-hidden="true" />
        <StatusBadge className={styles.badge} tone={STATUS_TONES[status]}>
          {TEXT.status[status]}
        </StatusBadge>
        <span className={styles.coverTotal}>{TEXT.votes(totalVotes)}</span>
      </div>
      <div className={styles.body}>
        <h2 className={styles.title}>{title}</h2>
        <p className={styles.meta}>
          {TEXT.period(formatChinaDate(startAt), formatChinaDate(endAt))}
        </p>
        <div className={styles.figures}>
          <span className={styles.votes}>{TEXT.votes(totalVotes)}</span>
          <span>{TEXT.views(views)}</span>
          <span>{TEXT.options(optionCount)}</span>
        </div>
      </div>
    </div>
  )
}
VoteCard.displayName = 'VoteCard'
