import { clsx } from 'clsx'
import type { ComponentPropsWithRef } from 'react'
import * as styles from './TimeText.css'

/** Seconds that can be shown: NaN, Infinity (a live stream), negatives and nothing are unknown. */
function knownWholeSeconds(seconds: number | null | undefined): number | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) {
    return null
  }
  return Math.floor(seconds)
}

/**
 * mm:ss as the player shows it (SPEC.md section 9): 00:00 when the time is unknown, and minutes
 * are not folded into hours, so a 75-minute recording reads 75:03.
 */
export function formatPlaybackTime(seconds: number | null | undefined): string {
  const whole = knownWholeSeconds(seconds)
  if (whole === null) return '00:00'
  const minutes = String(Math.floor(whole / 60)).padStart(2, '0')
  return `${minutes}:${String(whole % 60).padStart(2, '0')}`
}

export interface TimeTextProps extends Omit<
  ComponentPropsWithRef<'time'>,
  'children' | 'dateTime'
> {
  /** A position or a duration in seconds; unknown values show as 00:00. */
  seconds: number | null | undefined
}

/** A playback time in tabular figures, so the digits do not jitter as they count. */
export function TimeText({ seconds, className, ...props }: TimeTextProps) {
  const whole = knownWholeSeconds(seconds)
  return (
    <time
      className={clsx(styles.root, className)}
      // A machine-readable duration (PT3M45S) for assistive tech and crawlers.
      dateTime={whole === null ? undefined : `PT${Math.floor(whole / 60)}M${whole % 60}S`}
      {...props}
    >
      {formatPlaybackTime(seconds)}
    </time>
  )
}
TimeText.displayName = 'TimeText'
