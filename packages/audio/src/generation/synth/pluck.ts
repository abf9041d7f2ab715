import type { MixBus } from './bus'
import { onePoleCoefficient, softClip as sharedSoftClip } from './bus'
import type { NoteToPlay } from './note'

// Local bindings: a call through an imported binding can cost a property lookup per sample
// once the module is compiled to CommonJS (tsx, vitest), and these run millions of times.
const softClip = sharedSoftClip

/**
 * Karplus-Strong plucked string: a burst of noise circulating in a delay line one period long,
 * averaged each trip so high partials die first, which is what makes it sound like a string. A
 * first-order all-pass supplies the fractional part of the period so notes are in tune.
 * One instance owns one reusable delay line and noise source; it allocates nothing per note.
 */
export interface PluckOptions {
  /** 0..1: how bright the pick is (low-passes the initial noise). */
  brightness: number
  /** Seconds for the string to fall by 60 dB. */
  sustainSeconds: number
  /** 0 = clean; above 0 drives the string through a soft clipper (a rock guitar). */
  drive: number
}

export interface Pluck {
  play(bus: MixBus, note: NoteToPlay): void
}

export function createPluck(
  sampleRate: number,
  options: PluckOptions,
  nextRandom: () => number,
): Pluck {
  const maxPeriod = Math.ceil(sampleRate / 30) + 4
  const line = new Float32Array(maxPeriod)
  const pickCoefficient = onePoleCoefficient(800 + options.brightness * 9000, sampleRate)
  const releaseSamples = Math.round(0.08 * sampleRate)
  return {
    play(bus, note) {
      const period = sampleRate / note.frequency
      // The line holds the last `whole` outputs; averaging its oldest two samples puts the loop at
      // whole - 0.5 samples, and the all-pass adds the remaining fraction (kept within 0.1..1.1
      // where its delay is accurate at low frequencies).
      const whole = Math.max(2, Math.floor(period + 0.5 - 0.1))
      const fraction = period + 0.5 - whole
      const allPass = (1 - fraction) / (1 + fraction)
      // Loss per trip so the string decays by 60 dB in sustainSeconds regardless of pitch.
      const loss = Math.pow(0.001, period / (options.sustainSeconds * sampleRate))
      let smoothed = 0
      for (let index = 0; index < whole; index++) {
        smoothed += pickCoefficient * (nextRandom() * 2 - 1 - smoothed)
        line[index] = smoothed
      }
      const ringLength = Math.min(
        note.length + releaseSamples,
        Math.round(options.sustainSeconds * sampleRate),
      )
      const end = Math.min(bus.length, note.start + ringLength)
      const releaseStart = note.start + note.length
      const { left, right, reverbSend } = bus
      const gain = note.velocity * (options.drive > 0 ? 0.5 : 1.6)
      const drive = 1 + options.drive * 8
      let position = 0
      let previousInput = 0
      let previousOutput = 0
      for (let index = Math.max(0, note.start); index < end; index++) {
        const current = line[position] as number
        const nextPosition = position + 1 === whole ? 0 : position + 1
        const averaged = 0.5 * (current + (line[nextPosition] as number)) * loss
        const tuned = allPass * averaged + previousInput - allPass * previousOutput
        previousInput = averaged
        previousOutput = tuned
        line[position] = tuned
        position = nextPosition
        let sample = current
        if (options.drive > 0) sample = softClip(sample * drive)
        if (index >= releaseStart) sample *= 1 - (index - releaseStart) / releaseSamples
        sample *= gain
        left[index] = (left[index] as number) + sample * note.placement.left
        right[index] = (right[index] as number) + sample * note.placement.right
        reverbSend[index] = (reverbSend[index] as number) + sample * note.placement.send
      }
    },
  }
}
