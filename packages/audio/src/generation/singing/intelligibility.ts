/**
 * A measure of whether words are sung, not only vowels: syllable identification by template
 * matching. Each sung syllable's spectral-envelope trajectory (mel-frequency cepstra, frame by
 * frame) is compared by dynamic time warping with a spoken rendering of every distinct syllable
 * of the lyric; it is identified as the closest. A voice that sings only vowels can at best tell
 * syllables apart by their vowel; one that sings the words also gets their consonants right.
 */
import { stft } from '../../dsp/stft'

const MEL_BANDS = 26
const CEPSTRA = 12
const LOW_HZ = 100
const HIGH_HZ = 7000

const hzToMel = (hz: number) => 2595 * Math.log10(1 + hz / 700)
const melToHz = (mel: number) => 700 * (10 ** (mel / 2595) - 1)

/** Frames of mel cepstra c1..c12 (no c0, so the level does not count), 10 ms apart. */
export function cepstralFrames(samples: Float32Array, sampleRate: number): Float64Array[] {
  let frameSize = 256
  while (frameSize < sampleRate * 0.025) frameSize *= 2
  const hopSize = Math.round(sampleRate * 0.01)
  const spectrogram = stft(samples, { frameSize, hopSize, window: 'hann' })
  const { binCount, frameCount, real, imag } = spectrogram
  const binHz = sampleRate / frameSize
  const edges = Array.from({ length: MEL_BANDS + 2 }, (_, index) =>
    melToHz(hzToMel(LOW_HZ) + ((hzToMel(HIGH_HZ) - hzToMel(LOW_HZ)) * index) / (MEL_BANDS + 1)),
  )
  const energies: Float64Array[] = []
  let loudest = 0
  for (let frame = 0; frame < frameCount; frame++) {
    const bands = new Float64Array(MEL_BANDS)
    for (let band = 0; band < MEL_BANDS; band++) {
      const low = edges[band] as number
      const centre = edges[band + 1] as number
      const high = edges[band + 2] as number
      let sum = 0
      for (
        let bin = Math.floor(low / binHz);
        bin <= Math.ceil(high / binHz) && bin < binCount;
        bin++
      ) {
        const hz = bin * binHz
        const weight = hz < centre ? (hz - low) / (centre - low) : (high - hz) / (high - centre)
        if (weight <= 0) continue
        const index = frame * binCount + bin
        sum += weight * ((real[index] as number) ** 2 + (imag[index] as number) ** 2)
      }
      bands[band] = sum
      loudest = Math.max(loudest, sum)
    }
    energies.push(bands)
  }
  // A floor 50 dB under the loudest band keeps empty bands between a high voice's harmonics from
  // dominating the cepstrum.
  const floor = loudest * 1e-5 + 1e-12
  return energies.map((bands) => {
    const logs = Array.from(bands, (energy) => Math.log(energy + floor))
    const cepstra = new Float64Array(CEPSTRA)
    for (let order = 1; order <= CEPSTRA; order++) {
      let sum = 0
      for (let band = 0; band < MEL_BANDS; band++)
        sum += (logs[band] as number) * Math.cos((Math.PI * order * (band + 0.5)) / MEL_BANDS)
      cepstra[order - 1] = sum
    }
    return cepstra
  })
}

/** The frames of `samples` from the first to the last one within 35 dB of the loudest. */
export function trimmedFrames(samples: Float32Array, sampleRate: number): Float64Array[] {
  const hop = Math.round(sampleRate * 0.01)
  const levels: number[] = []
  for (let start = 0; start < samples.length; start += hop) {
    let sum = 0
    for (let index = start; index < Math.min(samples.length, start + hop); index++)
      sum += (samples[index] as number) ** 2
    levels.push(sum)
  }
  const loudest = Math.max(0, ...levels)
  const first = levels.findIndex((level) => level > loudest * 10 ** -3.5)
  const last = levels.findLastIndex((level) => level > loudest * 10 ** -3.5)
  if (first < 0) return []
  const from = Math.max(0, first * hop)
  const to = Math.min(samples.length, (last + 1) * hop)
  return cepstralFrames(samples.subarray(from, to), sampleRate)
}

/** Mean frame distance along the best dynamic-time-warping path between two trajectories. */
export function dtwDistance(a: readonly Float64Array[], b: readonly Float64Array[]): number {
  if (a.length === 0 || b.length === 0) return Number.POSITIVE_INFINITY
  const columns = b.length
  let previous = new Float64Array(columns + 1).fill(Number.POSITIVE_INFINITY)
  let current = new Float64Array(columns + 1)
  previous[0] = 0
  const steps: Float64Array[] = [new Float64Array(columns + 1), new Float64Array(columns + 1)]
  let previousSteps = steps[0] as Float64Array
  let currentSteps = steps[1] as Float64Array
  for (let row = 1; row <= a.length; row++) {
    current.fill(Number.POSITIVE_INFINITY)
    const frame = a[row - 1] as Float64Array
    for (let column = 1; column <= columns; column++) {
      const other = b[column - 1] as Float64Array
      let sum = 0
      for (let order = 0; order < frame.length; order++)
        sum += ((frame[order] as number) - (other[order] as number)) ** 2
      const cost = Math.sqrt(sum)
      const diagonal = previous[column - 1] as number
      const up = previous[column] as number
      const left = current[column - 1] as number
      let best = diagonal
      let length = (previousSteps[column - 1] as number) + 1
      if (up < best) {
        best = up
        length = (previousSteps[column] as number) + 1
      }
      if (left < best) {
        best = left
        length = (currentSteps[column - 1] as number) + 1
      }
      current[column] = best + cost
      currentSteps[column] = length
    }
    ;[previous, current] = [current, previous]
    ;[previousSteps, currentSteps] = [currentSteps, previousSteps]
  }
  return (previous[columns] as number) / Math.max(1, previousSteps[columns] as number)
}

/** Which template (by index) a trajectory is closest to. */
export function identify(
  sung: readonly Float64Array[],
  templates: readonly (readonly Float64Array[])[],
): number {
  let best = -1
  let bestDistance = Number.POSITIVE_INFINITY
  templates.forEach((template, index) => {
    const distance = dtwDistance(sung, template)
    if (distance < bestDistance) {
      bestDistance = distance
      best = index
    }
  })
  return best
}
