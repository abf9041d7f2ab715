import type { MixBus } from './bus'
import {
  decayFactor,
  onePoleCoefficient,
  polyBlep as sharedPolyBlep,
  sineCycles as sharedSineCycles,
  softClip as sharedSoftClip,
} from './bus'
import type { NoteToPlay } from './note'

// Local bindings: a call through an imported binding can cost a property lookup per sample
// once the module is compiled to CommonJS (tsx, vitest), and these run millions of times.
const softClip = sharedSoftClip
const sineCycles = sharedSineCycles
const polyBlep = sharedPolyBlep

/**
 * Bass voices. `electric`: a saw and a sine an octave down through a low-pass that closes after the
 * attack (a plucked electric bass, roughly). `sub`: an 808-style sine with a short downward glide
 * and a long tail, gently saturated so it is heard on small speakers.
 */
export type BassTone = 'electric' | 'sub'

export function playBass(bus: MixBus, note: NoteToPlay, tone: BassTone, brightness: number): void {
  const sampleRate = bus.sampleRate
  const release = Math.round(0.05 * sampleRate)
  const end = Math.min(bus.length, note.start + note.length + release)
  const releaseStart = note.start + note.length
  const attack = Math.round(0.003 * sampleRate)
  const { left, right, reverbSend } = bus
  const increment = note.frequency / sampleRate
  const decay = decayFactor(tone === 'sub' ? 1.6 : 2.2, sampleRate)
  const filterDecay = decayFactor(0.25, sampleRate)
  const baseCutoff = 180 + brightness * 500
  let cutoffBoost = 1200 * brightness + 300
  let amplitude = note.velocity
  let phase = 0
  let coefficient = onePoleCoefficient(baseCutoff + cutoffBoost, sampleRate)
  let filtered = 0
  let filteredTwice = 0
  for (let index = Math.max(0, note.start); index < end; index++) {
    const offset = index - note.start
    let sample: number
    if (tone === 'sub') {
      // The 808 glide: starts a little sharp and settles on the note within ~40 ms.
      const glide = 1 + 0.12 * Math.exp(-offset / (0.04 * sampleRate))
      phase += increment * glide
      if (phase >= 1) phase -= 1
      sample = softClip(sineCycles(phase) * 1.6) * 0.9
    } else {
      const saw = 2 * phase - 1 - polyBlep(phase, increment)
      phase += increment
      if (phase >= 1) phase -= 1
      // The filter sweep is slow next to the sample rate: recompute its coefficient every 32 samples.
      if ((offset & 31) === 0)
        coefficient = onePoleCoefficient(baseCutoff + cutoffBoost, sampleRate)
      cutoffBoost *= filterDecay
      filtered += coefficient * (saw - filtered)
      filteredTwice += coefficient * (filtered - filteredTwice)
      sample = filteredTwice * 0.9 + sineCycles(phase) * 0.5
    }
    sample *= amplitude
    amplitude *= decay
    if (offset < attack) sample *= offset / attack
    if (index >= releaseStart) sample *= 1 - (index - releaseStart) / release
    left[index] = (left[index] as number) + sample * note.placement.left
    right[index] = (right[index] as number) + sample * note.placement.right
    reverbSend[index] = (reverbSend[index] as number) + sample * note.placement.send
  }
}
