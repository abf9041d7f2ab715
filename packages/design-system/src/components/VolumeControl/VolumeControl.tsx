import { clsx } from 'clsx'
import type { Ref } from 'react'
import { VolumeHighIcon, VolumeLowIcon, VolumeMutedIcon } from '../private/playerIcons'
import { ProgressSlider } from '../ProgressSlider/ProgressSlider'
import { volumeControlStrings } from '../../strings'
import * as styles from './VolumeControl.css'

export interface VolumeControlProps {
  /** 0 to 1. */
  value: number
  muted: boolean
  /**
   * 0 to 1, live while dragging and on every keyboard step. Whether raising the volume also
   * unmutes is the owner's call (the player machine does it), so the control never sends both.
   */
  onValueChange: (value: number) => void
  onMutedChange: (muted: boolean) => void
  disabled?: boolean
  /** The slider's name; defaults to 音量. */
  label?: string
  muteLabel?: string
  unmuteLabel?: string
  className?: string
  ref?: Ref<HTMLDivElement>
}

const VOLUME_STEP = 0.05
const LOW_VOLUME = 0.5

/**
 * A mute button and a volume slider. Muted shows the slider at zero; the volume itself is kept,
 * so unmuting returns to it.
 */
export function VolumeControl({
  value,
  muted,
  onValueChange,
  onMutedChange,
  disabled = false,
  label = volumeControlStrings.volume,
  muteLabel = volumeControlStrings.mute,
  unmuteLabel = volumeControlStrings.unmute,
  className,
  ref,
}: VolumeControlProps) {
  const silent = muted || value <= 0
  const Icon = silent ? VolumeMutedIcon : value < LOW_VOLUME ? VolumeLowIcon : VolumeHighIcon

  return (
    <div ref={ref} className={clsx(styles.root, className)}>
      <button
        type="button"
        className={styles.muteButton}
        aria-label={muted ? unmuteLabel : muteLabel}
        aria-pressed={muted}
        disabled={disabled}
        onClick={() => onMutedChange(!muted)}
      >
        <Icon />
      </button>
      <ProgressSlider
        className={styles.slider}
        tone="neutral"
        value={muted ? 0 : value}
        max={1}
        step={VOLUME_STEP}
        label={label}
        disabled={disabled}
        getValueText={(volume) => `${Math.round(volume * 100)}%`}
        onValueChange={onValueChange}
        onValueCommit={onValueChange}
      />
    </div>
  )
}
VolumeControl.displayName = 'VolumeControl'
