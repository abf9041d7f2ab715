import type { MixBus } from './bus'
import { onePoleCoefficient, polyBlep as sharedPolyBlep } from './bus'
import type { NoteToPlay } from './note'

// Local bindings: a call through an imported binding can cost a property lookup per sample
// once the module is compiled to CommonJS (tsx, vitest), and these run millions of times.
const polyBlep = sharedPolyBlep

/**
 * A pad: two slightly detuned band-limited saws through a gentle two-pole low-pass, with a slow
 * swell and a long release so successive chords cross-fade into each other.
 */
export interface PadOptions {
  cutoffHz: number
  attackSeconds: number
  releaseSeconds: number
}

export function playPad(bus: MixBus, note: NoteToPlay, options: PadOptions): void {
  const sampleRate = bus.sampleRate
  const release = Math.round(options.releaseSeconds * sampleRate)
  const attack = Math.max(1, Math.round(options.attackSeconds * sampleRate))
  const end = Math.min(bus.length, note.start + note.length + release)
  const releaseStart = note.start + note.length
  const incrementA = (note.frequency * 1.004) / sampleRate
  const incrementB = (note.frequency * 0.996) / sampleRate
  const coefficient = onePoleCoefficient(options.cutoffHz, sampleRate)
  const { left, right, reverbSend } = bus
  const gain = note.velocity * 0.35
  // Start the two saws apart so they do not begin in phase (which would click).
  let phaseA = 0
  let phaseB = 0.37
  let stageOne = 0
  let stageTwo = 0
  for (let index = Math.max(0, note.start); index < end; index++) {
    const offset = index - note.start
    const sawA = 2 * phaseA - 1 - polyBlep(phaseA, incrementA)
    const sawB = 2 * phaseB - 1 - polyBlep(phaseB, incrementB)
    phaseA += incrementA
    if (phaseA >= 1) phaseA -= 1
    phaseB += incrementB
    if (phaseB >= 1) phaseB -= 1
    stageOne += coefficient * ((sawA + sawB) * 0.5 - stageOne)
    stageTwo += coefficient * (stageOne - stageTwo)
    let envelope = offset < attack ? offset / attack : 1
    if (index >= releaseStart) envelope *= 1 - (index - releaseStart) / release
    const sample = stageTwo * envelope * gain
    left[index] = (left[index] as number) + sample * note.placement.left
    right[index] = (right[index] as number) + sample * note.placement.right
    reverbSend[index] = (reverbSend[index] as number) + sample * note.placement.send
  }
}
