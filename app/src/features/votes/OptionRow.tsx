import { Button, Icon } from '@gy/design-system'
import { useState, type ReactNode } from 'react'
import { VOTE_TEXT as TEXT } from '../../strings.votes'
import { formatShare } from './format'
import * as styles from './OptionRow.css'

export interface OptionRowProps {
  /** 1 for the option with the most votes. */
  position: number
  title: string
  /** The artist of a work, or a text option's description. */
  subtitle: string
  /** The work's cover or the text option's picture; '' shows the first character. */
  imageUrl: string
  votes: number
  totalVotes: number
  /** The viewer's own votes for this option (all days); 0 for a visitor. */
  myVotes: number
  /** A work: the picture carries a play button for the global player. */
  onPlay?: () => void
  playing?: boolean
  onVote: () => void
  /** Why the vote button is off (未开始 / 已结束), or undefined when it is on. */
  voteDisabledLabel?: string
  busy?: boolean
}

function PlayGlyph({ playing }: { playing: boolean }): ReactNode {
  return (
    <Icon stroke="none" fill="currentColor">
      {playing ? (
        <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" />
      ) : (
        <path d="M8 5.5v13a1 1 0 0 0 1.53.85l10.2-6.5a1 1 0 0 0 0-1.7L9.53 4.65A1 1 0 0 0 8 5.5Z" />
      )}
    </Icon>
  )
}

/** One option of an activity: its picture (with play for a work), its share of votes, a vote button. */
export function OptionRow({
  position,
  title,
  subtitle,
  imageUrl,
  votes,
  totalVotes,
  myVotes,
  onPlay,
  playing = false,
  onVote,
  voteDisabledLabel,
  busy = false,
}: OptionRowProps) {
  const [failed, setFailed] = useState<string | null>(null)
  const buttonText = voteDisabledLabel ?? (busy ? TEXT.voting : TEXT.vote)
  return (
    <li className={styles.row} data-top={position <= 3 ? '' : undefined} aria-label={title}>
      <span className={styles.position} aria-label={TEXT.rank(position)}>
        {position}
      </span>
      <div className={styles.art}>
        {imageUrl !== '' && failed !== imageUrl ? (
          <img
            className={styles.image}
            src={imageUrl}
            alt=""
            loading="lazy"
            onError={() => setFailed(imageUrl)}
          />
        ) : (
          <span className={styles.glyph} aria-hidden="true">
            {Array.from(title)[0]}
          </span>
        )}
        {onPlay ? (
          <button
            type="button"
            className={styles.play}
            onClick={onPlay}
            aria-label={`${playing ? TEXT.pause : TEXT.play} ${title}`}
            data-playing={playing ? '' : undefined}
          >
            <PlayGlyph playing={playing} />
          </button>
        ) : null}
      </div>
      <div className={styles.text}>
        <p className={styles.title} title={title}>
          {title}
        </p>
        {subtitle === '' ? null : (
          <p className={styles.subtitle} title={subtitle}>
            {subtitle}
          </p>
        )}
        <progress
          className={styles.bar}
          value={votes}
          max={Math.max(totalVotes, 1)}
          aria-hidden="true"
        />
        <div className={styles.figures}>
          <span className={styles.votes} data-votes={votes}>
            {TEXT.votes(votes)}
          </span>
          <span>{TEXT.share(formatShare(votes, totalVotes))}</span>
          {myVotes > 0 ? <span className={styles.mine}>{TEXT.myVotes(myVotes)}</span> : null}
        </div>
      </div>
      <Button
        size="sm"
        variant={voteDisabledLabel === undefined ? 'primary' : 'secondary'}
        disabled={voteDisabledLabel !== undefined}
        // While the vote is sent the button stays focusable (a disabled one drops the focus to
        // the page's start); it only stops answering.
        aria-disabled={busy || undefined}
        onClick={busy ? undefined : onVote}
        // The name starts with the words on the button, so a voice user can say what they see.
        aria-label={`${buttonText} ${title}`}
      >
        {buttonText}
      </Button>
    </li>
  )
}
OptionRow.displayName = 'OptionRow'
