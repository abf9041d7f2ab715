import type { VoteStatus } from '@gy/api'
import { StatusBadge } from '@gy/design-system'
import { useState } from 'react'
import { VOTE_TEXT as TEXT } from '../../strings.votes'
import { formatActivityDate, STATUS_TONES } from './format'
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
  /** For the cards of the first screen: their covers load at once instead of when scrolled to. */
  eager?: boolean
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
  eager = false,
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
            loading={eager ? 'eager' : 'lazy'}
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
          {TEXT.period(formatActivityDate(startAt), formatActivityDate(endAt))}
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

/** A non-breaking space: an empty line of text keeps the height of a written one. */
const BLANK = '\u00a0'

/**
 * The shape of a card while the list loads, built from the card's own parts with blank lines, so
 * the cards arrive in exactly its place and nothing below them moves.
 */
export function VoteCardPlaceholder() {
  return (
    <div className={styles.card} aria-hidden="true">
      <div className={styles.cover} />
      <div className={styles.body}>
        <p className={styles.title}>{BLANK}</p>
        <p className={styles.meta}>{BLANK}</p>
        <div className={styles.figures}>{BLANK}</div>
      </div>
    </div>
  )
}
VoteCardPlaceholder.displayName = 'VoteCardPlaceholder'
