// Fits the weights of the separation's learnt cue model (src/separation/cueModel.ts).
//
//   node --import tsx packages/audio/bench/separation-train.ts [seeds] [kinds]
//
// (by default TRAINING_SEEDS and every mix kind). For every bin below the feature ceiling of every
// song, the features are the cues `separate` measures (read through its `onCues` hook), the target
// is the bin's share of the true vocals, Re(V·X*) / |X|² over both channels clipped to 0..1, and the
// weight is the bin's power over the vocals' power in the second around it: the per-second SDR
// that BSS Eval reports counts each second's error relative to that second's vocals. Each stage is
// a weighted logistic regression (soft targets, a little L2), solved by Newton's method; stage
// two's hidden units are then fitted on top of its linear part by stochastic gradient descent
// (Adam), with the last tenth of the songs held out to report how well they generalise. It writes
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
const HIDDEN_UNITS = 8
const HIDDEN_EPOCHS = 6
const HIDDEN_BATCH = 1024
const HIDDEN_LEARNING_RATE = 0.003
const HIDDEN_L2 = 1e-5

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

/** Weighted cross-entropy of `logOdds(n)` against the targets of samples [from, to). */
function crossEntropy(
  samples: Samples,
  from: number,
  to: number,
  logOdds: (n: number) => number,
): number {
  let loss = 0
  let total = 0
  for (let n = from; n < to; n++) {
    const p = 1 / (1 + Math.exp(-logOdds(n)))
    const y = samples.target[n]!
    const w = samples.weight[n]!
    loss -= w * (y * Math.log(p + 1e-12) + (1 - y) * Math.log(1 - p + 1e-12))
    total += w
  }
  return loss / total
}

interface HiddenUnits {
  /** HIDDEN_UNITS rows of featureCount input weights, the first of each row its bias. */
  inputs: number[]
  output: number[]
  /** Added to the linear part's bias. */
  outputBias: number
}

/**
 * Fits tanh hidden units whose weighted sum is added to the fixed linear log-odds `linear`: what
 * one weight per feature cannot say (a cue that counts only when another agrees, a feature that
 * helps up to a point) they can. The inputs are standardised for the descent, and the
 * standardisation is folded back into the input weights, so the model reads raw features.
 */
function fitHiddenUnits(samples: Samples, linear: ArrayLike<number>): HiddenUnits {
  const size = samples.featureCount
  const { count, features, target, weight } = samples
  const random = createRandom(20261128)
  const gaussian = (): number =>
    Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random())
  const offset = new Float32Array(count)
  for (let n = 0; n < count; n++) {
    let z = 0
    for (let f = 0; f < size; f++) z += linear[f]! * features[n * size + f]!
    offset[n] = z
  }
  const mean = new Float64Array(size)
  const spread = new Float64Array(size).fill(1)
  for (let f = 1; f < size; f++) {
    let sum = 0
    let squares = 0
    for (let n = 0; n < count; n++) {
      const value = features[n * size + f]!
      sum += value
      squares += value * value
    }
    mean[f] = sum / count
    spread[f] = Math.sqrt(Math.max(1e-9, squares / count - mean[f]! ** 2))
  }
  // Samples are in song order: the last tenth are the last songs, held out.
  const heldOut = Math.floor(count * 0.9)
  const units = HIDDEN_UNITS
  // Parameters: the units' input rows (bias first), their output weights, the output bias.
  const outputAt = units * size
  const parameters = new Float64Array(outputAt + units + 1)
  for (let h = 0; h < units; h++) {
    for (let f = 1; f < size; f++) parameters[h * size + f] = (gaussian() * 0.3) / Math.sqrt(size)
  }
  const x = new Float64Array(size)
  const activation = new Float64Array(units)
  const logOdds = (n: number): number => {
    let z = offset[n]! + parameters[outputAt + units]!
    for (let f = 1; f < size; f++) x[f] = (features[n * size + f]! - mean[f]!) / spread[f]!
    for (let h = 0; h < units; h++) {
      let sum = parameters[h * size]!
      for (let f = 1; f < size; f++) sum += parameters[h * size + f]! * x[f]!
      activation[h] = Math.tanh(sum)
      z += parameters[outputAt + h]! * activation[h]!
    }
    return z
  }
  const linearLoss = (n: number): number => offset[n]!
  console.error(
    `  linear: cross-entropy ${crossEntropy(samples, 0, heldOut, linearLoss).toFixed(5)},` +
      ` held out ${crossEntropy(samples, heldOut, count, linearLoss).toFixed(5)}`,
  )
  let meanWeight = 0
  for (let n = 0; n < heldOut; n++) meanWeight += weight[n]!
  meanWeight /= heldOut
  const gradient = new Float64Array(parameters.length)
  const moment = new Float64Array(parameters.length)
  const second = new Float64Array(parameters.length)
  const order = Uint32Array.from({ length: heldOut }, (_, n) => n)
  let step = 0
  for (let epoch = 0; epoch < HIDDEN_EPOCHS; epoch++) {
    for (let i = heldOut - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1))
      const swap = order[i]!
      order[i] = order[j]!
      order[j] = swap
    }
    // The last two epochs take smaller steps, to settle.
    const rate = HIDDEN_LEARNING_RATE * (epoch < HIDDEN_EPOCHS - 2 ? 1 : 0.3)
    for (let start = 0; start < heldOut; start += HIDDEN_BATCH) {
      gradient.fill(0)
      const end = Math.min(heldOut, start + HIDDEN_BATCH)
      for (let i = start; i < end; i++) {
        const n = order[i]!
        const p = 1 / (1 + Math.exp(-logOdds(n)))
        const residual = (weight[n]! / meanWeight) * (p - target[n]!)
        gradient[outputAt + units]! += residual
        for (let h = 0; h < units; h++) {
          gradient[outputAt + h]! += residual * activation[h]!
          const back = residual * parameters[outputAt + h]! * (1 - activation[h]! ** 2)
          gradient[h * size]! += back
          for (let f = 1; f < size; f++) gradient[h * size + f]! += back * x[f]!
        }
      }
      step++
      for (let j = 0; j < parameters.length; j++) {
        const g = gradient[j]! / (end - start) + HIDDEN_L2 * parameters[j]!
        moment[j] = 0.9 * moment[j]! + 0.1 * g
        second[j] = 0.999 * second[j]! + 0.001 * g * g
        const corrected = moment[j]! / (1 - 0.9 ** step)
        const scale = Math.sqrt(second[j]! / (1 - 0.999 ** step)) + 1e-8
        parameters[j]! -= (rate * corrected) / scale
      }
    }
    console.error(
      `  hidden units, epoch ${epoch + 1}: held out cross-entropy` +
        ` ${crossEntropy(samples, heldOut, count, logOdds).toFixed(5)}`,
    )
  }
  const inputs: number[] = []
  for (let h = 0; h < units; h++) {
    let bias = parameters[h * size]!
    const row = [0]
    for (let f = 1; f < size; f++) {
      row.push(parameters[h * size + f]! / spread[f]!)
      bias -= (parameters[h * size + f]! * mean[f]!) / spread[f]!
    }
    row[0] = bias
    inputs.push(...row)
  }
  return {
    inputs,
    output: Array.from(parameters.subarray(outputAt, outputAt + units)),
    outputBias: parameters[outputAt + units]!,
  }
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
  const hidden = fitHiddenUnits(contextSamples, contextWeights)
  contextWeights[0]! += hidden.outputBias
  const list = (names: readonly string[], weights: number[]): string =>
    names.map((name, f) => `  ${Number(weights[f]!.toFixed(4))}, // ${name}`).join('\n')
  const unitRows = hidden.output
    .map((_, h) => {
      const row = hidden.inputs.slice(h * CONTEXT_FEATURE_COUNT, (h + 1) * CONTEXT_FEATURE_COUNT)
      return (
        `  // unit ${h + 1}\n` + row.map((value) => `  ${Number(value.toPrecision(5))},`).join('\n')
      )
    })
    .join('\n')
  const outputs = hidden.output.map((value) => `  ${Number(value.toPrecision(5))},`).join('\n')
  const source =
    `// Written by bench/separation-train.ts (seeds ${seeds[0]}–${seeds.at(-1)}, ${kinds.join(', ')} mixes,\n` +
    `// ${cueSamples.count} bins for stage one, ${contextSamples.count} for stage two); do not edit by hand.\n` +
    `export const CUE_WEIGHTS: readonly number[] = [\n${list(CUE_FEATURE_NAMES, cueWeights)}\n]\n\n` +
    `export const CONTEXT_WEIGHTS: readonly number[] = [\n${list(CONTEXT_FEATURE_NAMES, contextWeights)}\n]\n\n` +
    `// Stage two's hidden units: ${hidden.output.length} rows of input weights in the order above.\n` +
    `export const HIDDEN_INPUT_WEIGHTS: readonly number[] = [\n${unitRows}\n]\n\n` +
    `export const HIDDEN_OUTPUT_WEIGHTS: readonly number[] = [\n${outputs}\n]\n`
  const path = fileURLToPath(new URL('../src/separation/cueWeights.ts', import.meta.url))
  writeFileSync(path, source)
  console.log(source)
}

main()
