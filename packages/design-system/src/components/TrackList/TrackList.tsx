import { clsx } from 'clsx'
import { useState, type ReactNode } from 'react'
import { strings, trackListStrings, type TrackListLabels } from '../../strings'
import { PauseIcon, PlayIcon } from '../private/icons'
import { formatPlaybackTime } from '../TimeText/TimeText'
import { fallbackArtwork } from '../WorkCard/WorkCard'
import * as styles from './TrackList.css'

export interface TrackListItem {
  id: string
  title: string
  artist: string
  coverUrl?: string | null
  /** Seconds. */
  duration: number
  playCount: number
  /** Already formatted, e.g. ¥9.90. */
  price?: ReactNode
  /** A quiet label after the artist, e.g. the category. */
  note?: ReactNode
  /** Where the title and cover lead (the work's page), drawn by `renderLink`. */
  href?: string
}

export interface TrackListProps {
  tracks: readonly TrackListItem[]
  /** The track the player is playing: its row shows pause and is highlighted. */
  playingId?: string | null
  onPlay: (id: string) => void
  /** How a link is drawn (the app's router link). */
  renderLink?: (item: { href: string }, children: ReactNode) => ReactNode
  /** Counted from here (the first row's number): 21 on the second page of 20. */
  start?: number
  labels?: Partial<TrackListLabels>
  className?: string
}

/** 12,345 → 1.2万: plays read the way Chinese music apps write them. */
export function formatPlayCount(count: number): string {
  if (count < 10_000) return String(count)
  const tenThousands = count / 10_000
  return `${tenThousands >= 100 ? Math.round(tenThousands) : tenThousands.toFixed(1)}万`
}

/**
 * Works as a track list: number (play button on hover, focus and while playing), cover, title
 * and artist, plays, duration and price. Each row's play button is a real button, the title a
 * link, so the list works from the keyboard.
 */
export function TrackList({
  tracks,
  playingId = null,
  onPlay,
  renderLink,
  start = 1,
  labels: labelOverrides,
  className,
}: TrackListProps) {
  const labels: TrackListLabels = { ...trackListStrings, ...labelOverrides }
  return (
    <table className={clsx(styles.table, className)}>
      <caption className={styles.caption}>{labels.caption}</caption>
      <thead>
        <tr className={styles.headRow}>
          <th scope="col" className={styles.numberCell}>
            #
          </th>
          <th scope="col">{labels.title}</th>
          <th scope="col" className={styles.wideOnly}>
            {labels.plays}
          </th>
          <th scope="col" className={styles.durationCell}>
            {labels.duration}
          </th>
          <th scope="col" className={clsx(styles.priceCell, styles.wideOnly)}>
            {labels.price}
          </th>
        </tr>
      </thead>
      <tbody>
        {tracks.map((track, index) => {
          const playing = track.id === playingId
          const title = track.title.trim() || strings.untitledWork
          const artist = track.artist.trim() || strings.unknownArtist
          const linked = (children: ReactNode) =>
            track.href && renderLink ? renderLink({ href: track.href }, children) : children
          return (
            <tr
              key={track.id}
              className={styles.row}
              data-playing={playing ? '' : undefined}
              onDoubleClick={() => onPlay(track.id)}
            >
              <td className={styles.numberCell}>
                <span className={styles.number}>{start + index}</span>
                <button
                  type="button"
                  className={styles.playButton}
                  aria-label={`${playing ? strings.pause : strings.play} ${title}`}
                  onClick={() => onPlay(track.id)}
                >
                  {playing ? <PauseIcon /> : <PlayIcon />}
                </button>
              </td>
              <td>
                <div className={styles.work}>
                  {linked(
                    <Cover
                      title={title}
                      coverUrl={track.coverUrl}
                      named={Boolean(track.href && renderLink)}
                    />,
                  )}
                  <div className={styles.meta}>
                    <span className={styles.title} title={title}>
                      {linked(title)}
                    </span>
                    <span className={styles.artist}>
                      {artist}
                      {track.note ? <span className={styles.note}>{track.note}</span> : null}
                    </span>
                  </div>
                </div>
              </td>
              <td className={clsx(styles.numeric, styles.wideOnly)}>
                {formatPlayCount(track.playCount)}
              </td>
              <td className={clsx(styles.numeric, styles.durationCell)}>
                {formatPlaybackTime(track.duration)}
              </td>
              <td className={clsx(styles.numeric, styles.priceCell, styles.wideOnly)}>
                {track.price}
              </td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
TrackList.displayName = 'TrackList'

interface CoverProps {
  title: string
  coverUrl?: string | null | undefined
  /** Inside a link the cover is the link's only content, so it carries the title as its name. */
  named: boolean
}

function Cover({ title, coverUrl, named }: CoverProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null)
  if (coverUrl && failedUrl !== coverUrl) {
    return (
      <img
        className={styles.cover}
        src={coverUrl}
        alt={named ? title : ''}
        loading="lazy"
        decoding="async"
        onError={() => setFailedUrl(coverUrl)}
      />
    )
  }
  return (
    <span
      className={clsx(styles.cover, styles.fallback, styles.artwork[fallbackArtwork(title)])}
      {...(named ? { role: 'img', 'aria-label': title } : { 'aria-hidden': true })}
    >
      {Array.from(title)[0]}
    </span>
  )
}
Cover.displayName = 'TrackList.Cover'
