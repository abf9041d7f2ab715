import type { MixBus } from './bus'
import {
  onePoleCoefficient,
  polyBlep as sharedPolyBlep,
  sineCycles as sharedSineCycles,
} from './bus'
import type { NoteToPlay } from './note'

// Local bindings: a call through an imported binding can cost a property lookup per sample
// once the module is compiled to CommonJS (tsx, vitest), and these run millions of times.
const sineCycles = sharedSineCycles
const polyBlep = sharedPolyBlep

/**
 * Instrumental leads for songs without a voice: a breathy flute (sine with a touch of second
 * harmonic and noise) and a synth lead (a saw through a low-pass), both with delayed vibrato.
 */
export type WindTone = 'flute' | 'synth'

export function createWindLead(sampleRate: number, seed: number, tone: WindTone) {
  let noiseState = (seed | 0) === 0 ? 0x7654321 : seed | 0
  const attack = Math.round((tone === 'flute' ? 0.05 : 0.012) * sampleRate)
  const release = Math.round(0.1 * sampleRate)
  const vibratoDelay = Math.round(0.2 * sampleRate)
  const vibratoIncrement = 5 / sampleRate
  const cutoff = onePoleCoefficient(tone === 'flute' ? 5000 : 2600, sampleRate)
  return {
    play(bus: MixBus, note: NoteToPlay): void {
      const end = Math.min(bus.length, note.start + note.length + release)
      const releaseStart = note.start + note.length
      const { left, right, reverbSend } = bus
      let phase = 0
      let vibratoPhase = 0
      let filtered = 0
      const gain = note.velocity * (tone === 'flute' ? 0.55 : 0.4)
      for (let index = Math.max(0, note.start); index < end; index++) {
        const offset = index - note.start
        noiseState ^= noiseState << 13
        noiseState ^= noiseState >>> 17
        noiseState ^= noiseState << 5
        const breath = (noiseState | 0) / 2147483648
        const depth = offset < vibratoDelay ? 0 : 0.012
        const increment = (note.frequency * (1 + sineCycles(vibratoPhase) * depth)) / sampleRate
        vibratoPhase += vibratoIncrement
        let raw: number
        if (tone === 'flute') {
          raw = sineCycles(phase) + 0.18 * sineCycles(phase * 2) + breath * 0.08
        } else {
          raw = 2 * phase - 1 - polyBlep(phase, increment)
        }
        phase += increment
        if (phase >= 1) phase -= 1
        filtered += cutoff * (raw - filtered)
        let envelope = offset < attack ? offset / attack : 1
        if (index >= releaseStart) envelope *= 1 - (index - releaseStart) / release
        const sample = filtered * envelope * gain
        left[index] = (left[index] as number) + sample * note.placement.left
        right[index] = (right[index] as number) + sample * note.placement.right
        reverbSend[index] = (reverbSend[index] as number) + sample * note.placement.send
      }
    },
  }
}
