/**
 * True-peak detection per ITU-R BS.1770-4 Annex 2: the signal is oversampled 4x with a
 * windowed-sinc interpolator (12 taps per phase, 48 in all) and the largest absolute value of the
 * oversampled signal is the true peak. Phase 0 of the interpolator is the sample itself.
 */
const OVERSAMPLING = 4
const HALF_TAPS = 6
const TAPS = 2 * HALF_TAPS
const KAISER_BETA = 5

function besselI0(x: number): number {
  let sum = 1
  let term = 1
  for (let k = 1; k < 40; k++) {
    term *= (x / 2 / k) * (x / 2 / k)
    sum += term
  }
  return sum
}

/** INTERPOLATOR[(p - 1) * TAPS + m] weighs x[n - HALF_TAPS + 1 + m] for the point n + p/4. */
const INTERPOLATOR = (() => {
  const table = new Float64Array((OVERSAMPLING - 1) * TAPS)
  for (let p = 1; p < OVERSAMPLING; p++) {
    const fraction = p / OVERSAMPLING
    let sum = 0
    for (let m = 0; m < TAPS; m++) {
      const x = fraction - (m - HALF_TAPS + 1)
      const r = x / HALF_TAPS
      const window =
        Math.abs(r) >= 1 ? 0 : besselI0(KAISER_BETA * Math.sqrt(1 - r * r)) / besselI0(KAISER_BETA)
      const value = (Math.sin(Math.PI * x) / (Math.PI * x)) * window
      table[(p - 1) * TAPS + m] = value
      sum += value
    }
    for (let m = 0; m < TAPS; m++)
      table[(p - 1) * TAPS + m] = (table[(p - 1) * TAPS + m] as number) / sum
  }
  return table
})()

/** Sum of |coefficient| of the loudest phase: no interpolated point exceeds this × the window's sample peak. */
const INTERPOLATION_BOUND = (() => {
  let bound = 1
  for (let p = 0; p < OVERSAMPLING - 1; p++) {
    let sum = 0
    for (let m = 0; m < TAPS; m++) sum += Math.abs(INTERPOLATOR[p * TAPS + m] as number)
    bound = Math.max(bound, sum)
  }
  return bound
})()

/** Samples after a position that its interpolation reads: its true peak is known once they arrive. */
export const TRUE_PEAK_LOOKAHEAD = HALF_TAPS

/**
 * How far a gain that varies along the signal can move an interpolated point away from the point
 * scaled by the gain at its own sample: at most this × (largest gain change per sample) × (the
 * largest sample in the window). It is the largest, over the phases, of the sum of |coefficient| ×
 * (distance in samples between the tap and the point's own sample). A limiter whose gain curve
 * changes slowly uses it to keep the true peak of its output, not just of its input, under the
 * ceiling.
 */
export const INTERPOLATION_SLOPE_WEIGHT = (() => {
  let weight = 0
  for (let p = 0; p < OVERSAMPLING - 1; p++) {
    let sum = 0
    for (let m = 0; m < TAPS; m++) {
      sum += Math.abs(INTERPOLATOR[p * TAPS + m] as number) * Math.abs(m - (HALF_TAPS - 1))
    }
    weight = Math.max(weight, sum)
  }
  return weight
})()

/** Positions are examined in spans this long; a span that cannot beat the peak so far is skipped. */
const SKIP_SPAN = 64

function interpolatedPeak(
  channel: Float32Array,
  from: number,
  to: number,
  peakSoFar: number,
): number {
  const n = channel.length
  const h = INTERPOLATOR
  let peak = peakSoFar
  for (let i = from; i < to; i++) {
    const sample = Math.abs(channel[i] as number)
    if (sample > peak) peak = sample
    const first = i - HALF_TAPS + 1
    let a1 = 0
    let a2 = 0
    let a3 = 0
    if (first >= 0 && first + TAPS <= n) {
      for (let m = 0; m < TAPS; m++) {
        const x = channel[first + m] as number
        a1 += (h[m] as number) * x
        a2 += (h[TAPS + m] as number) * x
        a3 += (h[2 * TAPS + m] as number) * x
      }
    } else {
      for (let m = 0; m < TAPS; m++) {
        const k = first + m
        if (k < 0 || k >= n) continue
        const x = channel[k] as number
        a1 += (h[m] as number) * x
        a2 += (h[TAPS + m] as number) * x
        a3 += (h[2 * TAPS + m] as number) * x
      }
    }
    const inter = Math.max(Math.abs(a1), Math.abs(a2), Math.abs(a3))
    if (inter > peak) peak = inter
  }
  return peak
}

/**
 * The largest absolute value of the 4x oversampled signal at positions [from, to) of one channel,
 * with samples outside the array counted as silence. Values at or below `floor` need not be exact:
 * spans whose samples prove they cannot exceed max(floor, peak so far) are skipped, which makes
 * typical music several times faster to measure.
 */
export function rangeTruePeak(channel: Float32Array, from: number, to: number, floor = 0): number {
  let peak = 0
  for (let start = from; start < to; start += SKIP_SPAN) {
    const end = Math.min(to, start + SKIP_SPAN)
    let spanMax = 0
    const lo = Math.max(0, start - HALF_TAPS + 1)
    const hi = Math.min(channel.length, end + HALF_TAPS)
    for (let k = lo; k < hi; k++) {
      const value = Math.abs(channel[k] as number)
      if (value > spanMax) spanMax = value
    }
    if (spanMax * INTERPOLATION_BOUND <= Math.max(peak, floor)) {
      if (spanMax > peak) peak = spanMax
      continue
    }
    peak = interpolatedPeak(channel, start, end, peak)
  }
  return peak
}

/**
 * Raises `blockPeaks[b]` to the true peak of block b (samples b·blockSize up to the next block) of
 * one channel, so several channels can share one array. Blocks whose true peak is at or below
 * `floor` may get any value up to `floor` (the caller does not care about them).
 */
export function accumulateBlockTruePeaks(
  channel: Float32Array,
  blockSize: number,
  blockPeaks: Float32Array,
  floor = 0,
): void {
  for (let b = 0; b * blockSize < channel.length; b++) {
    const start = b * blockSize
    const end = Math.min(channel.length, start + blockSize)
    const peak = rangeTruePeak(channel, start, end, Math.max(floor, blockPeaks[b] as number))
    if (peak > (blockPeaks[b] as number)) blockPeaks[b] = peak
  }
}

/** Linear true peak of one channel (1.0 = full scale). */
export function channelTruePeak(channel: Float32Array): number {
  return rangeTruePeak(channel, 0, channel.length)
}

/**
 * Streaming true-peak meter: feed consecutive chunks of one stream; it keeps the few samples of
 * context the interpolator needs across chunk edges, so the result equals measuring it whole.
 */
export class TruePeakMeter {
  private context: Float32Array[] = []
  /** Index in each context array of the first position not yet measured. */
  private pending: number[] = []
  private peak = 0

  push(channels: readonly Float32Array[]): void {
    channels.forEach((chunk, c) => {
      const previous = this.context[c] ?? new Float32Array(0)
      const joined = new Float32Array(previous.length + chunk.length)
      joined.set(previous)
      joined.set(chunk, previous.length)
      let pending = this.pending[c] ?? 0
      // A position is final once the samples its window looks ahead to have arrived.
      const settledEnd = joined.length - HALF_TAPS
      if (settledEnd > pending) {
        this.peak = Math.max(this.peak, rangeTruePeak(joined, pending, settledEnd))
        pending = settledEnd
      }
      const keepFrom = Math.max(0, pending - HALF_TAPS + 1)
      this.context[c] = joined.slice(keepFrom)
      this.pending[c] = pending - keepFrom
    })
  }

  /** The true peak so far, linear; call after the last chunk (what follows counts as silence). */
  finish(): number {
    this.context.forEach((context, c) => {
      this.peak = Math.max(this.peak, rangeTruePeak(context, this.pending[c] ?? 0, context.length))
    })
    this.context = []
    this.pending = []
    return this.peak
  }
}

/**
 * Streaming per-block true peaks: feed consecutive chunks of one multichannel stream; `finish`
 * returns, for every block of `blockSize` samples, the largest true peak of any channel in it,
 * exactly as `accumulateBlockTruePeaks` over the whole stream would. This is what a look-ahead
 * limiter needs from a song that is never held whole.
 */
export class BlockTruePeakMeter {
  private peaks = new Float32Array(1024)
  /** Per channel: samples from absolute position `contextStart` on. */
  private context: Float32Array[] = []
  private contextStart = 0
  /** Absolute position of the first sample not yet measured. */
  private measured = 0
  private length = 0

  constructor(readonly blockSize: number) {}

  push(channels: readonly Float32Array[]): void {
    const added = channels[0]?.length ?? 0
    if (added === 0) return
    this.context = channels.map((chunk, c) => {
      const previous = this.context[c] ?? new Float32Array(0)
      const joined = new Float32Array(previous.length + chunk.length)
      joined.set(previous)
      joined.set(chunk, previous.length)
      return joined
    })
    this.length += added
    // A position is final once the samples its interpolation window looks ahead to have arrived.
    this.measureUpTo(this.length - HALF_TAPS)
  }

  /** The block peaks (linear); what follows the last chunk counts as silence. */
  finish(): Float32Array {
    this.measureUpTo(this.length)
    this.context = []
    return this.peaks.subarray(0, Math.ceil(this.length / this.blockSize))
  }

  private measureUpTo(end: number): void {
    if (end <= this.measured) return
    const blocks = Math.ceil(end / this.blockSize)
    if (blocks > this.peaks.length) {
      const grown = new Float32Array(Math.max(blocks, this.peaks.length * 2))
      grown.set(this.peaks)
      this.peaks = grown
    }
    for (const channel of this.context) {
      for (let from = this.measured; from < end;) {
        const block = Math.floor(from / this.blockSize)
        const to = Math.min(end, (block + 1) * this.blockSize)
        const peak = rangeTruePeak(channel, from - this.contextStart, to - this.contextStart)
        if (peak > (this.peaks[block] as number)) this.peaks[block] = peak
        from = to
      }
    }
    this.measured = end
    // Keep the samples the next positions' windows reach back to.
    const keepFrom = Math.max(this.contextStart, this.measured - HALF_TAPS + 1)
    if (keepFrom > this.contextStart) {
      this.context = this.context.map((channel) => channel.slice(keepFrom - this.contextStart))
      this.contextStart = keepFrom
    }
  }
}
