import { clsx } from 'clsx'
import { useEffect, useRef, useState, type ComponentPropsWithRef } from 'react'
import { AI_STRINGS } from '../../strings.ai'
import { Button } from '../Button/Button'
import { PauseIcon, PlayIcon } from '../private/icons'
import { DownloadIcon, VolumeHighIcon, VolumeMutedIcon } from '../private/playerIcons'
import { ProgressSlider } from '../ProgressSlider/ProgressSlider'
import { formatPlaybackTime, TimeText } from '../TimeText/TimeText'
import * as styles from './StemPlayer.css'

export interface StemTrack {
  id: string
  /** What the stem is, e.g. 人声 or 伴奏. */
  name: string
  /** What the player plays (a signed URL); empty while there is none. */
  url: string
  downloadUrl: string
}

export interface StemPlayerProps extends Omit<
  ComponentPropsWithRef<'section'>,
  'title' | 'children'
> {
  stems: readonly StemTrack[]
  title?: string
}

/** How far a stem may wander from the first before it is pulled back, in seconds. */
const DRIFT_TOLERANCE = 0.25
const VOLUME_STEP = 0.05

function knownDuration(element: HTMLAudioElement): number {
  return Number.isFinite(element.duration) && element.duration > 0 ? element.duration : 0
}

/**
 * The stems of a separation played together: one play/pause for all, one seek bar, and per stem
 * 独奏 (solo: the others fall silent; again to release), 静音, a volume and a download. It owns
 * its `<audio>` elements, one per stem, keeps them on the first one's clock, and pauses them when
 * it leaves the page. It does not touch the app's player.
 */
export function StemPlayer({ stems, title, className, ...props }: StemPlayerProps) {
  const audiosRef = useRef<HTMLDivElement>(null)
  const [playing, setPlaying] = useState(false)
  const [currentTime, setCurrentTime] = useState(0)
  const [duration, setDuration] = useState(0)
  const [soloId, setSoloId] = useState<string | null>(null)
  const [mutedIds, setMutedIds] = useState<readonly string[]>([])
  const [volumes, setVolumes] = useState<Readonly<Record<string, number>>>({})
  const copy = AI_STRINGS.stemPlayer

  /** The audio elements in the order of `stems`; the first keeps time for all. */
  function audios(): HTMLAudioElement[] {
    return Array.from(audiosRef.current?.querySelectorAll('audio') ?? [])
  }

  function silenced(id: string): boolean {
    return mutedIds.includes(id) || (soloId !== null && soloId !== id)
  }

  // Volume and silence go to the elements after every change.
  useEffect(() => {
    const elements = Array.from(audiosRef.current?.querySelectorAll('audio') ?? [])
    stems.forEach((stem, index) => {
      const element = elements[index]
      if (element === undefined) return
      element.volume = volumes[stem.id] ?? 1
      element.muted = mutedIds.includes(stem.id) || (soloId !== null && soloId !== stem.id)
    })
  }, [stems, volumes, mutedIds, soloId])

  // Leaving the page stops the sound: the elements go with the component, already paused.
  useEffect(() => {
    const container = audiosRef.current
    return () => {
      for (const element of Array.from(container?.querySelectorAll('audio') ?? [])) {
        element.pause()
      }
    }
  }, [])

  function play(): void {
    const elements = audios()
    const lead = elements[0]
    if (lead === undefined) return
    const start = lead.ended ? 0 : lead.currentTime
    for (const element of elements) element.currentTime = start
    setPlaying(true)
    Promise.all(elements.map((element) => element.play())).catch(() => pause())
  }

  function pause(): void {
    for (const element of audios()) element.pause()
    setPlaying(false)
  }

  function seek(time: number): void {
    for (const element of audios()) element.currentTime = time
    setCurrentTime(time)
  }

  function followLead(lead: HTMLAudioElement): void {
    setCurrentTime(lead.currentTime)
    for (const element of audios()) {
      if (element === lead || element.paused) continue
      if (Math.abs(element.currentTime - lead.currentTime) > DRIFT_TOLERANCE) {
        element.currentTime = lead.currentTime
      }
    }
  }

  function updateDuration(): void {
    setDuration(Math.max(0, ...audios().map(knownDuration)))
  }

  function toggleMuted(id: string): void {
    setMutedIds((current) =>
      current.includes(id) ? current.filter((candidate) => candidate !== id) : [...current, id],
    )
  }

  function setVolume(id: string, value: number): void {
    setVolumes((current) => ({ ...current, [id]: value }))
  }

  const canPlay = stems.some((stem) => stem.url !== '')

  return (
    <section
      className={clsx(styles.root, className)}
      aria-label={title ?? copy.region}
      data-state={playing ? 'playing' : 'paused'}
      {...props}
    >
      {title ? <h3 className={styles.title}>{title}</h3> : null}

      <div className={styles.transport}>
        <button
          type="button"
          className={styles.playButton}
          aria-label={playing ? copy.pause : copy.play}
          disabled={!canPlay}
          onClick={playing ? pause : play}
        >
          {playing ? <PauseIcon /> : <PlayIcon />}
        </button>
        <div className={styles.seek}>
          <TimeText seconds={currentTime} />
          <ProgressSlider
            value={currentTime}
            max={duration}
            label={copy.seek}
            getValueText={(time) => `${formatPlaybackTime(time)} / ${formatPlaybackTime(duration)}`}
            onValueCommit={seek}
          />
          <TimeText seconds={duration} />
        </div>
      </div>

      <ul className={styles.stems}>
        {stems.map((stem) => {
          const soloed = soloId === stem.id
          const muted = mutedIds.includes(stem.id)
          const volume = volumes[stem.id] ?? 1
          return (
            <li
              key={stem.id}
              className={styles.stem}
              data-state={silenced(stem.id) ? 'silent' : 'audible'}
            >
              <div className={styles.stemHead}>
                <span className={styles.stemName} title={stem.name}>
                  {stem.name}
                </span>
                {stem.downloadUrl ? (
                  <Button asChild variant="ghost" size="sm">
                    <a href={stem.downloadUrl} download aria-label={copy.downloadName(stem.name)}>
                      <DownloadIcon className={styles.downloadIcon} />
                      {copy.download}
                    </a>
                  </Button>
                ) : null}
              </div>
              <div className={styles.stemControls}>
                <button
                  type="button"
                  className={styles.toggle}
                  aria-pressed={soloed}
                  aria-label={copy.soloName(stem.name)}
                  onClick={() => setSoloId(soloed ? null : stem.id)}
                >
                  {copy.solo}
                </button>
                <button
                  type="button"
                  className={styles.toggle}
                  aria-pressed={muted}
                  aria-label={copy.muteName(stem.name)}
                  onClick={() => toggleMuted(stem.id)}
                >
                  {copy.mute}
                </button>
                {silenced(stem.id) || volume <= 0 ? (
                  <VolumeMutedIcon className={styles.volumeIcon} />
                ) : (
                  <VolumeHighIcon className={styles.volumeIcon} />
                )}
                <ProgressSlider
                  className={styles.volume}
                  tone="neutral"
                  value={volume}
                  max={1}
                  step={VOLUME_STEP}
                  label={copy.volumeName(stem.name)}
                  getValueText={(value) => `${Math.round(value * 100)}%`}
                  onValueChange={(value) => setVolume(stem.id, value)}
                  onValueCommit={(value) => setVolume(stem.id, value)}
                />
              </div>
            </li>
          )
        })}
      </ul>

      <div ref={audiosRef} hidden>
        {stems.map((stem, index) => (
          <audio
            key={stem.id}
            src={stem.url || undefined}
            preload="metadata"
            data-stem-id={stem.id}
            onLoadedMetadata={updateDuration}
            onDurationChange={updateDuration}
            // The first element keeps time; the others follow it.
            onTimeUpdate={index === 0 ? (event) => followLead(event.currentTarget) : undefined}
            onSeeked={
              index === 0 ? (event) => setCurrentTime(event.currentTarget.currentTime) : undefined
            }
            // Ended, or paused from outside (the system's media keys): the others stop too.
            onPause={index === 0 ? pause : undefined}
            onEnded={index === 0 ? pause : undefined}
          />
        ))}
      </div>
    </section>
  )
}
StemPlayer.displayName = 'StemPlayer'
