import { describe, expect, it } from 'vitest'
import {
  CONTEXT_FEATURE_COUNT,
  CONTEXT_FEATURE_NAMES,
  CONTEXT_WEIGHTS,
  CUE_FEATURE_COUNT,
  CUE_FEATURE_NAMES,
  CUE_WEIGHTS,
  HIDDEN_INPUT_WEIGHTS,
  HIDDEN_OUTPUT_WEIGHTS,
  LEARNT_WEIGHTS,
  cueLogOdds,
  forEachContextFeature,
  forEachFrameFeatures,
  learntLogOdds,
  tanhApproximation,
  type BlockCues,
} from './cueModel'
import { noise } from './testSignals'

const FRAMES = 12
const BINS = 40

/** A small block of cues: noise-valued cues, a voiced stretch, optionally stereo. */
function blockCues(stereo: boolean, frames = FRAMES): BlockCues {
  const size = frames * BINS
  const values = (seed: number, scale: number): Float32Array => noise(size, seed, scale)
  const lead = values(3, 1).map((x) => Math.abs(x) % 1)
  lead[5] = Number.NaN
  const repetition = values(4, 2)
  repetition[7] = Number.NaN
  return {
    frameCount: frames,
    featureBins: BINS,
    binCount: BINS + 5,
    binHz: 100,
    frameSeconds: 0.02,
    magnitude: values(1, 1).map(Math.abs),
    harmonicLogOdds: values(2, 2),
    repetitionLogOdds: repetition,
    lead,
    leadLongTail: lead.map((x) => (x === x ? x * 0.5 : 0)),
    trust: 0.8,
    stereoOffImage: stereo ? noise(frames * (BINS + 5), 5, 3).map(Math.abs) : undefined,
    stereoPosition: stereo
      ? { pan: values(6, 0.5), coherence: values(7, 0.9).map((x) => Math.max(-1, Math.min(1, x))) }
      : undefined,
    f0: Float32Array.from({ length: frames }, (_, t) => (t >= 3 && t < 9 ? 900 : 0)),
  }
}

describe('cueModel', () => {
  it('has a fitted, finite weight for every named feature', () => {
    expect(CUE_WEIGHTS).toHaveLength(CUE_FEATURE_COUNT)
    expect(CONTEXT_WEIGHTS).toHaveLength(CONTEXT_FEATURE_COUNT)
    expect(HIDDEN_OUTPUT_WEIGHTS.length).toBeGreaterThan(0)
    expect(HIDDEN_INPUT_WEIGHTS).toHaveLength(HIDDEN_OUTPUT_WEIGHTS.length * CONTEXT_FEATURE_COUNT)
    const all = [
      ...CUE_WEIGHTS,
      ...CONTEXT_WEIGHTS,
      ...HIDDEN_INPUT_WEIGHTS,
      ...HIDDEN_OUTPUT_WEIGHTS,
    ]
    for (const weight of all) expect(Number.isFinite(weight)).toBe(true)
    expect(CUE_WEIGHTS.some((weight) => weight !== 0)).toBe(true)
    expect(HIDDEN_OUTPUT_WEIGHTS.some((weight) => weight !== 0)).toBe(true)
  })

  it.each([true, false])('writes every stage-one feature, finite (stereo %s)', (stereo) => {
    const cues = blockCues(stereo)
    const at = (name: (typeof CUE_FEATURE_NAMES)[number]): number => CUE_FEATURE_NAMES.indexOf(name)
    let frames = 0
    forEachFrameFeatures(cues, (t, features) => {
      frames++
      expect(features).toHaveLength(BINS * CUE_FEATURE_COUNT)
      for (const value of features) expect(Number.isFinite(value)).toBe(true)
      for (let k = 0; k < BINS; k++) {
        const row = features.subarray(k * CUE_FEATURE_COUNT, (k + 1) * CUE_FEATURE_COUNT)
        expect(row[at('bias')]).toBe(1)
        let bands = 0
        for (let b = 1; b <= 9; b++) bands += row[b]!
        expect(bands).toBeCloseTo(1, 5)
        expect(row[at('mono')]).toBe(stereo ? 0 : 1)
        expect(row[at('voiced frame')]).toBe(t >= 3 && t < 9 ? 1 : 0)
        // f0 900 Hz: bins below 675 Hz (k < 6.75) are below the lead in voiced frames.
        expect(row[at('below the lead f0')]).toBe(t >= 3 && t < 9 && k < 7 ? 1 : 0)
      }
    })
    expect(frames).toBe(FRAMES)
    // Bin 5 of frame 0: the lead abstains; bin 7 of frame 0: the repetition cue abstains.
    const first: Float32Array[] = []
    forEachFrameFeatures(cues, (t, features) => {
      if (t === 0) first.push(features.slice())
    })
    expect(first[0]![5 * CUE_FEATURE_COUNT + at('lead abstains')]).toBe(1)
    expect(first[0]![5 * CUE_FEATURE_COUNT + at('lead log-odds')]).toBe(0)
    expect(first[0]![7 * CUE_FEATURE_COUNT + at('repetition abstains')]).toBe(1)
  })

  it.each([true, false])(
    'folds the per-bin weights into the dot product of the feature rows (stereo %s)',
    (stereo) => {
      const cues = blockCues(stereo)
      // Weights unlike the fitted ones, so every feature counts and none cancels another.
      const weights = Array.from(noise(CUE_FEATURE_COUNT, 9, 1))
      const folded = cueLogOdds(cues, weights)
      forEachFrameFeatures(cues, (t, features) => {
        for (let k = 0; k < BINS; k++) {
          let expected = 0
          for (let f = 0; f < CUE_FEATURE_COUNT; f++) {
            expected += weights[f]! * features[k * CUE_FEATURE_COUNT + f]!
          }
          expect(folded[t * BINS + k]).toBeCloseTo(expected, 4)
        }
      })
    },
  )

  it('gives each bin the weighted sum of its stage-two features and of its hidden units', () => {
    // Longer than the frames stage two works at a time, so every bin of three spans is checked.
    const frames = 40
    const cues = blockCues(true, frames)
    const columns = new Array<Float32Array>(CONTEXT_FEATURE_COUNT)
    forEachContextFeature(cues, cueLogOdds(cues, CUE_WEIGHTS), (feature, values) => {
      columns[feature] = values.slice()
    })
    expect(columns.filter(Boolean)).toHaveLength(CONTEXT_FEATURE_COUNT - 1)
    for (const column of columns.slice(1)) expect(column.every(Number.isFinite)).toBe(true)
    const binCount = BINS + 5
    const score = new Float32Array(frames * binCount).fill(99)
    learntLogOdds(cues, LEARNT_WEIGHTS, score, binCount)
    for (let index = 0; index < frames * BINS; index++) {
      const t = Math.floor(index / BINS)
      const k = index % BINS
      let expected = CONTEXT_WEIGHTS[0]!
      for (let f = 1; f < CONTEXT_FEATURE_COUNT; f++) {
        expected += CONTEXT_WEIGHTS[f]! * columns[f]![t * BINS + k]!
      }
      HIDDEN_OUTPUT_WEIGHTS.forEach((output, h) => {
        const row = HIDDEN_INPUT_WEIGHTS.slice(h * CONTEXT_FEATURE_COUNT)
        let unit = row[0]!
        for (let f = 1; f < CONTEXT_FEATURE_COUNT; f++) unit += row[f]! * columns[f]![t * BINS + k]!
        expected += output * Math.tanh(unit)
      })
      expect(score[t * binCount + k]).toBeCloseTo(expected, 3)
    }
    // Bins above the feature ceiling are left to the caller.
    expect(score[binCount - 1]).toBe(99)
  })

  it.each([true, false])(
    'gives the same stage-two features a few frames at a time as for the whole block (stereo %s)',
    (stereo) => {
      const cues = blockCues(stereo, 30)
      const estimate = cueLogOdds(cues, CUE_WEIGHTS)
      const whole = new Array<Float32Array>(CONTEXT_FEATURE_COUNT)
      forEachContextFeature(cues, estimate, (feature, values) => {
        whole[feature] = values.slice()
      })
      for (const spanFrames of [1, 4, 7]) {
        const pieces = new Array<number[]>(CONTEXT_FEATURE_COUNT)
        forEachContextFeature(
          cues,
          estimate,
          (feature, values) => {
            pieces[feature] = [...(pieces[feature] ?? []), ...values]
          },
          undefined,
          spanFrames,
        )
        for (let feature = 1; feature < CONTEXT_FEATURE_COUNT; feature++) {
          const expected = whole[feature]!
          const joined = pieces[feature]!
          expect(joined).toHaveLength(expected.length)
          joined.forEach((value, index) => expect(value).toBeCloseTo(expected[index]!, 5))
        }
      }
    },
  )

  it('approximates tanh to within 1e-4, odd and never past ±1', () => {
    let largestError = 0
    for (let x = -12; x <= 12; x += 0.001) {
      const value = tanhApproximation(x)
      largestError = Math.max(largestError, Math.abs(value - Math.tanh(x)))
      expect(Math.abs(value)).toBeLessThanOrEqual(1)
      expect(tanhApproximation(-x)).toBe(-value)
    }
    expect(largestError).toBeLessThan(1e-4)
    // Where stage two's units mostly sit, it is far closer.
    for (let x = -3; x <= 3; x += 0.001) {
      expect(Math.abs(tanhApproximation(x) - Math.tanh(x))).toBeLessThan(1e-6)
    }
  })

  it('averages and takes the largest over the named neighbourhoods, clamped at the edges', () => {
    const cues = blockCues(false)
    const first = cueLogOdds(cues, CUE_WEIGHTS)
    const columns: Record<string, Float32Array> = {}
    forEachContextFeature(cues, first, (feature, values) => {
      columns[CONTEXT_FEATURE_NAMES[feature]!] = values.slice()
    })
    const at = (t: number, k: number): number =>
      first[Math.max(0, Math.min(FRAMES - 1, t)) * BINS + Math.max(0, Math.min(BINS - 1, k))]!
    for (const [t, k] of [
      [0, 0],
      [6, 20],
      [11, 39],
    ] as const) {
      let before = 0
      let box = 0
      let largest = Number.NEGATIVE_INFINITY
      for (let d = 1; d <= 8; d++) before += at(t - d, k)
      for (let u = t - 1; u <= t + 1; u++) {
        for (let j = k - 1; j <= k + 1; j++) {
          box += at(u, j)
          largest = Math.max(largest, at(u, j))
        }
      }
      expect(columns['own log-odds']![t * BINS + k]).toBe(first[t * BINS + k])
      expect(columns['mean over the 8 frames before']![t * BINS + k]).toBeCloseTo(before / 8, 4)
      expect(columns['mean over 3 × 3 neighbours']![t * BINS + k]).toBeCloseTo(box / 9, 4)
      expect(columns['largest over 3 × 3 neighbours']![t * BINS + k]).toBeCloseTo(largest, 5)
    }
  })

  it('learns from the song which stereo positions hold its vocals', () => {
    const cues = blockCues(true)
    // Stage one says: bins panned to the left (pan > 0.3) are vocal, the rest accompaniment.
    const pan = cues.stereoPosition!.pan
    const first = pan.map((value) => (value > 0.3 ? 4 : -4))
    const likelihoodOf = (block: BlockCues): Float32Array => {
      let values = new Float32Array(0)
      forEachContextFeature(block, first, (feature, featureValues) => {
        if (CONTEXT_FEATURE_NAMES[feature] === 'stereo position likelihood') {
          values = featureValues.slice()
        }
      })
      return values
    }
    const likelihood = likelihoodOf(cues)
    expect(likelihood).toHaveLength(pan.length)
    let vocalSide = 0
    let otherSide = 0
    pan.forEach((value, index) => {
      if (value > 0.45) vocalSide += likelihood[index]!
      if (value < 0.15) otherSide += likelihood[index]!
    })
    expect(vocalSide).toBeGreaterThan(0)
    expect(otherSide).toBeLessThan(0)
    const mono = blockCues(false)
    const monoLikelihood = likelihoodOf(mono)
    expect(monoLikelihood).toHaveLength(pan.length)
    expect(monoLikelihood.every((value) => value === 0)).toBe(true)
  })
})
