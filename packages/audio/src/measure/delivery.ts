/**
 * What MP3 delivery does to a master, and what the master does about it.
 *
 * A master limited to -1 dBTP comes back from LAME (192 kbit/s) peaking higher, measured on 8
 * generated songs: up to +1.6 dB. Two causes, in about equal parts:
 * 1. LAME's own low-pass (about 18.6 kHz at 192 kbit/s) takes away the highs of sharp transients
 *    (pluck and drum attacks), and the band-limited wave swings further than the original
 *    (Gibbs): a steep low-pass alone raised one song's true peak by 0.6 to 0.85 dB.
 * 2. The codec's quantisation noise adds to the peaks: the rest, up to about 1 dB.
 * So a master meant for MP3 is low-passed before its limiter (the limiter then sees the band the
 * codec keeps), and limited to a lower ceiling, `MP3_DELIVERY_CEILING_DB`, chosen from
 * measurement. Files that are not streamed are also checked after encoding (`mp3TruePeakDb`) and
 * encoded again quieter in the rare case that is still needed.
 */
import { streamMp3 } from '../io/mp3'
import { gainToDb } from '../mix'
import { TruePeakMeter } from './truePeak'

/** The promise made on the decoded file, in dBTP. */
export const DELIVERED_MAX_TRUE_PEAK_DB = -1

/**
 * The ceiling a master meant for MP3 is limited to before encoding, in dBTP. Measured on songs
 * the engine generated (with the low-pass before the limiter), the decoded MP3 peaked at most
 * 0.75 dB over the master's ceiling; this leaves 0.25 dB more.
 */
export const MP3_DELIVERY_CEILING_DB = -2.5

/** The low-pass corner: under LAME's own at 192 kbit/s, above what anyone hears in a song. */
const LOWPASS_HZ = 17000
/** Butterworth order (a cascade of order / 2 biquads): about 9 dB down where LAME cuts. */
const LOWPASS_ORDER = 8

interface Section {
  b0: number
  b1: number
  b2: number
  a1: number
  a2: number
}

/** The biquad sections of a Butterworth low-pass (bilinear transform, RBJ's cookbook form). */
function butterworthSections(cornerHz: number, sampleRate: number, order: number): Section[] {
  const w0 = (2 * Math.PI * cornerHz) / sampleRate
  const cos = Math.cos(w0)
  return Array.from({ length: order / 2 }, (_, k) => {
    const q = 1 / (2 * Math.cos((Math.PI * (2 * k + 1)) / (2 * order)))
    const alpha = Math.sin(w0) / (2 * q)
    const a0 = 1 + alpha
    return {
      b0: (1 - cos) / 2 / a0,
      b1: (1 - cos) / a0,
      b2: (1 - cos) / 2 / a0,
      a1: (-2 * cos) / a0,
      a2: (1 - alpha) / a0,
    }
  })
}

/**
 * A streaming low-pass that keeps a master within the band LAME encodes. At sample rates whose
 * Nyquist frequency is under 20 kHz the corner moves down with it (to 0.38 of the rate, under
 * what LAME keeps there); chunks may be of any length, and the filter keeps its state between
 * them.
 */
export class DeliveryLowpass {
  private readonly sections: Section[]
  /** Per channel and section: x1, x2, y1, y2. */
  private readonly state: Float64Array

  constructor(
    readonly sampleRate: number,
    readonly channelCount: number,
  ) {
    const corner = Math.min(LOWPASS_HZ, 0.38 * sampleRate)
    this.sections = butterworthSections(corner, sampleRate, LOWPASS_ORDER)
    this.state = new Float64Array(channelCount * this.sections.length * 4)
  }

  /** The chunk filtered, as new arrays (the chunk itself is left as it is). */
  process(channels: readonly Float32Array[]): Float32Array[] {
    return channels.map((input, c) => {
      const channel = input.slice()
      this.sections.forEach((section, s) => {
        const at = (c * this.sections.length + s) * 4
        const { b0, b1, b2, a1, a2 } = section
        let x1 = this.state[at] as number
        let x2 = this.state[at + 1] as number
        let y1 = this.state[at + 2] as number
        let y2 = this.state[at + 3] as number
        for (let i = 0; i < channel.length; i++) {
          const x = channel[i] as number
          const y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
          x2 = x1
          x1 = x
          y2 = y1
          // Denormals would slow the filter to a crawl in a silent stretch.
          y1 = Math.abs(y) < 1e-30 ? 0 : y
          channel[i] = y
        }
        this.state.set([x1, x2, y1, y2], at)
      })
      return channel
    })
  }
}

/** The true peak of an MP3 as a player decodes it, in dBTP (-Infinity for silence). */
export async function mp3TruePeakDb(mp3: Uint8Array): Promise<number> {
  const meter = new TruePeakMeter()
  for await (const chunk of streamMp3(mp3)) meter.push(chunk.channels)
  return gainToDb(meter.finish())
}
