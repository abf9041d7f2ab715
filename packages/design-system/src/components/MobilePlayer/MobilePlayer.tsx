import { useEffect, useMemo, useRef, useState } from 'react'
import { PauseIcon, PlayIcon } from '../private/icons'
import { ProgressSlider } from '../ProgressSlider/ProgressSlider'
import { Spinner } from '../Spinner/Spinner'
import { formatPlaybackTime, TimeText } from '../TimeText/TimeText'
import { activeLyricIndex, lyricTimeline } from './lyricTimeline'
import * as styles from './MobilePlayer.css'

export interface MobilePlayerLabels {
  play: string
  pause: string
  progress: string
  lyrics: string
  noLyric: string
}

export interface MobilePlayerProps {
  title: string
  artist: string
  coverUrl?: string | null
  /** LRC (timed lines scroll with the music) or plain text; '' when the work has none. */
  lyric: string
  playing: boolean
  /** The audio is loading: the play control waits. */
  loading?: boolean
  /** Seconds. */
  currentTime: number
  duration: number
  onTogglePlay: () => void
  onSeek: (seconds: number) => void
  labels: MobilePlayerLabels
}

/**
 * The phone's full-screen player (`/m/mobilePlayer`): the cover large, the lyric line by line in
 * step with the music (the sung line centred and lit), the progress with its times, and one large
 * play control. A view only: the player machine owns the audio.
 */
export function MobilePlayer({
  title,
  artist,
  coverUrl,
  lyric,
  playing,
  loading = false,
  currentTime,
  duration,
  onTogglePlay,
  onSeek,
  labels,
}: MobilePlayerProps) {
  const timeline = useMemo(() => lyricTimeline(lyric), [lyric])
  const active = activeLyricIndex(timeline, currentTime)
  const listRef = useRef<HTMLOListElement>(null)
  const [preview, setPreview] = useState<number | null>(null)

  useEffect(() => {
    const list = listRef.current
    const line = list?.children[Math.max(active, 0)]
    if (!list || !(line instanceof HTMLElement)) return
    // Scrolls the lyric window only, never the page around it.
    list.scrollTo({
      top: line.offsetTop - list.clientHeight / 2 + line.clientHeight / 2,
      behavior: 'smooth',
    })
  }, [active])

  return (
    <section className={styles.root} aria-label={title}>
      {coverUrl ? (
        <img className={styles.cover} src={coverUrl} alt="" />
      ) : (
        <div className={styles.cover} aria-hidden="true" />
      )}
      <div className={styles.heading}>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.artist}>{artist}</p>
      </div>

      {timeline.length > 0 ? (
        <ol
          ref={listRef}
          className={styles.lyrics}
          aria-label={labels.lyrics}
          // It scrolls: focusable, so the keyboard can scroll it too.
          tabIndex={0}
        >
          {timeline.map((line, index) => (
            <li
              key={`${line.time}-${line.text}`}
              className={styles.lyricLine}
              data-state={index === active ? 'active' : undefined}
              aria-current={index === active ? 'true' : undefined}
            >
              {line.text}
            </li>
          ))}
        </ol>
      ) : lyric.trim() !== '' ? (
        <p className={styles.plainLyric} aria-label={labels.lyrics}>
          {lyric}
        </p>
      ) : (
        <p className={styles.noLyric}>{labels.noLyric}</p>
      )}

      <div className={styles.progress}>
        <TimeText seconds={preview ?? currentTime} />
        <ProgressSlider
          value={currentTime}
          max={duration}
          label={labels.progress}
          getValueText={(value) => `${formatPlaybackTime(value)} / ${formatPlaybackTime(duration)}`}
          onValueChange={setPreview}
          onValueCommit={(value) => {
            setPreview(null)
            onSeek(value)
          }}
        />
        <TimeText seconds={duration} />
      </div>

      <button
        type="button"
        className={styles.playButton}
        onClick={onTogglePlay}
        disabled={loading}
        aria-label={playing ? labels.pause : labels.play}
        aria-pressed={playing}
      >
        {loading ? <Spinner size="sm" /> : playing ? <PauseIcon /> : <PlayIcon />}
      </button>
    </section>
  )
}
MobilePlayer.displayName = 'MobilePlayer'
