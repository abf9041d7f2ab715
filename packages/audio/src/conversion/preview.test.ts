import { describe, expect, it } from 'vitest'
import { integratedLoudness } from '../measure/loudness'
import { medianVoicedPitch, trackPitch } from './pitch'
import { singerPreview } from './preview'
import { SINGER_PRESETS } from './singers'

describe('singer previews', () => {
  it('sings a few seconds in each preset, pitched as the preset says, at the loudness target', () => {
    const pitches = new Map<string, number>()
    for (const preset of SINGER_PRESETS) {
      const preview = singerPreview(preset.id)
      const channel = preview.channels[0] as Float32Array
      expect(channel.length / preview.sampleRate).toBeGreaterThan(4)
      expect(integratedLoudness(preview)).toBeCloseTo(-14, 0)
      pitches.set(preset.id, medianVoicedPitch(trackPitch(channel, preview.sampleRate)))
    }
    // The phrase's median note is C4 (about 262 Hz) before a preset moves it.
    for (const preset of SINGER_PRESETS) {
      const expected = 261.6 * 2 ** (preset.pitchOffset / 12)
      const measured = pitches.get(preset.id) ?? 0
      expect(Math.abs(12 * Math.log2(measured / expected))).toBeLessThan(1.5)
    }
  })
})
