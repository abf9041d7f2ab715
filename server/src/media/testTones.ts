/**
 * Synthetic audio for tests and the media benchmark: a tone whose pitch steps every second, so
 * a decoded excerpt shows where in the work it came from.
 */
import type { PcmAudio } from '@gy/audio'

export function steppedTone(seconds: number, sampleRate = 44100): PcmAudio {
  const length = Math.round(seconds * sampleRate)
  const left = new Float32Array(length)
  const right = new Float32Array(length)
  let phase = 0
  for (let index = 0; index < length; index++) {
    const second = Math.floor(index / sampleRate)
    const frequency = 220 * 2 ** ((second % 24) / 12)
    phase += (2 * Math.PI * frequency) / sampleRate
    const sample = 0.3 * Math.sin(phase)
    left[index] = sample
    right[index] = sample * 0.8
  }
  return { sampleRate, channels: [left, right] }
}
