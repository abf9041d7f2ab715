/**
 * How much each bin of the spectrogram belongs to the tracked lead voice, from its melody alone.
 *
 * - Harmonics: in a voiced frame, bins near h·f0 (h = 1, 2, …) belong to the voice. A harmonic's
 *   width follows how far the pitch moves around that frame (vibrato, glides), scaled by h, since
 *   the h-th harmonic swings h times as far as the fundamental.
 * - Reverb: the vocal stem of a produced song carries its reverb (as in the MUSDB references), so
 *   a bin keeps a decaying share of the voice after its harmonic stops: the evidence of the frame
 *   before, times exp(−hop / decay).
 * - Consonants: just before a voiced stretch starts (and above the resolved harmonics during one)
 *   the voice has unpitched energy (s, sh, breaths) that no f0 explains; there the lead cue
 *   abstains and leaves the bin to the other cues.
 * Everything else (bins between harmonics, frames where nothing is sung) is evidence against the
 * voice.
 */
import type { MelodyTrack } from './melody'

export interface LeadMaskSettings {
  binHz: number
  frameSeconds: number
  /** Bins above this frequency are not read as harmonics (they blur into each other). */
  harmonicCeilingHz: number
  /** Time constant of the reverb tail, in seconds. */
  reverbSeconds: number
  /** How long before a voiced stretch consonants are expected, in seconds. */
  consonantLeadSeconds: number
  /** Consonant energy is expected above this frequency. */
  consonantFloorHz: number
}

/** Evidence that a bin is the lead voice: 0 (no), 1 (yes), or NaN (the cue abstains). */
export function leadEvidence(
  track: MelodyTrack,
  frameCount: number,
  bins: number,
  settings: LeadMaskSettings,
): Float32Array {
  const evidence = new Float32Array(frameCount * bins)
  const { binHz } = settings
  const decay = Math.exp(-settings.frameSeconds / Math.max(1e-3, settings.reverbSeconds))
  const ceilingBin = Math.min(bins, Math.ceil(settings.harmonicCeilingHz / binHz))
  const consonantFloorBin = Math.min(bins, Math.floor(settings.consonantFloorHz / binHz))
  const consonantFrames = Math.round(settings.consonantLeadSeconds / settings.frameSeconds)
  const frequency = track.frequency

  for (let t = 0; t < frameCount; t++) {
    const row = t * bins
    // The reverb tail first, so a harmonic that is sung now can only raise it.
    if (t > 0) {
      const previousRow = row - bins
      for (let k = 0; k < bins; k++) {
        const before = evidence[previousRow + k]!
        evidence[row + k] = before === before ? before * decay : 0
      }
    }
    const f0 = frequency[t]!
    if (f0 > 0) {
      // How far the pitch moves over the neighbouring frames: the harmonic's spread in this frame.
      let swing = 0
      for (let u = Math.max(0, t - 1); u <= Math.min(frameCount - 1, t + 1); u++) {
        if (frequency[u]! > 0) swing = Math.max(swing, Math.abs(frequency[u]! - f0))
      }
      for (let h = 1; h * f0 < ceilingBin * binHz; h++) {
        const centre = (h * f0) / binHz
        // A sinusoid in a Hann-type window is about two bins wide; vibrato widens it.
        const width = 0.8 + (0.5 * h * swing) / binHz
        const from = Math.max(0, Math.floor(centre - 3 * width))
        const to = Math.min(ceilingBin - 1, Math.ceil(centre + 3 * width))
        for (let k = from; k <= to; k++) {
          const distance = (k - centre) / width
          const value = Math.exp(-0.5 * distance * distance)
          if (value > evidence[row + k]!) evidence[row + k] = value
        }
      }
      // Above the resolved harmonics: breath and sibilance, left to the other cues.
      for (let k = ceilingBin; k < bins; k++) evidence[row + k] = Number.NaN
    } else if (consonantFrames > 0) {
      let upcoming = false
      for (let u = t + 1; u <= Math.min(frameCount - 1, t + consonantFrames); u++) {
        if (frequency[u]! > 0) {
          upcoming = true
          break
        }
      }
      if (upcoming) for (let k = consonantFloorBin; k < bins; k++) evidence[row + k] = Number.NaN
    }
  }
  return evidence
}
