import { LoudnessMeter } from '../measure/loudness'

/** Both sides are compared over the last second (ten 100 ms blocks of BS.1770). */
const WINDOW_BLOCKS = 10
/** Time constant of the gain's glide from one block's value to the next. */
const GLIDE_SECONDS = 0.1
/** The follower never boosts or cuts more than this (18 dB): beyond it something else is wrong. */
const MAX_GAIN = 8
/** BS.1770's absolute gate (-70 LUFS) as a block power: quieter blocks say nothing about level. */
const GATE_POWER = Math.pow(10, (-70 + 0.691) / 10)

/**
 * Keeps a converted vocal at the K-weighted loudness (BS.1770) of the vocal it was made from,
 * while both stream. Pitch shifting, formant correction, timbre transfer and the tone curve each
 * change the level, by up to several dB and differently for each shift; here the source is
 * measured as it is pushed in, the converted output (which lags it) as it comes out, block by
 * 100 ms block, and the output is scaled by the square root of the ratio of their powers over the
 * last 3 s of both, gliding from block to block. The gain of a sample depends only on what came
 * before it, so the result does not depend on how the stream was cut into chunks.
 */
export class LoudnessFollower {
  private readonly source: LoudnessMeter
  private readonly converted: LoudnessMeter
  private readonly blockLength: number
  private readonly glide: number
  private position = 0
  private gain = 1
  private target = 1

  constructor(sampleRate: number, channelCount: number) {
    this.source = new LoudnessMeter(sampleRate, channelCount)
    this.converted = new LoudnessMeter(sampleRate, channelCount)
    this.blockLength = Math.max(1, Math.round(sampleRate / 10))
    this.glide = 1 - Math.exp(-1 / (GLIDE_SECONDS * sampleRate))
  }

  /** The source vocal, pushed before the converted samples of the same positions are applied. */
  observe(source: readonly Float32Array[]): void {
    this.source.push(source)
  }

  /** Scales the next converted samples in place. */
  apply(converted: readonly Float32Array[]): void {
    const length = converted[0]?.length ?? 0
    let done = 0
    while (done < length) {
      const blockEnd = (Math.floor(this.position / this.blockLength) + 1) * this.blockLength
      const take = Math.min(length - done, blockEnd - this.position)
      const segments = converted.map((channel) => channel.subarray(done, done + take))
      // Measured before the gain, so the gain never chases itself.
      this.converted.push(segments)
      const start = this.gain
      for (const segment of segments) {
        let gain = start
        for (let i = 0; i < take; i++) {
          gain += (this.target - gain) * this.glide
          segment[i] = (segment[i] as number) * gain
        }
        this.gain = gain
      }
      done += take
      this.position += take
      if (this.position === blockEnd) this.retarget()
    }
  }

  private retarget(): void {
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
    if (process.env.DEBUG_FOLLOW)
      console.log(
        end,
        this.position / this.blockLength,
        (10 * Math.log10(sourceSum / convertedSum)).toFixed(2),
      )
    if (sourceSum > 0 && convertedSum > 0) {
      this.target = Math.min(MAX_GAIN, Math.max(1 / MAX_GAIN, Math.sqrt(sourceSum / convertedSum)))
    }
  }
}
