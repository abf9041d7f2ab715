/**
 * The stereo cue, adapted to where the lead actually sits in the mix.
 *
 * A fixed "the voice is dead centre" rule fails on produced mixes: the lead may be panned a little,
 * its reverb and doubles are wide, and the bass and kick are centred too. So the lead's image is
 * measured on the bins the melody tracker attributes to it: the magnitude-weighted mean and spread
 * of their panning index, and their typical inter-channel coherence. A bin is then held against the
 * voice by how far it lies from that image, in units of that spread; and the cue's weight shrinks
 * when the lead's bins are hardly more coherent or concentrated than the rest of the mix (then the
 * stereo picture says little about who is singing). Mono input has no stereo cue at all.
 */
import type { Spectrogram } from '../dsp/stft'

export interface StereoImage {
  /** Panning index of the lead, −1 (right) … 1 (left), as (|L|² − |R|²) / (|L|² + |R|²). */
  pan: number
  /** Magnitude-weighted standard deviation of the lead bins' panning index. */
  panSpread: number
  /** Magnitude-weighted mean coherence cos(phase difference) of the lead bins. */
  coherence: number
  /** Same coherence over all other bins, for comparison. */
  otherCoherence: number
  /** Power-weighted share of lead bins used to measure; 0 when no lead bin was found. */
  support: number
}

interface BinStereo {
  pan: number
  coherence: number
  power: number
}

/**
 * Pan, coherence and power of one bin, written into `out` (one object reused for every bin of the
 * song: an object per bin cost more in garbage collection than the arithmetic).
 */
function binStereo(left: Spectrogram, right: Spectrogram, index: number, out: BinStereo): void {
  const lr = left.real[index]!
  const li = left.imag[index]!
  const rr = right.real[index]!
  const ri = right.imag[index]!
  const leftPower = lr * lr + li * li
  const rightPower = rr * rr + ri * ri
  const power = leftPower + rightPower
  if (power <= 1e-20) {
    out.pan = 0
    out.coherence = 1
    out.power = 0
    return
  }
  out.pan = (leftPower - rightPower) / power
  out.coherence = (lr * rr + li * ri) / Math.sqrt(leftPower * rightPower + 1e-30)
  out.power = power
}

/**
 * Measures the lead's image on bins whose lead evidence (see leadEvidence) is at least 0.5, over
 * the first `bins` bins of each frame of the two spectrograms.
 */
export function measureStereoImage(
  left: Spectrogram,
  right: Spectrogram,
  evidence: Float32Array,
  bins: number,
): StereoImage {
  const { frameCount, binCount } = left
  let leadWeight = 0
  let panSum = 0
  let panSquares = 0
  let coherenceSum = 0
  let otherWeight = 0
  let otherCoherence = 0
  const bin: BinStereo = { pan: 0, coherence: 1, power: 0 }
  for (let t = 0; t < frameCount; t++) {
    for (let k = 1; k < bins; k++) {
      binStereo(left, right, t * binCount + k, bin)
      if (bin.power === 0) continue
      const weight = Math.sqrt(bin.power)
      // NaN evidence (the lead cue abstains) is neither lead nor other.
      const lead = evidence[t * bins + k]!
      if (lead >= 0.5) {
        leadWeight += weight
        panSum += weight * bin.pan
        panSquares += weight * bin.pan * bin.pan
        coherenceSum += weight * bin.coherence
      } else if (lead < 0.1) {
        otherWeight += weight
        otherCoherence += weight * bin.coherence
      }
    }
  }
  if (leadWeight === 0) {
    return { pan: 0, panSpread: 0, coherence: 1, otherCoherence: 1, support: 0 }
  }
  const pan = panSum / leadWeight
  return {
    pan,
    panSpread: Math.sqrt(Math.max(0, panSquares / leadWeight - pan * pan)),
    coherence: coherenceSum / leadWeight,
    otherCoherence: otherWeight > 0 ? otherCoherence / otherWeight : 1,
    support: leadWeight / (leadWeight + otherWeight),
  }
}

export interface StereoCueSettings {
  /** Overall weight of the cue's log-odds. */
  weight: number
  /** Smallest pan width (the spread used when the lead's measured spread is narrower). */
  minimumPanWidth: number
  /** Exponent on the coherence term. */
  phaseExponent: number
  /**
   * How far the lead's own evidence silences the cue (0..1): the voice's reverb and doubles are
   * wide and decorrelated, yet belong to the vocal stem.
   */
  leadShield: number
}

/**
 * Adds the stereo cue's log-odds to `score` (frames × binCount) for every bin. One-sided: a bin far
 * from the lead's image counts against the voice, a bin at the lead's image earns no credit (bass
 * and kick sit there too).
 */
export function applyStereoCue(
  left: Spectrogram,
  right: Spectrogram,
  image: StereoImage,
  score: Float32Array,
  settings: StereoCueSettings,
  evidence?: { values: Float32Array; bins: number },
): void {
  const { frameCount, binCount } = left
  // With too little lead found to measure, fall back to the centre and the default width.
  const measured = image.support > 0.02
  const centre = measured ? image.pan : 0
  const width = Math.max(settings.minimumPanWidth, measured ? 2 * image.panSpread : 0)
  // A lead that is no more coherent than the rest of the mix makes the phase term uninformative.
  const phaseContrast = measured
    ? Math.max(0, Math.min(1, (image.coherence - image.otherCoherence) / 0.3))
    : 1
  const phaseWeight = settings.phaseExponent * phaseContrast
  const weight = settings.weight
  const bin: BinStereo = { pan: 0, coherence: 1, power: 0 }
  for (let t = 0; t < frameCount; t++) {
    for (let k = 0; k < binCount; k++) {
      const index = t * binCount + k
      binStereo(left, right, index, bin)
      if (bin.power === 0) continue
      const phase = Math.max(1e-3, (1 + bin.coherence) / 2)
      const offImage = ((bin.pan - centre) / width) ** 2 - phaseWeight * Math.log(phase)
      let shield = 1
      if (evidence && k < evidence.bins) {
        const lead = evidence.values[t * evidence.bins + k]!
        if (lead === lead) shield = 1 - settings.leadShield * lead
      }
      score[index]! -= weight * shield * Math.min(6, offImage)
    }
  }
}

/** Each bin's panning index and inter-channel coherence, over the first `bins` bins of each frame. */
export interface StereoPositions {
  pan: Float32Array
  coherence: Float32Array
}

export function measureStereoPositions(
  left: Spectrogram,
  right: Spectrogram,
  bins: number,
): StereoPositions {
  const { frameCount, binCount } = left
  const pan = new Float32Array(frameCount * bins)
  const coherence = new Float32Array(frameCount * bins)
  const bin: BinStereo = { pan: 0, coherence: 1, power: 0 }
  for (let t = 0; t < frameCount; t++) {
    for (let k = 0; k < bins; k++) {
      binStereo(left, right, t * binCount + k, bin)
      pan[t * bins + k] = bin.pan
      coherence[t * bins + k] = bin.coherence
    }
  }
  return { pan, coherence }
}
