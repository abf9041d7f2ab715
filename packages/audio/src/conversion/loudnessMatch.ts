import { LoudnessMeter } from '../measure/loudness'

/** Both sides are compared over 400 ms (four 100 ms blocks of BS.1770) up to the block itself. */
const WINDOW_BLOCKS = 4
/**
 * A new block's gain is reached over this long at the block's start: short enough that the
 * block's power is its own gain's, long enough not to click.
 */
const RAMP_SECONDS = 0.02
/** The follower never boosts or cuts more than this (18 dB): beyond it something else is wrong. */
const MAX_GAIN = 8
/** BS.1770's absolute gate (-70 LUFS) as a block power: quieter blocks say nothing about level. */
const GATE_POWER = Math.pow(10, (-70 + 0.691) / 10)

/**
 * Keeps a converted vocal at the K-weighted loudness (BS.1770) of the vocal it was made from,
 * while both stream. Pitch shifting, formant correction, timbre transfer and the tone curve each
 * change the level, by up to several dB and differently for each shift and note.
 *
 * The source is measured as it is pushed in; the converted output (which lags it) is held back
 * one 100 ms block, measured, and scaled by the square root of the ratio of the two sides' powers
 * over the 400 ms up to and including that block (a momentary loudness), the gain ramping
 * linearly from the previous block's value over the block's first 20 ms so it never clicks.
 * A ratio of sums over blocks whose ratios differ (a sibilant beside a vowel) and the ramps leave
 * a bias in the integrated loudness; it is measured as the stream goes (the source's power over
 * the power the local gains alone would give, over the blocks BS.1770's gates would keep) and
 * divided out, so the whole converted vocal lands on the source's integrated loudness. The gain of a sample depends only on the samples up to the end
 * of its block, so the result does not depend on how the stream was cut into chunks.
 */
export class LoudnessFollower {
  private readonly source: LoudnessMeter
  private readonly converted: LoudnessMeter
  private readonly blockLength: number
  private readonly rampLength: number
  private readonly pending: Float32Array[]
  private pendingLength = 0
  private gain = 1
  /** The gain from the window alone, before the bias correction. */
  private localGain = 1
  /** Gated source power so far, and the power the local gains alone gave the same blocks. */
  private sourceTotal = 0
  private localTotal = 0
  private gatedSum = 0
  private gatedCount = 0

  constructor(sampleRate: number, channelCount: number) {
    this.source = new LoudnessMeter(sampleRate, channelCount)
    this.converted = new LoudnessMeter(sampleRate, channelCount)
    this.blockLength = Math.max(1, Math.round(sampleRate / 10))
    this.rampLength = Math.max(1, Math.round(RAMP_SECONDS * sampleRate))
    this.pending = Array.from({ length: channelCount }, () => new Float32Array(this.blockLength))
  }

  /** The source vocal, pushed before the converted samples of the same positions. */
  observe(source: readonly Float32Array[]): void {
    this.source.push(source)
  }

  /** Takes the next converted samples; returns those now scaled (the held block lags behind). */
  push(converted: readonly Float32Array[]): Float32Array[] {
    const length = converted[0]?.length ?? 0
    const out = this.pending.map(() => new Float32Array(this.outputLength(length)))
    let written = 0
    let read = 0
    while (read < length) {
      const take = Math.min(length - read, this.blockLength - this.pendingLength)
      this.pending.forEach((block, c) =>
        block.set((converted[c] as Float32Array).subarray(read, read + take), this.pendingLength),
      )
      this.pendingLength += take
      read += take
      if (this.pendingLength === this.blockLength) {
        this.release(out, written, true)
        written += this.blockLength
      }
    }
    return out
  }

  /** The held samples, scaled. */
  end(): Float32Array[] {
    const out = this.pending.map(() => new Float32Array(this.pendingLength))
    this.release(out, 0, false)
    return out
  }

  private outputLength(incoming: number): number {
    return Math.floor((this.pendingLength + incoming) / this.blockLength) * this.blockLength
  }

  /** Scales the held block (whole, or the stream's last partial one) into `out` at `at`. */
  private release(out: Float32Array[], at: number, whole: boolean): void {
    const length = this.pendingLength
    const blocks = this.pending.map((block) => block.subarray(0, length))
    // Measured before the gain, so the gain never chases itself.
    this.converted.push(blocks)
    let target = this.gain
    if (whole) {
      const previous = this.localGain
      this.localGain = this.windowGain()
      const index = this.converted.blockPowers.length - 1
      const source = this.source.blockPowers[index] ?? 0
      if (source >= GATE_POWER) {
        this.gatedCount++
        this.gatedSum += source
      }
      // BS.1770's relative gate, 10 LU under the mean so far: quiet blocks do not count.
      if (source >= GATE_POWER && source >= (0.1 * this.gatedSum) / this.gatedCount) {
        // Mean square over the block of a short linear ramp from `previous` to the new local gain.
        const next = this.localGain
        const glide = Math.min(1, this.rampLength / this.blockLength)
        const ramp =
          glide * ((previous * previous + previous * next + next * next) / 3) +
          (1 - glide) * next * next
        this.sourceTotal += source
        this.localTotal += (this.converted.blockPowers[index] as number) * ramp
      }
      const bias = this.localTotal > 0 ? Math.sqrt(this.sourceTotal / this.localTotal) : 1
      target = clampGain(this.localGain * bias)
    }
    const start = this.gain
    blocks.forEach((block, c) => {
      const destination = out[c] as Float32Array
      const ramp = Math.min(length, this.rampLength)
      for (let i = 0; i < length; i++) {
        const gain = i < ramp ? start + ((target - start) * (i + 1)) / ramp : target
        destination[at + i] = (block[i] as number) * gain
      }
    })
    this.gain = target
    this.pendingLength = 0
  }

  private windowGain(): number {
    const converted = this.converted.blockPowers
    const source = this.source.blockPowers
    const end = Math.min(converted.length, source.length)
    let sourceSum = 0
    let convertedSum = 0
    for (let k = Math.max(0, end - WINDOW_BLOCKS); k < end; k++) {
      const power = source[k] as number
      if (power < GATE_POWER) continue
      sourceSum += power
      convertedSum += converted[k] as number
    }
    if (!(sourceSum > 0 && convertedSum > 0)) return this.localGain
    return clampGain(Math.sqrt(sourceSum / convertedSum))
  }
}

function clampGain(gain: number): number {
  return Math.min(MAX_GAIN, Math.max(1 / MAX_GAIN, gain))
}
