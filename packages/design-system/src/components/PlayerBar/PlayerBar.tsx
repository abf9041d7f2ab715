import { clsx } from 'clsx'
import { useState, type ComponentPropsWithRef } from 'react'
import { ErrorIcon, MusicNoteIcon, PauseIcon, PlayIcon } from '../private/icons'
import {
  HidePlayerIcon,
  LyricIcon,
  NextTrackIcon,
  PreviousTrackIcon,
  ReplayIcon,
} from '../private/playerIcons'
import { ProgressSlider } from '../ProgressSlider/ProgressSlider'
import { Spinner } from '../Spinner/Spinner'
import { formatPlaybackTime, TimeText } from '../TimeText/TimeText'
import { VolumeControl } from '../VolumeControl/VolumeControl'
import { fallbackArtwork } from '../WorkCard/WorkCard'
import * as styles from './PlayerBar.css'
import { playerBarStrings, type PlayerBarLabels } from '../../strings'

/** Where playback is; the player machine's `selectPlaybackState` returns exactly these. */
export const playerBarStates = ['empty', 'loading', 'playing', 'paused', 'ended', 'error'] as const
export type PlayerBarState = (typeof playerBarStates)[number]

/** Seeking makes sense only once the track is there; loading and error have nothing to seek in. */
const seekableStates: ReadonlySet<PlayerBarState> = new Set(['playing', 'paused', 'ended'])

export interface PlayerBarProps extends Omit<
  ComponentPropsWithRef<'section'>,
  'title' | 'onToggle' | 'onVolumeChange' | 'children'
> {
  state: PlayerBarState
  /** Slid in (`data-state="open"`) or slid out below the window (`"closed"`, inert). */
  visible: boolean
  /** The track's name; an empty name shows 未命名作品. */
  title: string
  artist?: string
  /** Without one, or when it fails to load, a gradient with the title's first character shows. */
  coverUrl?: string | null
  /** Seconds. */
  currentTime: number
  /** Seconds; 0 while unknown, which disables seeking. */
  duration: number
  /** 0 to 1. */
  volume: number
  muted: boolean
  /** Shown under the title (role="alert") in the error state; the bar stays usable. */
  errorMessage?: string
  /** Playing but waiting for data: the play button shows the spinner, as while loading. */
  buffering?: boolean
  /** Seconds loaded ahead, drawn as a lighter part of the progress track. */
  bufferedTime?: number
  onToggle: () => void
  /** Seconds from the start, once per drag release or keyboard step. */
  onSeek: (time: number) => void
  onVolumeChange: (volume: number) => void
  onMutedChange: (muted: boolean) => void
  onLyricClick: () => void
  /** Shows the hide button. */
  onHide?: () => void
  /** Shows the previous-track button (the queue's previous, or the start of the first track). */
  onPrevious?: () => void
  /** Shows the next-track button; `hasNext` false disables it (the end of the queue). */
  onNext?: () => void
  hasNext?: boolean
  labels?: Partial<PlayerBarLabels>
}

/**
 * The global player bar, fixed to the bottom of the window. Left: cover, title and artist (or the
 * error); centre: play/pause and the progress between the elapsed and total time; right: volume,
 * lyric and hide. Narrow screens get a compact bar: cover, title, play, lyric, hide, with a thin
 * progress line on the top edge.
 *
 * It shows what it is given and binds no global keys; the app owns the machine and the shortcuts.
 */
export function PlayerBar({
  state,
  visible,
  title,
  artist,
  coverUrl,
  currentTime,
  duration,
  volume,
  muted,
  errorMessage,
  buffering = false,
  bufferedTime,
  onToggle,
  onSeek,
  onVolumeChange,
  onMutedChange,
  onLyricClick,
  onHide,
  onPrevious,
  onNext,
  hasNext = true,
  labels: labelOverrides,
  className,
  ...props
}: PlayerBarProps) {
  const labels: PlayerBarLabels = { ...playerBarStrings, ...labelOverrides }
  // The time under a dragged thumb, shown instead of the playing time until the drag ends.
  const [scrubTime, setScrubTime] = useState<number | null>(null)

  const isEmpty = state === 'empty'
  const isBusy = state === 'loading' || (state === 'playing' && buffering)
  // While loading, the button stops the start (the machine pauses), so it already says 暂停.
  const pressWillPause = state === 'playing' || state === 'loading'
  const canSeek = seekableStates.has(state) && duration > 0
  const displayTitle = isEmpty ? labels.nothingPlaying : title.trim() || labels.untitled
  const shownTime = scrubTime ?? currentTime
  const showError = state === 'error' && Boolean(errorMessage)

  function commitSeek(time: number) {
    setScrubTime(null)
    onSeek(time)
  }

  return (
    <section
      className={clsx(styles.bar, className)}
      aria-label={labels.region}
      data-state={visible ? 'open' : 'closed'}
      data-playback={state}
      // Slid out of sight, it must not take focus or be read out either.
      inert={!visible}
      {...props}
    >
      <div className={styles.inner}>
        <div className={styles.info}>
          <Cover title={displayTitle} coverUrl={isEmpty ? null : coverUrl} empty={isEmpty} />
          <div className={styles.meta}>
            <p className={styles.title} data-empty={isEmpty ? '' : undefined} title={displayTitle}>
              {displayTitle}
            </p>
            {showError ? (
              <p className={styles.error} role="alert">
                <ErrorIcon className={styles.errorIcon} />
                <span className={styles.errorText}>{errorMessage}</span>
              </p>
            ) : artist ? (
              <p className={styles.artist} title={artist}>
                {artist}
              </p>
            ) : null}
          </div>
        </div>

        <div className={styles.transport}>
          {onPrevious ? (
            <button
              type="button"
              className={clsx(styles.iconButton, styles.skipButton)}
              aria-label={labels.previous}
              title={labels.previous}
              disabled={isEmpty}
              onClick={onPrevious}
            >
              <PreviousTrackIcon className={styles.actionIcon} />
            </button>
          ) : null}
          <button
            type="button"
            className={styles.playButton}
            aria-label={pressWillPause ? labels.pause : labels.play}
            aria-busy={isBusy || undefined}
            disabled={isEmpty}
            onClick={onToggle}
          >
            {isBusy ? (
              <Spinner size="md" />
            ) : state === 'playing' ? (
              <PauseIcon />
            ) : state === 'ended' ? (
              <ReplayIcon />
            ) : (
              <PlayIcon />
            )}
          </button>
          {onNext ? (
            <button
              type="button"
              className={clsx(styles.iconButton, styles.skipButton)}
              aria-label={labels.next}
              title={labels.next}
              disabled={isEmpty || !hasNext}
              onClick={onNext}
            >
              <NextTrackIcon className={styles.actionIcon} />
            </button>
          ) : null}
          <div className={styles.progress}>
            <TimeText className={styles.time} seconds={shownTime} />
            <ProgressSlider
              className={styles.slider}
              value={canSeek ? shownTime : 0}
              max={canSeek ? duration : 0}
              bufferedValue={bufferedTime}
              label={labels.progress}
              getValueText={(time) =>
                `${formatPlaybackTime(time)} / ${formatPlaybackTime(duration)}`
              }
              disabled={!canSeek}
              onValueChange={setScrubTime}
              onValueCommit={commitSeek}
            />
            <TimeText className={styles.time} seconds={duration} />
          </div>
        </div>

        <div className={styles.actions}>
          <VolumeControl
            className={styles.volume}
            value={volume}
            muted={muted}
            onValueChange={onVolumeChange}
            onMutedChange={onMutedChange}
          />
          <button
            type="button"
            className={styles.lyricButton}
            disabled={isEmpty}
            onClick={onLyricClick}
          >
            <LyricIcon className={styles.actionIcon} />
            {/* Visually hidden on phones, where the button is only its icon. */}
            <span className={styles.lyricText}>{labels.lyric}</span>
          </button>
          {onHide ? (
            <button
              type="button"
              className={styles.iconButton}
              aria-label={labels.hide}
              title={labels.hide}
              onClick={onHide}
            >
              <HidePlayerIcon className={styles.actionIcon} />
            </button>
          ) : null}
        </div>
      </div>
    </section>
  )
}
PlayerBar.displayName = 'PlayerBar'

interface CoverProps {
  title: string
  coverUrl: string | null | undefined
  empty: boolean
}

/** The cover image, or a generated gradient when there is none or it fails to load. */
function Cover({ title, coverUrl, empty }: CoverProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null)
  if (coverUrl && failedUrl !== coverUrl) {
    return (
      <span className={styles.cover}>
        <img
          className={styles.coverImage}
          src={coverUrl}
          alt=""
          decoding="async"
          onError={() => setFailedUrl(coverUrl)}
        />
      </span>
    )
  }
  if (empty) {
    return (
      <span className={clsx(styles.cover, styles.coverEmpty)} data-fallback="" aria-hidden="true">
        <MusicNoteIcon />
      </span>
    )
  }
  return (
    <span
      className={clsx(styles.cover, styles.coverFallback, styles.artwork[fallbackArtwork(title)])}
      data-fallback=""
      aria-hidden="true"
    >
      {Array.from(title)[0]}
    </span>
  )
}
Cover.displayName = 'PlayerBar.Cover'
