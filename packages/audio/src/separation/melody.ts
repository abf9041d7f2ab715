/**
 * Predominant-melody tracking for the separation: which pitch the lead voice sings in each STFT
 * frame, or that it is silent.
 *
 * Salience is harmonic summation over the magnitude spectrogram (as in Salamon and Gómez's
 * Melodia): for every candidate f0 on a 10-cent grid from 80 Hz to 1 kHz, the cube-root
 * compressed magnitudes at its first harmonics, read between bins by linear interpolation and
 * weighted 0.8^(h−1), are summed. Cube-root compression keeps one loud partial (a bass note, a kick)
 * from outweighing a voice's many partials, and the decaying weights make the true f0 outscore its
 * octave below (which collects only the even harmonics).
 *
 * The path is chosen by Viterbi decoding over the candidates plus one "unvoiced" state: a jump costs
 * in proportion to its size in cents (so glides and vibrato are cheap, octave jumps dear), voicing
 * changes cost a constant, and the unvoiced state's emission is a salience threshold relative to
 * the block's loud frames. The L1 jump cost lets the best predecessor of every state be found with
 * two linear sweeps (a distance transform), so a frame costs O(candidates), not O(candidates²).
 */

/** What the tracker needs to know about the spectrogram it reads. */
export interface MelodyAnalysis {
  /** Hz between adjacent bins. */
  binHz: number
  /** Seconds between adjacent frames. */
  frameSeconds: number
}

export interface MelodyTuning {
  /** Lowest and highest f0 considered, in Hz. */
  minimumHz: number
  maximumHz: number
  /** Highest frequency a harmonic is read at, in Hz. */
  harmonicCeilingHz: number
  /** Most harmonics summed per candidate. */
  harmonicCount: number
  /** Weight of harmonic h is harmonicDecay^(h−1). */
  harmonicDecay: number
  /** Log-probability cost of a jump per semitone. */
  jumpCostPerSemitone: number
  /** Log-probability cost of switching between voiced and unvoiced. */
  voicingSwitchCost: number
  /**
   * Salience, as a fraction of the block's loud-frame salience (its 90th percentile of per-frame
   * maxima), at which voiced and unvoiced are equally likely.
   */
  voicingThreshold: number
  /** Half-width in Hz of the local mean subtracted from the spectrum before summing (0: none). */
  whiteningHz: number
}

export const DEFAULT_MELODY_TUNING: MelodyTuning = {
  minimumHz: 80,
  maximumHz: 1000,
  harmonicCeilingHz: 5000,
  harmonicCount: 16,
  harmonicDecay: 0.8,
  jumpCostPerSemitone: 0.35,
  voicingSwitchCost: 3,
  voicingThreshold: 0.45,
  whiteningHz: 150,
}

export interface MelodyTrack {
  /** f0 in Hz per frame; 0 where the lead is judged silent. */
  frequency: Float32Array
  /** Salience of the chosen f0 relative to the block's loud frames (0 where unvoiced). */
  strength: Float32Array
}

const CENTS_PER_STEP = 10

/**
 * Tracks the predominant melody of a row-major frames × `bins` magnitude spectrogram (any
 * magnitude: the separation passes the part that does not repeat, where the voice stands out).
 */
export function trackMelody(
  magnitude: Float32Array,
  frameCount: number,
  bins: number,
  analysis: MelodyAnalysis,
  overrides: Partial<MelodyTuning> = {},
): MelodyTrack {
  const tuning = { ...DEFAULT_MELODY_TUNING, ...overrides }
  const frequency = new Float32Array(frameCount)
  const strength = new Float32Array(frameCount)
  const stepCount =
    Math.floor((1200 * Math.log2(tuning.maximumHz / tuning.minimumHz)) / CENTS_PER_STEP) + 1
  if (frameCount === 0 || stepCount < 2) return { frequency, strength }
  const candidateHz = new Float32Array(stepCount)
  for (let i = 0; i < stepCount; i++) {
    candidateHz[i] = tuning.minimumHz * 2 ** ((i * CENTS_PER_STEP) / 1200)
  }

  const salience = harmonicSalience(
    magnitude,
    frameCount,
    bins,
    analysis.binHz,
    candidateHz,
    tuning,
  )
  const reference = loudFrameSalience(salience, frameCount, stepCount)
  if (reference <= 0) return { frequency, strength }

  const path = decodePath(salience, frameCount, stepCount, reference, tuning)
  for (let t = 0; t < frameCount; t++) {
    const state = path[t]!
    if (state < 0) continue
    // Parabolic refinement between grid steps, for harmonics placed to a fraction of a bin.
    const row = t * stepCount
    const centre = salience[row + state]!
    let offset = 0
    if (state > 0 && state < stepCount - 1) {
      const below = salience[row + state - 1]!
      const above = salience[row + state + 1]!
      const curvature = below - 2 * centre + above
      if (curvature < 0) offset = Math.max(-0.5, Math.min(0.5, (0.5 * (below - above)) / curvature))
    }
    frequency[t] = tuning.minimumHz * 2 ** (((state + offset) * CENTS_PER_STEP) / 1200)
    strength[t] = centre / reference
  }
  return { frequency, strength }
}

function harmonicSalience(
  magnitude: Float32Array,
  frameCount: number,
  bins: number,
  binHz: number,
  candidateHz: Float32Array,
  tuning: MelodyTuning,
): Float32Array {
  const stepCount = candidateHz.length
  const salience = new Float32Array(frameCount * stepCount)
  const compressed = new Float32Array(bins)
  const scratch = new Float32Array(bins + 1)
  const ceiling = Math.min(tuning.harmonicCeilingHz, (bins - 2) * binHz)
  const weights = Float32Array.from(
    { length: tuning.harmonicCount },
    (_, h) => tuning.harmonicDecay ** h,
  )
  // Where each candidate's harmonics fall between bins is the same in every frame: found once.
  const harmonicCount = tuning.harmonicCount
  const harmonicsOf = new Int32Array(stepCount)
  const lowBin = new Int32Array(stepCount * harmonicCount)
  const fractionAbove = new Float64Array(stepCount * harmonicCount)
  for (let i = 0; i < stepCount; i++) {
    const f0Bins = candidateHz[i]! / binHz
    harmonicsOf[i] = Math.min(harmonicCount, Math.floor(ceiling / candidateHz[i]!))
    for (let h = 0; h < harmonicsOf[i]!; h++) {
      const position = f0Bins * (h + 1)
      const low = Math.floor(position)
      lowBin[i * harmonicCount + h] = low
      fractionAbove[i * harmonicCount + h] = position - low
    }
  }
  for (let t = 0; t < frameCount; t++) {
    const row = t * bins
    for (let k = 0; k < bins; k++) compressed[k] = Math.cbrt(magnitude[row + k]!)
    if (tuning.whiteningHz > 0)
      whiten(compressed, Math.max(1, Math.round(tuning.whiteningHz / binHz)), scratch)
    for (let i = 0; i < stepCount; i++) {
      const harmonics = harmonicsOf[i]!
      let sum = 0
      for (let h = 0, at = i * harmonicCount; h < harmonics; h++, at++) {
        const low = lowBin[at]!
        const fraction = fractionAbove[at]!
        sum += weights[h]! * (compressed[low]! * (1 - fraction) + compressed[low + 1]! * fraction)
      }
      salience[t * stepCount + i] = sum
    }
  }
  return salience
}

/**
 * Keeps what stands above the local mean over ±`halfWidth` bins: partials stand out, the broad
 * floor of drums, noise and reverb does not.
 */
function whiten(values: Float32Array, halfWidth: number, prefix: Float32Array): void {
  const count = values.length
  prefix[0] = 0
  for (let k = 0; k < count; k++) prefix[k + 1] = prefix[k]! + values[k]!
  for (let k = 0; k < count; k++) {
    const from = Math.max(0, k - halfWidth)
    const to = Math.min(count, k + halfWidth + 1)
    const mean = (prefix[to]! - prefix[from]!) / (to - from)
    values[k] = Math.max(0, values[k]! - mean)
  }
}

/** The 90th percentile of the per-frame maximum salience: what a loud frame scores. */
function loudFrameSalience(salience: Float32Array, frameCount: number, stepCount: number): number {
  const maxima = new Float32Array(frameCount)
  for (let t = 0; t < frameCount; t++) {
    let best = 0
    for (let i = 0; i < stepCount; i++) best = Math.max(best, salience[t * stepCount + i]!)
    maxima[t] = best
  }
  maxima.sort()
  return maxima[Math.min(frameCount - 1, Math.floor(frameCount * 0.9))]!
}

/** Viterbi path: a candidate index per frame, or −1 for unvoiced. */
function decodePath(
  salience: Float32Array,
  frameCount: number,
  stepCount: number,
  reference: number,
  tuning: MelodyTuning,
): Int32Array {
  const jumpCost = (tuning.jumpCostPerSemitone * CENTS_PER_STEP) / 100
  const unvoicedEmission = Math.log(tuning.voicingThreshold)
  const floor = 1e-3
  // Back-pointers: for voiced states the predecessor state (stepCount means unvoiced).
  const back = new Int32Array(frameCount * (stepCount + 1))
  let previous = new Float64Array(stepCount + 1)
  let current = new Float64Array(stepCount + 1)
  const spread = new Float64Array(stepCount)
  const spreadFrom = new Int32Array(stepCount)
  for (let i = 0; i < stepCount; i++) {
    previous[i] = Math.log(salience[i]! / reference + floor) - tuning.voicingSwitchCost
  }
  previous[stepCount] = unvoicedEmission

  for (let t = 1; t < frameCount; t++) {
    // Distance transform: spread[j] = max_i previous[i] − jumpCost·|i − j|.
    for (let i = 0; i < stepCount; i++) {
      spread[i] = previous[i]!
      spreadFrom[i] = i
      if (i > 0 && spread[i - 1]! - jumpCost > spread[i]!) {
        spread[i] = spread[i - 1]! - jumpCost
        spreadFrom[i] = spreadFrom[i - 1]!
      }
    }
    for (let i = stepCount - 2; i >= 0; i--) {
      if (spread[i + 1]! - jumpCost > spread[i]!) {
        spread[i] = spread[i + 1]! - jumpCost
        spreadFrom[i] = spreadFrom[i + 1]!
      }
    }
    const fromUnvoiced = previous[stepCount]! - tuning.voicingSwitchCost
    const row = t * stepCount
    const backRow = t * (stepCount + 1)
    let bestVoiced = -Infinity
    let bestVoicedState = 0
    for (let i = 0; i < stepCount; i++) {
      const emission = Math.log(salience[row + i]! / reference + floor)
      if (spread[i]! >= fromUnvoiced) {
        current[i] = spread[i]! + emission
        back[backRow + i] = spreadFrom[i]!
      } else {
        current[i] = fromUnvoiced + emission
        back[backRow + i] = stepCount
      }
      if (previous[i]! > bestVoiced) {
        bestVoiced = previous[i]!
        bestVoicedState = i
      }
    }
    const voicedToUnvoiced = bestVoiced - tuning.voicingSwitchCost
    if (voicedToUnvoiced > previous[stepCount]!) {
      current[stepCount] = voicedToUnvoiced + unvoicedEmission
      back[backRow + stepCount] = bestVoicedState
    } else {
      current[stepCount] = previous[stepCount]! + unvoicedEmission
      back[backRow + stepCount] = stepCount
    }
    // Keep the scores near zero so a long block cannot lose precision.
    let top = -Infinity
    for (let i = 0; i <= stepCount; i++) top = Math.max(top, current[i]!)
    for (let i = 0; i <= stepCount; i++) current[i]! -= top
    const swap = previous
    previous = current
    current = swap
  }

  const path = new Int32Array(frameCount)
  let state = 0
  for (let i = 1; i <= stepCount; i++) if (previous[i]! > previous[state]!) state = i
  for (let t = frameCount - 1; t >= 0; t--) {
    path[t] = state === stepCount ? -1 : state
    if (t > 0) state = back[t * (stepCount + 1) + state]!
  }
  return path
}

/** Half-width of the window a frame's pitch movement is measured over, in seconds. */
const MOVEMENT_SECONDS = 0.14
/** Half-width of the window the movement is averaged over (about a phrase's worth), in seconds. */
const PHRASE_SECONDS = 0.46
/** Pitches further than this from a frame's own are another note, not movement within it. */
const SAME_NOTE_CENTS = 150

/**
 * How much the tracked pitch moves around each voiced frame, in cents: the root-mean-square
 * deviation of the f0 from its local mean within the note (±0.14 s), averaged over the voiced frames
 * of the ±0.46 s around (0 where unvoiced). A voice never holds still (vibrato, scoops, drift),
 * while keyboards, plucked strings and drum machines hold a note at one pitch; Melodia's voicing
 * filter uses the same difference to drop the contours an instrument left. On the realistic
 * training songs, voiced frames where the vocals held under a tenth of the power moved a median
 * 4 cents, frames where they held most of it 16 cents.
 */
export function pitchMovement(f0: Float32Array, frameSeconds: number): Float32Array {
  const frameCount = f0.length
  const half = Math.max(1, Math.round(MOVEMENT_SECONDS / frameSeconds))
  const local = new Float32Array(frameCount)
  for (let t = 0; t < frameCount; t++) {
    const own = f0[t]!
    if (!(own > 0)) continue
    let count = 0
    let sum = 0
    let squares = 0
    for (let u = Math.max(0, t - half); u <= Math.min(frameCount - 1, t + half); u++) {
      if (!(f0[u]! > 0)) continue
      const cents = 1200 * Math.log2(f0[u]! / own)
      if (Math.abs(cents) >= SAME_NOTE_CENTS) continue
      count++
      sum += cents
      squares += cents * cents
    }
    // Too few frames of the note around: its movement cannot be told.
    if (count < half) continue
    const mean = sum / count
    local[t] = Math.sqrt(Math.max(0, squares / count - mean * mean))
  }
  const phrase = Math.max(1, Math.round(PHRASE_SECONDS / frameSeconds))
  const result = new Float32Array(frameCount)
  for (let t = 0; t < frameCount; t++) {
    if (!(f0[t]! > 0)) continue
    let count = 0
    let sum = 0
    for (let u = Math.max(0, t - phrase); u <= Math.min(frameCount - 1, t + phrase); u++) {
      if (!(f0[u]! > 0)) continue
      count++
      // A glide between notes counts as movement, but no more than a wide vibrato does.
      sum += Math.min(local[u]!, 40)
    }
    result[t] = sum / count
  }
  return result
}
