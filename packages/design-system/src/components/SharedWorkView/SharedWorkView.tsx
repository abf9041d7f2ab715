import { assignInlineVars } from '@vanilla-extract/dynamic'
import { clsx } from 'clsx'
import { useId, type ComponentPropsWithRef } from 'react'
import { AI_STRINGS } from '../../strings.ai'
import { AiLabel } from '../AiLabel/AiLabel'
import { Button } from '../Button/Button'
import { CoverArt } from '../JobCard/CoverArt'
import { formatDuration, isoDuration } from '../JobCard/formatDuration'
import { HeartIcon, PauseIcon, PlayIcon } from '../private/icons'
import { StatusBadge } from '../StatusBadge/StatusBadge'
import { lyricLinesFromLrc } from './lyricLines'
import * as styles from './SharedWorkView.css'

export interface SharedWorkViewProps extends Omit<
  ComponentPropsWithRef<'article'>,
  'children' | 'onPlay'
> {
  name: string
  /** Who shared the work. */
  author: string
  /** Cover image URL; empty shows a placeholder. */
  cover: string
  /** Seconds. */
  duration: number
  /** LRC text (timestamps are not shown), plain lyrics, or empty. */
  lyric: string
  upvotes: number
  /** The visitor has upvoted: the button shows pressed. */
  upvoted: boolean
  /** The player is playing this work: the button offers pause. */
  playing: boolean
  onPlay: () => void
  onUpvote: () => void
  /** The upvote is on its way: the button shows a spinner and ignores presses. */
  upvoting?: boolean
  /** What kind of work it is, e.g. AI 作曲 or AI 翻唱. */
  kindLabel: string
}

/** A CSS url() for an image address, quoted so that any URL stays one value. */
function cssUrl(url: string): string {
  return `url("${url.replace(/["\\\n]/g, (char) => `\\${char === '\n' ? 'a ' : char}`)}")`
}

/**
 * The body of the public page of a shared AI work: the cover large with the AI label on it, the
 * name, who shared it, play and upvote, and the lyrics in a calm centred column. It fills its
 * container from a 390 px phone (one column) to a 1440 px screen (cover beside the details).
 */
export function SharedWorkView({
  name,
  author,
  cover,
  duration,
  lyric,
  upvotes,
  upvoted,
  playing,
  onPlay,
  onUpvote,
  upvoting = false,
  kindLabel,
  className,
  ...props
}: SharedWorkViewProps) {
  const lyricHeadingId = useId()
  const copy = AI_STRINGS.sharedWork
  const displayName = name.trim() || AI_STRINGS.jobCard.untitled
  const lines = lyricLinesFromLrc(lyric)
  const count = Math.max(0, Math.floor(upvotes))

  return (
    <article className={clsx(styles.root, className)} {...props}>
      <div className={styles.hero}>
        {cover.trim() ? (
          <span
            className={styles.backdrop}
            style={assignInlineVars({ [styles.backdropImage]: cssUrl(cover) })}
            aria-hidden="true"
          />
        ) : null}
        <CoverArt src={cover} seed={displayName} className={styles.cover}>
          <AiLabel size="medium" className={styles.coverLabel} />
        </CoverArt>
        <div className={styles.info}>
          <div className={styles.kindRow}>
            <StatusBadge tone="accent">{kindLabel}</StatusBadge>
          </div>
          <h1 className={styles.name}>{displayName}</h1>
          <p className={styles.byline}>
            <span>
              {copy.sharer} <span className={styles.author}>{author}</span>
            </span>
            <span>
              {copy.duration}{' '}
              <time className={styles.duration} dateTime={isoDuration(duration)}>
                {formatDuration(duration)}
              </time>
            </span>
          </p>
          <div className={styles.actions}>
            <Button size="lg" onClick={onPlay}>
              {playing ? (
                <PauseIcon className={styles.actionIcon} />
              ) : (
                <PlayIcon className={styles.actionIcon} />
              )}
              {playing ? copy.pause : copy.play}
            </Button>
            <Button
              size="lg"
              variant="secondary"
              className={styles.upvote}
              aria-pressed={upvoted}
              aria-label={copy.upvoteCount(count)}
              loading={upvoting}
              onClick={onUpvote}
            >
              <HeartIcon filled={upvoted} className={styles.actionIcon} />
              <span className={styles.count}>{count}</span>
            </Button>
          </div>
        </div>
      </div>

      <section className={styles.lyric} aria-labelledby={lyricHeadingId}>
        <h2 id={lyricHeadingId} className={styles.lyricTitle}>
          {copy.lyric}
        </h2>
        {lines.length > 0 ? (
          <ul className={styles.lines}>
            {lines.map((line, index) =>
              line === '' ? (
                <li key={index} className={styles.stanzaBreak} aria-hidden="true" />
              ) : (
                <li key={index} className={styles.line}>
                  {line}
                </li>
              ),
            )}
          </ul>
        ) : (
          <p className={styles.noLyric}>{copy.noLyric}</p>
        )}
      </section>
    </article>
  )
}
SharedWorkView.displayName = 'SharedWorkView'
