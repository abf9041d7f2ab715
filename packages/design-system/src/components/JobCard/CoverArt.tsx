import { clsx } from 'clsx'
import { useState, type ReactNode } from 'react'
import { MusicNoteIcon } from '../private/icons'
import { fallbackArtwork } from '../WorkCard/WorkCard'
import * as styles from './CoverArt.css'

export interface CoverArtProps {
  /** Image URL; empty, or failing to load, shows the placeholder instead. */
  src: string
  /** Picks the placeholder's gradient, so the same work always looks the same. */
  seed: string
  className?: string
  /** Laid over the cover: a play button, the AI label. */
  children?: ReactNode
}

/** Square cover art that never shows a broken image or a grey box. Decorative: no alt text. */
export function CoverArt({ src, seed, className, children }: CoverArtProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null)
  const showImage = src.trim() !== '' && failedSrc !== src

  return (
    <span className={clsx(styles.root, className)}>
      {showImage ? (
        <img
          className={styles.image}
          src={src}
          alt=""
          loading="lazy"
          decoding="async"
          onError={() => setFailedSrc(src)}
        />
      ) : (
        <span
          className={clsx(styles.fallback, styles.artwork[fallbackArtwork(seed)])}
          data-fallback=""
          aria-hidden="true"
        >
          <MusicNoteIcon className={styles.note} />
        </span>
      )}
      {children}
    </span>
  )
}
CoverArt.displayName = 'CoverArt'
