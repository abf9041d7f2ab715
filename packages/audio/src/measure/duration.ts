import { frameCount } from '../mix'
import type { PcmAudio } from '../types'

export function durationSeconds(audio: PcmAudio): number {
  return audio.sampleRate > 0 ? frameCount(audio) / audio.sampleRate : 0
}

/** mm:ss as the product shows times (00:00 when there is nothing); minutes grow past 59. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return '00:00'
  const whole = Math.floor(seconds)
  const minutes = Math.floor(whole / 60)
  const rest = whole % 60
  return `${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`
}
