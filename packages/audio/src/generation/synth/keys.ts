import type { MixBus } from './bus'
import { decayFactor, sineCycles as sharedSineCycles } from './bus'
import type { NoteToPlay } from './note'

// Local bindings: a call through an imported binding can cost a property lookup per sample
// once the module is compiled to CommonJS (tsx, vitest), and these run millions of times.
const sineCycles = sharedSineCycles

/**
 * An electric-piano-like key: two-operator FM (a sine modulating a sine at the same frequency)
 * whose modulation index falls faster than the note, so the attack is bright and the tail mellow.
 */
export interface KeysOptions {
  /** 0..1: how much bell-like brightness the attack has. */
  brightness: number
  decaySeconds: number
}

export function playKeys(bus: MixBus, note: NoteToPlay, options: KeysOptions): void {
  const sampleRate = bus.sampleRate
  const release = Math.round(0.12 * sampleRate)
  const end = Math.min(bus.length, note.start + note.length + release)
  const increment = note.frequency / sampleRate
  const ampDecay = decayFactor(options.decaySeconds, sampleRate)
  const indexDecay = decayFactor(options.decaySeconds * 0.25, sampleRate)
  const attack = Math.round(0.004 * sampleRate)
  const releaseStart = note.start + note.length
  const { left, right, reverbSend } = bus
  let amplitude = note.velocity * 0.9
  let modulationIndex = 0.6 + 1.8 * options.brightness * note.velocity
  let phase = 0
  for (let index = Math.max(0, note.start); index < end; index++) {
    const offset = index - note.start
    const modulator = sineCycles(phase) * modulationIndex * 0.16
    let sample = sineCycles(phase + modulator) * amplitude
    if (offset < attack) sample *= offset / attack
    if (index >= releaseStart) sample *= 1 - (index - releaseStart) / release
    left[index] = (left[index] as number) + sample * note.placement.left
    right[index] = (right[index] as number) + sample * note.placement.right
    reverbSend[index] = (reverbSend[index] as number) + sample * note.placement.send
    phase += increment
    if (phase >= 1) phase -= 1
    amplitude *= ampDecay
    modulationIndex = 0.3 + (modulationIndex - 0.3) * indexDecay
  }
}
