// Fits the weights of the separation's learnt cue model (src/separation/cueModel.ts).
//
//   node --import tsx packages/audio/bench/separation-train.ts [seeds] [kinds]
//
// (by default TRAINING_SEEDS and every mix kind). For every bin below the feature ceiling of every
// song, the features are the cues `separate` measures (read through its `onCues` hook), the target
// is the bin's share of the true vocals, Re(V·X*) / |X|² over both channels clipped to 0..1, and the
// weight is the bin's power over the vocals' power in the second around it: the per-second SDR
// that BSS Eval reports counts each second's error relative to that second's vocals. The fit is a
// weighted logistic regression (soft targets, a little L2), solved by Newton's method. It writes
// src/separation/cueWeights.ts.
//
// The seeds must not be BENCH_SEEDS: the bench's figures come from songs the weights never saw.
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { stft, type Spectrogram } from '../src/dsp/stft'
import {
  CONTEXT_FEATURE_COUNT,
  CONTEXT_FEATURE_NAMES,
  forEachContextFeature,
  CUE_FEATURE_COUNT,
  CUE_FEATURE_NAMES,
  cueLogOdds,
  forEachFrameFeatures,
  type BlockCues,
} from '../src/separation/cueModel'
import { analysisSettings, separate } from '../src/separation/separate'
import { createRandom } from './fixtures/random'
import { BENCH_SEEDS, MIX_KINDS, TRAINING_SEEDS, type MixKind } from './realistic/set'
import { parseSeeds, tuningExamples } from './separation-tune'

const KEEP_FRACTION = 0.06
const L2 = 1e-4
const NEWTON_STEPS = 25

/** Growable packed columns: one row of CUE_FEATURE_COUNT features, a target and a weight per bin. */
function grown(old: Float32Array, size: number): Float32Array {
  const result = new Float32Array(size)
  result.set(old)
  return result
}

class Samples {
  constructor(readonly featureCount: number) {}
  features: Float32Array = new Float32Array(1 << 20)
  target: Float32Array = new Float32Array(1 << 16)
  weight: Float32Array = new Float32Array(1 << 16)
  count = 0

  push(features: Float32Array, offset: number, target: number, weight: number): void {
    if (this.count === this.target.length) {
      this.target = grown(this.target, this.count * 2)
      this.weight = grown(this.weight, this.count * 2)
    }
    if ((this.count + 1) * this.featureCount > this.features.length) {
      this.features = grown(this.features, this.features.length * 2)
    }
    this.features.set(
      features.subarray(offset, offset + this.featureCount),
      this.count * this.featureCount,
    )
    this.target[this.count] = target
    this.weight[this.count] = weight
    this.count++
  }
}

/** Visits each frame's features, featureBins rows of `featureCount` values. */
type FrameFeatures = (cues: BlockCues, visit: (t: number, features: Float32Array) => void) => void

const cueFeatures: FrameFeatures = forEachFrameFeatures

function stageTwoFeatures(cueWeights: readonly number[]): FrameFeatures {
  return (cues, visit) => {
    const { frameCount, featureBins } = cues
    const all = new Float32Array(frameCount * featureBins * CONTEXT_FEATURE_COUNT)
    for (let i = 0; i < frameCount * featureBins; i++) all[i * CONTEXT_FEATURE_COUNT] = 1
    forEachContextFeature(cues, cueLogOdds(cues, cueWeights), (feature, values) => {
      for (let i = 0; i < values.length; i++) all[i * CONTEXT_FEATURE_COUNT + feature] = values[i]!
    })
    const rowLength = featureBins * CONTEXT_FEATURE_COUNT
    for (let t = 0; t < frameCount; t++) visit(t, all.subarray(t * rowLength, (t + 1) * rowLength))
  }
}

/** Power of the spectrograms (summed over channels) in the second around each frame. */
function powerPerSecond(spectra: Spectrogram[], framesPerSecond: number): Float64Array {
  const { frameCount, binCount } = spectra[0]!
  const framePower = new Float64Array(frameCount)
  for (let t = 0; t < frameCount; t++) {
    let sum = 0
    for (const spectrum of spectra) {
      for (let i = t * binCount; i < (t + 1) * binCount; i++) {
        sum += spectrum.real[i]! ** 2 + spectrum.imag[i]! ** 2
      }
    }
    framePower[t] = sum
  }
  const half = Math.floor(framesPerSecond / 2)
  const result = new Float64Array(frameCount)
  for (let t = 0; t < frameCount; t++) {
    let sum = 0
    for (let u = Math.max(0, t - half); u <= Math.min(frameCount - 1, t + half); u++) {
      sum += framePower[u]!
    }
    result[t] = sum
  }
  return result
}

function collect(
  seeds: readonly number[],
  kinds: readonly MixKind[],
  featureCount: number,
  frameFeatures: FrameFeatures,
): Samples {
  const samples = new Samples(featureCount)
  const random = createRandom(20261127)
  for (const example of tuningExamples(seeds, kinds)) {
    const { sampleRate } = example.mixture
    const settings = analysisSettings(sampleRate)
    const options = { frameSize: settings.frameSize, hopSize: settings.hopSize }
    const vocals = example.vocals.channels.map((channel) => stft(channel, options))
    const framesPerSecond = Math.round(sampleRate / settings.hopSize)
    // The hand-weighted method's error, whose per-second level weights the fit (see above).
    const baseline = separate(example.mixture, { tuning: { learnt: false } }).vocals
    const errors = baseline.channels.map((channel, c) =>
      stft(
        channel.map((x, i) => x - example.vocals.channels[c]![i]!),
        options,
      ),
    )
    separate(example.mixture, {
      onCues: (cues, spectra) => {
        if (cues.frameCount !== vocals[0]!.frameCount) throw new Error('一个块应覆盖整首歌')
        const { frameCount, featureBins, binCount } = cues
        // The vocals' and the baseline error's power in the second around each frame.
        const secondPower = powerPerSecond(vocals, framesPerSecond)
        const secondError = powerPerSecond(errors, framesPerSecond)
        const songMean = secondPower.reduce((a, b) => a + b, 0) / frameCount
        frameFeatures(cues, (t, features) => {
          // Seconds with next to no vocals are silent frames for BSS Eval: left out.
          if (secondPower[t]! < 1e-3 * songMean) return
          for (let k = 1; k < featureBins; k++) {
            if (random() >= KEEP_FRACTION) continue
            const i = t * binCount + k
            let cross = 0
            let power = 0
            spectra.forEach((mixture, c) => {
              const vocal = vocals[c]!
              cross += vocal.real[i]! * mixture.real[i]! + vocal.imag[i]! * mixture.imag[i]!
              power += mixture.real[i]! ** 2 + mixture.imag[i]! ** 2
            })
            if (power <= 1e-20) continue
            samples.push(
              features,
              k * featureCount,
              Math.max(0, Math.min(1, cross / power)),
              power / Math.max(secondError[t]!, 1e-3 * secondPower[t]!),
            )
          }
        })
      },
    })
    console.error(`  ${example.name}: ${samples.count} bins so far`)
  }
  return samples
}

/** Solves A x = b for a small symmetric positive-definite A (Gaussian elimination). */
function solve(matrix: Float64Array, vector: Float64Array, size: number): Float64Array {
  const a = matrix.slice()
  const b = vector.slice()
  for (let col = 0; col < size; col++) {
    let pivot = col
    for (let row = col + 1; row < size; row++) {
      if (Math.abs(a[row * size + col]!) > Math.abs(a[pivot * size + col]!)) pivot = row
    }
    if (pivot !== col) {
      for (let j = 0; j < size; j++) {
        const swap = a[col * size + j]!
        a[col * size + j] = a[pivot * size + j]!
        a[pivot * size + j] = swap
      }
      const swap = b[col]!
      b[col] = b[pivot]!
      b[pivot] = swap
    }
    for (let row = col + 1; row < size; row++) {
      const factor = a[row * size + col]! / a[col * size + col]!
      if (factor === 0) continue
      for (let j = col; j < size; j++) a[row * size + j]! -= factor * a[col * size + j]!
      b[row]! -= factor * b[col]!
    }
  }
  const x = new Float64Array(size)
  for (let row = size - 1; row >= 0; row--) {
    let sum = b[row]!
    for (let j = row + 1; j < size; j++) sum -= a[row * size + j]! * x[j]!
    x[row] = sum / a[row * size + row]!
  }
  return x
}

function fit(samples: Samples): Float64Array {
  const size = samples.featureCount
  const weights = new Float64Array(size)
  let totalWeight = 0
  for (let n = 0; n < samples.count; n++) totalWeight += samples.weight[n]!
  const bad = new Array<number>(size).fill(0)
  for (let n = 0; n < samples.count; n++) {
    for (let f = 0; f < size; f++) if (!Number.isFinite(samples.features[n * size + f]!)) bad[f]!++
  }
  if (bad.some((count) => count > 0)) throw new Error(`特征含无效值：${bad.join(',')}`)
  let previousLoss = Number.POSITIVE_INFINITY
  for (let step = 0; step < NEWTON_STEPS; step++) {
    const gradient = new Float64Array(size)
    const hessian = new Float64Array(size * size)
    let loss = 0
    let squared = 0
    for (let n = 0; n < samples.count; n++) {
      const o = n * size
      const x = samples.features
      let z = 0
      for (let f = 0; f < size; f++) z += weights[f]! * x[o + f]!
      const p = 1 / (1 + Math.exp(-z))
      const y = samples.target[n]!
      const w = samples.weight[n]! / totalWeight
      loss -= w * (y * Math.log(p + 1e-12) + (1 - y) * Math.log(1 - p + 1e-12))
      squared += w * (p - y) ** 2
      const residual = w * (p - y)
      const curvature = w * p * (1 - p)
      for (let f = 0; f < size; f++) {
        const value = x[o + f]!
        if (value === 0) continue
        gradient[f]! += residual * value
        const cx = curvature * value
        for (let g = f; g < size; g++) hessian[f * size + g]! += cx * x[o + g]!
      }
    }
    for (let f = 0; f < size; f++) {
      gradient[f]! += L2 * weights[f]!
      hessian[f * size + f]! += L2
      for (let g = 0; g < f; g++) hessian[f * size + g] = hessian[g * size + f]!
    }
    if (previousLoss - loss < 1e-7) break
    previousLoss = loss
    const delta = solve(hessian, gradient, size)
    for (let f = 0; f < size; f++) weights[f]! -= delta[f]!
    console.error(
      `  step ${step + 1}: cross-entropy ${loss.toFixed(5)}, squared ${squared.toFixed(5)}`,
    )
  }
  return weights
}

function main(): void {
  const seeds = process.argv[2] ? parseSeeds(process.argv[2]) : [...TRAINING_SEEDS]
  const kinds = (process.argv[3]?.split(',') as MixKind[] | undefined) ?? MIX_KINDS
  const benchSeeds: readonly number[] = BENCH_SEEDS
  if (seeds.some((seed) => benchSeeds.includes(seed))) throw new Error('不能在基准测试的种子上训练')
  const cueSamples = collect(seeds, kinds, CUE_FEATURE_COUNT, cueFeatures)
  const cueWeights = Array.from(fit(cueSamples))
  const contextSamples = collect(seeds, kinds, CONTEXT_FEATURE_COUNT, stageTwoFeatures(cueWeights))
  const contextWeights = Array.from(fit(contextSamples))
  const list = (names: readonly string[], weights: number[]): string =>
    names.map((name, f) => `  ${Number(weights[f]!.toFixed(4))}, // ${name}`).join('\n')
  const source =
    `// Written by bench/separation-train.ts (seeds ${seeds[0]}–${seeds.at(-1)}, ${kinds.join(', ')} mixes,\n` +
    `// ${cueSamples.count} bins for stage one, ${contextSamples.count} for stage two); do not edit by hand.\n` +
    `export const CUE_WEIGHTS: readonly number[] = [\n${list(CUE_FEATURE_NAMES, cueWeights)}\n]\n\n` +
    `export const CONTEXT_WEIGHTS: readonly number[] = [\n${list(CONTEXT_FEATURE_NAMES, contextWeights)}\n]\n`
  const path = fileURLToPath(new URL('../src/separation/cueWeights.ts', import.meta.url))
  writeFileSync(path, source)
  console.log(source)
}

main()
