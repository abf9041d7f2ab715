import { dbToGain } from '../mix'
import { LIMITER_ATTACK_SECONDS, LIMITER_BLOCK_SAMPLES, LIMITER_RELEASE_SECONDS } from './loudness'
import { INTERPOLATION_SLOPE_WEIGHT, TRUE_PEAK_LOOKAHEAD, rangeTruePeak } from './truePeak'

/** How hard a `TruePeakLimiter` limits. */
export interface TruePeakLimiterOptions {
  /** The true peak the output stays at or under, in dBTP. */
  ceilingDb: number
  /** A gain applied to the input before limiting (linear). Default 1. */
  preGain?: number
}

/** Below the ceiling by more than float rounding of the output can ever add. */
const ROUNDING_MARGIN_DB = 0.01

/**
 * A look-ahead true-peak limiter that runs on a stream, block by block, a few milliseconds behind
 * its input: the one `normalizeLoudness` plans over a whole file, made causal.
 *
 * Per block of 32 samples the true peak of the input (4x oversampled) gives the gain the block may
 * have; that is min-filtered over the next `attack` blocks (about 5 ms), released exponentially
 * and smoothed by a moving average over `attack` blocks, and interpolated linearly inside a block.
 * The output lags the input by the blocks this needs to look ahead.
 *
 * Why the output's true peak stays under the ceiling, not just the input's peaks × the gain: both
 * ends of a block's gain ramp are at most what the block allows (every term of both moving
 * averages saw that block in its min-filter), and the averaged gain moves by at most 1/attack per
 * block. An interpolated point then differs from the point × its own sample's gain by at most
 * INTERPOLATION_SLOPE_WEIGHT × that slope × the largest nearby sample, and the gain a block may
 * have leaves exactly that much room. This holds for peaks up to about 40 dB over the ceiling
 * (beyond that the room needed exceeds the ceiling itself); a mastered song comes nowhere near.
 */
export class TruePeakLimiter {
  /** At most this many samples are held back: the output of a push ends this far behind its input. */
  readonly latency: number
  private readonly block = LIMITER_BLOCK_SAMPLES
  private readonly attack: number
  private readonly releaseCoefficient: number
  private readonly ceiling: number
  /** The part of the ceiling kept free for the gain's slope (see the class comment). */
  private readonly slopeRoom: number
  /**
   * Peaks at or under this leave a block and its neighbours at full gain, so they need not be
   * measured exactly; every block counts as at least this loud.
   */
  private readonly quietPeak: number
  private readonly preGain: number
  private readonly ringMask: number
  /** Per block, kept only as long as a later block needs it (indexed by block & ringMask). */
  private readonly peaks: Float64Array
  private readonly allowed: Float64Array
  private readonly released: Float64Array
  /** The first released value: the moving average counts it for the blocks before the stream. */
  private firstReleased = 1
  private envelope = 1
  /** The gain where the next block to emit starts (the end of the last emitted block's ramp). */
  private nextBlockGain = 1
  /** Input × preGain from absolute sample `heldStart` on, per channel. */
  private held: Float32Array[]
  private heldStart = 0
  private received = 0
  private ended = false
  private measuredBlocks = 0
  private allowedBlocks = 0
  private releasedBlocks = 0
  private emittedBlocks = 0

  constructor(
    readonly sampleRate: number,
    readonly channelCount: number,
    options: TruePeakLimiterOptions,
  ) {
    this.attack = Math.max(1, Math.round((LIMITER_ATTACK_SECONDS * sampleRate) / this.block))
    this.releaseCoefficient = 1 - Math.exp(-this.block / (LIMITER_RELEASE_SECONDS * sampleRate))
    this.ceiling = dbToGain(options.ceilingDb - ROUNDING_MARGIN_DB)
    this.slopeRoom = INTERPOLATION_SLOPE_WEIGHT / (this.attack * this.block)
    this.quietPeak = this.ceiling / (1 + this.slopeRoom)
    this.preGain = options.preGain ?? 1
    let ringSize = 16
    while (ringSize < 2 * this.attack + 8) ringSize *= 2
    this.ringMask = ringSize - 1
    this.peaks = new Float64Array(ringSize)
    this.allowed = new Float64Array(ringSize)
    this.released = new Float64Array(ringSize)
    this.held = Array.from({ length: channelCount }, () => new Float32Array(0))
    this.latency = (this.attack + 4) * this.block + TRUE_PEAK_LOOKAHEAD - 1
  }

  /** Takes the next samples of every channel; returns the output that is final so far. */
  push(channels: readonly Float32Array[]): Float32Array[] {
    if (this.ended) throw new Error('TruePeakLimiter: push after end')
    if (channels.length !== this.channelCount) {
      throw new RangeError(`TruePeakLimiter: ${channels.length} channels, not ${this.channelCount}`)
    }
    const added = channels[0]?.length ?? 0
    const preGain = this.preGain
    this.held = this.held.map((held, c) => {
      const joined = new Float32Array(held.length + added)
      joined.set(held)
      const chunk = channels[c] as Float32Array
      const offset = held.length
      for (let i = 0; i < added; i++) joined[offset + i] = (chunk[i] as number) * preGain
      return joined
    })
    this.received += added
    return this.advance()
  }

  /** Ends the stream (what would follow is silence) and returns the rest of the output. */
  end(): Float32Array[] {
    this.ended = true
    return this.advance()
  }

  /** Runs every stage as far as the input allows and returns the samples emitted on the way. */
  private advance(): Float32Array[] {
    const firstEmitted = this.emittedBlocks * this.block
    const output = this.held.map((held) => new Float32Array(held.length))
    while (this.measureNextBlock()) {
      this.allowNextBlocks()
      this.releaseNextBlocks()
      this.emitNextBlocks(output, firstEmitted)
    }
    const emittedEnd = Math.min(this.emittedBlocks * this.block, this.received)
    const keepFrom = this.emittedBlocks * this.block
    this.held = this.held.map((held) => held.subarray(keepFrom - this.heldStart))
    this.heldStart = keepFrom
    return output.map((channel) => channel.subarray(0, emittedEnd - firstEmitted))
  }

  private get totalBlocks(): number {
    return Math.ceil(this.received / this.block)
  }

  /**
   * Measures the next block's true peak once the samples its interpolation reads have arrived.
   * After the end, the blocks past the last are silent, as far as the last block's look-ahead.
   */
  private measureNextBlock(): boolean {
    const b = this.measuredBlocks
    const blockEnd = (b + 1) * this.block
    if (this.ended) {
      if (b > this.totalBlocks + this.attack + 1) return false
    } else if (this.received < blockEnd + TRUE_PEAK_LOOKAHEAD) {
      return false
    }
    let peak = this.quietPeak
    if (b * this.block < this.received) {
      const from = b * this.block - this.heldStart
      const to = Math.min(blockEnd, this.received) - this.heldStart
      for (const channel of this.held) peak = Math.max(peak, rangeTruePeak(channel, from, to, peak))
    }
    this.peaks[b & this.ringMask] = peak
    this.measuredBlocks++
    return true
  }

  /** The gain each block may have: its peak to the ceiling, less the room the slope needs. */
  private allowNextBlocks(): void {
    const { peaks, ringMask } = this
    // A block's room depends on the samples next to it, so on its neighbours' peaks too.
    while (this.allowedBlocks + 1 < this.measuredBlocks) {
      const b = this.allowedBlocks
      const peak = peaks[b & ringMask] as number
      const before = b > 0 ? (peaks[(b - 1) & ringMask] as number) : this.quietPeak
      const nearby = Math.max(before, peak, peaks[(b + 1) & ringMask] as number)
      const gain = nearby <= this.quietPeak ? 1 : (this.ceiling - this.slopeRoom * nearby) / peak
      this.allowed[b & ringMask] = Math.max(0, Math.min(1, gain))
      this.allowedBlocks++
    }
  }

  /** The gain envelope: the smallest gain allowed from one block back to `attack` ahead, released. */
  private releaseNextBlocks(): void {
    const { allowed, ringMask, attack } = this
    while (this.releasedBlocks + attack < this.allowedBlocks) {
      const k = this.releasedBlocks
      let minimum = 1
      for (let b = Math.max(0, k - 1); b <= k + attack; b++) {
        minimum = Math.min(minimum, allowed[b & ringMask] as number)
      }
      this.envelope = Math.min(
        minimum,
        this.envelope + (1 - this.envelope) * this.releaseCoefficient,
      )
      this.released[k & ringMask] = this.envelope
      if (k === 0) this.firstReleased = this.envelope
      this.releasedBlocks++
    }
  }

  /** The envelope averaged over the `attack` blocks up to block j: the gain where block j starts. */
  private smoothedGain(j: number): number {
    let sum = 0
    for (let k = j - this.attack + 1; k <= j; k++) {
      sum += k < 0 ? this.firstReleased : (this.released[k & this.ringMask] as number)
    }
    return sum / this.attack
  }

  /** Writes each block whose gain ramp is known (it needs the next block's gain) into `output`. */
  private emitNextBlocks(output: Float32Array[], firstEmitted: number): void {
    const { block } = this
    const last = this.ended ? this.totalBlocks : Number.POSITIVE_INFINITY
    while (this.emittedBlocks < last && this.emittedBlocks + 1 < this.releasedBlocks) {
      const j = this.emittedBlocks
      const g0 = j === 0 ? this.smoothedGain(0) : this.nextBlockGain
      this.nextBlockGain = this.smoothedGain(j + 1)
      const slope = (this.nextBlockGain - g0) / block
      const from = j * block
      const count = Math.min(from + block, this.received) - from
      const input = from - this.heldStart
      const at = from - firstEmitted
      for (let c = 0; c < this.channelCount; c++) {
        const held = this.held[c] as Float32Array
        const out = output[c] as Float32Array
        // Most blocks are far from any peak and pass unchanged.
        if (g0 === 1 && slope === 0) {
          out.set(held.subarray(input, input + count), at)
          continue
        }
        for (let i = 0; i < count; i++) {
          out[at + i] = (held[input + i] as number) * (g0 + slope * i)
        }
      }
      this.emittedBlocks++
    }
  }
}
