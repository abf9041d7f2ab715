import type { PcmChunkSource } from '../measure/loudness'

/** Frames handed out per chunk when a tape is read back. */
const READ_CHUNK_FRAMES = 131072

/**
 * A long intermediate signal kept as 16-bit samples, half the memory of float: a 10-minute stereo
 * song is 106 MB instead of 212 MB, which is what lets a streaming job measure its whole output
 * before it applies one gain and encodes. Samples are stored as `value / headroom` in 16 bits, so
 * values up to ±`headroom` survive; the quantisation step is `headroom / 32767` (about -96 dB
 * below `headroom`), far under what an MP3 keeps. A value beyond the headroom is clipped and
 * counted in `overflow`, so the caller can run again with more.
 */
export class PcmTape implements PcmChunkSource {
  private data: Int16Array[]
  private readonly toStored: number
  private readonly fromStored: number
  private written = 0
  /** The largest absolute value written, stored or clipped. */
  peak = 0

  constructor(
    readonly sampleRate: number,
    readonly channelCount: number,
    expectedFrames: number,
    readonly headroom = 1,
  ) {
    this.data = Array.from({ length: channelCount }, () => new Int16Array(expectedFrames))
    this.toStored = 32767 / headroom
    this.fromStored = headroom / 32767
  }

  get frames(): number {
    return this.written
  }

  /** True when some value was beyond the headroom and clipped. */
  get overflow(): boolean {
    return this.peak > this.headroom
  }

  write(channels: readonly Float32Array[]): void {
    const count = channels[0]?.length ?? 0
    if (this.written + count > (this.data[0]?.length ?? 0)) {
      // Only when the header's length estimate was short: grow by a quarter, not double.
      const capacity = Math.ceil((this.written + count) * 1.25)
      this.data = this.data.map((old) => {
        const grown = new Int16Array(capacity)
        grown.set(old.subarray(0, this.written))
        return grown
      })
    }
    const scale = this.toStored
    let peak = this.peak
    this.data.forEach((stored, c) => {
      const source = channels[c] ?? channels[0]
      if (!source) return
      for (let i = 0; i < count; i++) {
        const value = source[i] as number
        const magnitude = value < 0 ? -value : value
        if (magnitude > peak) peak = magnitude
        const scaled = Math.round(value * scale)
        stored[this.written + i] = scaled > 32767 ? 32767 : scaled < -32767 ? -32767 : scaled
      }
    })
    this.peak = peak
    this.written += count
  }

  /** Samples [start, start + into[0].length) of every channel, as floats, into `into`. */
  read(start: number, into: readonly Float32Array[]): void {
    const scale = this.fromStored
    this.data.forEach((stored, c) => {
      const out = into[c]
      if (!out) return
      const count = Math.max(0, Math.min(out.length, this.written - start))
      for (let i = 0; i < count; i++) out[i] = (stored[start + i] as number) * scale
      out.fill(0, count)
    })
  }

  *chunks(): Generator<readonly Float32Array[]> {
    const buffers = this.data.map(() => new Float32Array(READ_CHUNK_FRAMES))
    for (let start = 0; start < this.written; start += READ_CHUNK_FRAMES) {
      const count = Math.min(READ_CHUNK_FRAMES, this.written - start)
      const chunk = buffers.map((buffer) => buffer.subarray(0, count))
      this.read(start, chunk)
      yield chunk
    }
  }

  /** Frees the samples; the tape is empty afterwards. */
  release(): void {
    this.data = this.data.map(() => new Int16Array(0))
    this.written = 0
  }
}
