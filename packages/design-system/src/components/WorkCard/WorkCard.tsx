import { clsx } from 'clsx'
import { useState, type ComponentPropsWithRef, type ReactNode } from 'react'
import { strings } from '../../strings'
import { vars } from '../../themes/vars.css'
import { PauseIcon, PlayIcon } from '../private/icons'
import * as styles from './WorkCard.css'

type ArtworkName = keyof typeof vars.artwork
const artworkNames = Object.keys(vars.artwork) as ArtworkName[]

/** Picks the same fallback gradient for the same work every time (FNV-1a over the text). */
export function fallbackArtwork(seed: string): ArtworkName {
  let hash = 0x811c9dc5
  for (const char of seed) {
    hash ^= char.codePointAt(0) ?? 0
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return artworkNames[hash % artworkNames.length] ?? 'dusk'
}

export interface WorkCardProps extends Omit<ComponentPropsWithRef<'article'>, 'title'> {
  title: string
  artist: string
  /** Cover image URL; without one (or if it fails to load) a generated gradient shows. */
  coverUrl?: string | null
  /** Already formatted, e.g. ¥12.00 or 200 积分. */
  price?: ReactNode
  /** A small label on the cover, e.g. 已存证 or AI 创作. */
  tag?: ReactNode
  /** Shows the play button on the cover. */
  onPlay?: () => void
  /** The player is playing this work: the button shows pause and stays visible. */
  playing?: boolean
  /** Where the cover and the title lead (the work's page), drawn by `renderLink`. */
  href?: string
  renderLink?: (item: { href: string }, children: ReactNode) => ReactNode
  /**
   * The title's heading level, one below the heading the grid sits under: 3 under a section's
   * h2 (the home page), 2 straight under the page's h1 (the store), so no level is skipped.
   */
  headingLevel?: 2 | 3
}

export function WorkCard({
  title,
  artist,
  coverUrl,
  price,
  tag,
  onPlay,
  playing = false,
  href,
  renderLink,
  headingLevel = 3,
  className,
  ...props
}: WorkCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const linked = (children: ReactNode) =>
    href && renderLink ? renderLink({ href }, children) : children
  const [failedUrl, setFailedUrl] = useState<string | null>(null)
  const showImage = Boolean(coverUrl) && failedUrl !== coverUrl
  const displayTitle = title.trim() || strings.untitledWork
  const displayArtist = artist.trim() || strings.unknownArtist
  const playLabel = `${playing ? strings.pause : strings.play} ${displayTitle}`

  return (
    <article className={clsx(styles.card, className)} {...props}>
      <div className={styles.cover}>
        {linked(
          showImage && coverUrl ? (
            <img
              className={styles.image}
              src={coverUrl}
              // The cover is a link of its own to the work: its name is the work's title.
              alt={href ? displayTitle : ''}
              loading="lazy"
              decoding="async"
              onError={() => setFailedUrl(coverUrl)}
            />
          ) : (
            <div
              className={clsx(
                styles.fallback,
                styles.artwork[fallbackArtwork(`${displayTitle}|${displayArtist}`)],
              )}
              data-fallback=""
              {...(href ? { role: 'img', 'aria-label': displayTitle } : { 'aria-hidden': true })}
            >
              {Array.from(displayTitle)[0]}
            </div>
          ),
        )}
        {tag ? <span className={styles.tag}>{tag}</span> : null}
        {onPlay ? (
          <button
            type="button"
            className={styles.playButton}
            onClick={onPlay}
            aria-label={playLabel}
            data-playing={playing ? '' : undefined}
          >
            {playing ? <PauseIcon /> : <PlayIcon />}
          </button>
        ) : null}
      </div>
      <div className={styles.meta}>
        <Heading className={styles.title} title={displayTitle}>
          {linked(displayTitle)}
        </Heading>
        <div className={styles.artistRow}>
          <span className={styles.artist} title={displayArtist}>
            {displayArtist}
          </span>
          {price ? <span className={styles.price}>{price}</span> : null}
        </div>
      </div>
    </article>
  )
}
WorkCard.displayName = 'WorkCard'
