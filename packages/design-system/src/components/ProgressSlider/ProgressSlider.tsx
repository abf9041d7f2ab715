import { assignInlineVars } from '@vanilla-extract/dynamic'
import { clsx } from 'clsx'
import { Slider } from 'radix-ui'
import { useRef, useState, type Ref } from 'react'
import { strings } from '../../strings'
import * as styles from './ProgressSlider.css'

/** `accent` for playback progress; `neutral` for settings such as volume, turning accent on hover. */
export const progressSliderTones = ['accent', 'neutral'] as const
export type ProgressSliderTone = (typeof progressSliderTones)[number]

export interface ProgressSliderProps {
  /** Where playback is (or any value between `min` and `max`). Outside the range it is clamped. */
  value: number
  /** The end of the range, e.g. the duration in seconds. 0 or less (unknown) disables the slider. */
  max: number
  min?: number
  /** The keyboard step (arrows; Page Up/Down and Shift+arrows move ten) and the pointer's grain. */
  step?: number
  /**
   * While a pointer drags: the value under it, for a preview (the time text follows the thumb).
   * The keyboard does not preview; each key press commits at once.
   */
  onValueChange?: (value: number) => void
  /**
   * The value to act on (seek): once when a pointer drag ends, and on every keyboard step.
   * A drag always ends in exactly one commit, so a preview never outlives its gesture.
   */
  onValueCommit: (value: number) => void
  disabled?: boolean
  /** How far the media has loaded, in the same unit as `value`; drawn as a lighter track. */
  bufferedValue?: number
  /** The accessible name of the thumb. */
  label?: string
  /** What a screen reader says for a value, e.g. 01:23 / 03:45 instead of 83. */
  getValueText?: (value: number) => string
  tone?: ProgressSliderTone
  className?: string
  ref?: Ref<HTMLSpanElement>
}

function clamp(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min
  return Math.min(Math.max(value, min), max)
}

/**
 * A thin media progress bar on Radix Slider: arrow keys, Home/End and Page Up/Down work, the track
 * thickens and the thumb appears on hover or focus (as in NetEase Cloud Music and Spotify), and a
 * pointer drag previews through `onValueChange` and seeks once, on release, through `onValueCommit`.
 * While dragging the thumb follows the pointer and ignores `value`, so playback updates do not
 * pull it back.
 */
export function ProgressSlider({
  value,
  max,
  min = 0,
  step = 1,
  onValueChange,
  onValueCommit,
  disabled = false,
  bufferedValue,
  label = strings.playbackProgress,
  getValueText,
  tone = 'accent',
  className,
  ref,
}: ProgressSliderProps) {
  const [dragValue, setDragValue] = useState<number | null>(null)
  // Refs, because Radix reports the drag and its end inside one pointer event, before a re-render.
  const pointerDownRef = useRef(false)
  const dragValueRef = useRef<number | null>(null)

  const hasRange = max > min
  const isDisabled = disabled || !hasRange
  // Radix divides by (max - min); an unknown duration must not become a division by zero.
  const safeMax = hasRange ? max : min + 1
  const shownValue = hasRange ? clamp(dragValue ?? value, min, safeMax) : min
  const bufferedPercent =
    hasRange && bufferedValue !== undefined
      ? ((clamp(bufferedValue, min, safeMax) - min) / (safeMax - min)) * 100
      : 0

  function handleValueChange([next]: number[]) {
    // Keyboard changes arrive here too, right after their commit; only pointer drags preview.
    if (next === undefined || !pointerDownRef.current) return
    dragValueRef.current = next
    setDragValue(next)
    onValueChange?.(next)
  }

  function handleValueCommit([next]: number[]) {
    // A pointer drag is committed once, when the pointer is released (see endDrag).
    if (next === undefined || pointerDownRef.current) return
    onValueCommit(next)
  }

  function startDrag() {
    if (isDisabled) return
    pointerDownRef.current = true
  }

  // On the wrapper, so it runs after Radix's own pointerup handler on the slider inside it.
  // A cancelled pointer (the system took the gesture) keeps the value where the thumb is, as a
  // native range input does.
  function endDrag() {
    if (!pointerDownRef.current) return
    pointerDownRef.current = false
    const last = dragValueRef.current
    dragValueRef.current = null
    setDragValue(null)
    if (last !== null) onValueCommit(last)
  }

  return (
    <span
      ref={ref}
      className={clsx(styles.root, className)}
      data-dragging={dragValue === null ? undefined : ''}
      data-disabled={isDisabled ? '' : undefined}
      data-tone={tone}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
    >
      <Slider.Root
        className={styles.slider}
        value={[shownValue]}
        min={min}
        max={safeMax}
        step={step}
        disabled={isDisabled}
        onValueChange={handleValueChange}
        onValueCommit={handleValueCommit}
        onPointerDown={startDrag}
      >
        <Slider.Track className={styles.track}>
          {bufferedPercent > 0 ? (
            <span
              className={styles.buffered}
              style={assignInlineVars({ [styles.bufferedWidth]: `${bufferedPercent}%` })}
              aria-hidden="true"
            />
          ) : null}
          <Slider.Range className={styles.range} />
        </Slider.Track>
        <Slider.Thumb
          className={styles.thumb}
          aria-label={label}
          aria-valuetext={getValueText?.(shownValue)}
        />
      </Slider.Root>
    </span>
  )
}
ProgressSlider.displayName = 'ProgressSlider'
