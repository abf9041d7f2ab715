import { clsx } from 'clsx'
import type { ComponentPropsWithRef } from 'react'
import type { RenderLink } from '../../links'
import { AI_STRINGS } from '../../strings.ai'
import { AiLabel } from '../AiLabel/AiLabel'
import { CoverArt } from '../JobCard/CoverArt'
import { formatDuration, isoDuration } from '../JobCard/formatDuration'
import { HeartIcon, PauseIcon, PlayIcon } from '../private/icons'
import { StatusBadge } from '../StatusBadge/StatusBadge'
import * as styles from './AiExampleCard.css'

export interface AiExampleCardProps extends Omit<
  ComponentPropsWithRef<'article'>,
  'title' | 'children' | 'onPlay'
> {
  /** The work's name. */
  title: string
  /** Which tool made it, e.g. AI写歌, AI翻唱, 人声分离. */
  kindLabel: string
  /** Who shared it; left out when empty. */
  author?: string
  /** Cover image URL; empty shows a placeholder picked by the title. */
  cover: string
  /** Seconds. */
  duration: number
  upvotes: number
  /** The player is playing this work: the button offers pause. */
  playing?: boolean
  onPlay: () => void
  /** The work's public share page: the title links there. */
  href: string
  /** How the app renders that link (its router's Link); a plain anchor otherwise. */
  renderLink?: RenderLink
}

/**
 * One example of what the AI tools make, to listen to before trying them: the cover large with the
 * AI label on it and a play button, the title linking to the work's share page, which tool made
 * it, who shared it, its upvotes and its length. Fits a grid cell from a phone's half width up.
 */
export function AiExampleCard({
  title,
  kindLabel,
  author = '',
  cover,
  duration,
  upvotes,
  playing = false,
  onPlay,
  href,
  renderLink,
  className,
  ...props
}: AiExampleCardProps) {
  const copy = AI_STRINGS.exampleCard
  const name = title.trim() || AI_STRINGS.jobCard.untitled
  const count = Math.max(0, Math.floor(upvotes))
  const titleText = (
    <span className={styles.titleText} title={name}>
      {name}
    </span>
  )

  return (
    <article
      className={clsx(styles.card, className)}
      data-state={playing ? 'playing' : 'idle'}
      {...props}
    >
      <CoverArt src={cover} seed={`${name}|${kindLabel}`} className={styles.cover}>
        <AiLabel className={styles.label} />
        <button
          type="button"
          className={styles.playButton}
          aria-label={playing ? copy.pause(name) : copy.play(name)}
          aria-pressed={playing}
          onClick={onPlay}
        >
          {playing ? <PauseIcon /> : <PlayIcon />}
        </button>
      </CoverArt>
      <div className={styles.body}>
        <h3 className={styles.title}>
          {/* The link covers the card; the cover, with its play button, sits above it. */}
          <span className={styles.link}>
            {renderLink === undefined ? (
              <a href={href}>{titleText}</a>
            ) : (
              renderLink({ key: href, label: name, href }, titleText)
            )}
          </span>
        </h3>
        <div className={styles.meta}>
          <StatusBadge tone="neutral">{kindLabel}</StatusBadge>
          {author.trim() === '' ? null : (
            <span className={styles.author} title={author}>
              {copy.author(author.trim())}
            </span>
          )}
        </div>
        <div className={styles.stats}>
          <span className={styles.stat} role="img" aria-label={copy.upvotes(count)}>
            <HeartIcon className={styles.statIcon} filled={count > 0} />
            <span aria-hidden="true">{count}</span>
          </span>
          <time className={styles.stat} dateTime={isoDuration(duration)}>
            {formatDuration(duration)}
          </time>
        </div>
      </div>
    </article>
  )
}
AiExampleCard.displayName = 'AiExampleCard'
