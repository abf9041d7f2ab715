/**
 * What MP3 delivery does to a master, and what the master does about it.
 *
 * A master limited to -1 dBTP comes back from LAME (192 kbit/s) peaking higher, measured on 9
 * generated songs: up to +1.6 dB. Two causes, in about equal parts:
 * 1. LAME's own low-pass (about 18.6 kHz at 192 kbit/s) takes away the highs of sharp transients
 *    (pluck and drum attacks), and the band-limited wave swings further than the original
 *    (Gibbs): a steep low-pass alone raised one song's true peak by 0.6 to 0.85 dB.
 * 2. The codec's quantisation noise adds to the peaks: the rest, up to about 1 dB.
 * So a master meant for MP3 is low-passed before its limiter (the limiter then sees the band the
 * codec keeps), and limited to a lower ceiling, `MP3_DELIVERY_CEILING_DB`, chosen from
 * measurement. Files that are not streamed are also checked after encoding (`mp3TruePeakDb`) and
 * encoded again quieter in the rare case that is still needed.
 *
 * LAME also hands every signal back a little quieter, by an amount that depends on the bitrate
 * (a 1 kHz tone: -0.26 dB at 192 kbit/s, -0.44 at 128, none at 320; the system's mpg123 decodes
 * the same, so it is in the stream, not in our decoder; 16 generated songs lost -0.25 to -0.26
 * LU at 192). `mp3LevelChangeDb` measures it for a rate and bitrate, so loudness targets can be
 * met on the decoded file.
 */
import {
  LAME_DEFAULT_QUALITY,
  Mp3StreamEncoder,
  decodeMp3,
  prepareMp3Encoders,
  streamMp3,
} from '../io/mp3'
import { gainToDb } from '../mix'
import { TruePeakMeter } from './truePeak'

/** The promise made on the decoded file, in dBTP. */
export const DELIVERED_MAX_TRUE_PEAK_DB = -1

/**
 * The ceiling a master meant for MP3 is limited to before encoding, in dBTP. Chosen at 192 kbit/s
 * (the platform's rate) on generated songs with the low-pass before the limiter: the decoded MP3
 * peaked up to 1.16 dB over the master's ceiling (folk, whose plucked attacks overshoot most;
 * most styles 0.1 to 0.55 dB), so this leaves about 0.3 dB more. 11 held-out songs then peaked
 * at -1.81 dBTP at most. A lower bitrate adds more noise: the file jobs, which check what they
 * encoded, still keep the promise there; a song generated at a lower bitrate is not checked.
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
 * Nyquist frequency is under 20 kHz the corner moves down with it (to 0.4 of the rate, under
 * what LAME keeps there); chunks may be of any length, and the filter keeps its state between
 * them.
 */
export class DeliveryLowpass {
  private readonly sections: Section[]
  /** Per channel and section: x1, x2, y1, y2 (a section's x1, x2 are the previous one's y1, y2). */
  private readonly state: Float64Array

  constructor(
    readonly sampleRate: number,
    readonly channelCount: number,
  ) {
    const corner = Math.min(LOWPASS_HZ, 0.4 * sampleRate)
    this.sections = butterworthSections(corner, sampleRate, LOWPASS_ORDER)
    this.state = new Float64Array(channelCount * this.sections.length * 4)
  }

  /** The chunk filtered, as new arrays (the chunk itself is left as it is). */
  process(channels: readonly Float32Array[]): Float32Array[] {
    return channels.map((input, c) => {
      const channel = new Float32Array(input.length)
      let source: Float32Array = input
      // Two sections per pass over the samples: half the memory traffic of one at a time.
      for (let s = 0; s < this.sections.length; s += 2) {
        this.filterPair(source, channel, c, s)
        source = channel
      }
      return channel
    })
  }

  /** Runs sections `s` and `s + 1` of channel `c` from `input` into `output` (which may be the same). */
  private filterPair(input: Float32Array, output: Float32Array, c: number, s: number): void {
    const { b0, b1, b2, a1, a2 } = this.sections[s] as Section
    const second = this.sections[s + 1] as Section
    const c0 = second.b0
    const c1 = second.b1
    const c2 = second.b2
    const d1 = second.a1
    const d2 = second.a2
    const state = this.state
    const at = (c * this.sections.length + s) * 4
    let x1 = state[at] as number
    let x2 = state[at + 1] as number
    let y1 = state[at + 2] as number
    let y2 = state[at + 3] as number
    let z1 = state[at + 6] as number
    let z2 = state[at + 7] as number
    const length = input.length
    for (let i = 0; i < length; i++) {
      const x = input[i] as number
      const y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
      x2 = x1
      x1 = x
      // The second section's input is the first's output (y), so its x1/x2 are y1/y2 before
      // they move on.
      const z = c0 * y + c1 * y1 + c2 * y2 - d1 * z1 - d2 * z2
      y2 = y1
      y1 = y
      z2 = z1
      z1 = z
      output[i] = z
    }
    // Denormals would slow the filter to a crawl through a long silence.
    const flush = (value: number) => (Math.abs(value) < 1e-30 ? 0 : value)
    state[at] = flush(x1)
    state[at + 1] = flush(x2)
    state[at + 2] = flush(y1)
    state[at + 3] = flush(y2)
    state[at + 6] = flush(z1)
    state[at + 7] = flush(z2)
  }
}

/** The true peak of an MP3 as a player decodes it, in dBTP (-Infinity for silence). */
export async function mp3TruePeakDb(mp3: Uint8Array): Promise<number> {
  const meter = new TruePeakMeter()
  for await (const chunk of streamMp3(mp3)) meter.push(chunk.channels)
  return gainToDb(meter.finish())
}

/**
 * Level changes measured ahead, for the settings every generated song is delivered in (44.1 kHz
 * stereo at 192 kbit/s, and mono, at LAME's default quality and at the generation's: a key ends
 * in `/q7` for a quality other than the default): the probe below costs about 0.11 s of CPU (LAME still cold,
 * the MP3 decoder compiled only for it) in every fresh command-line process, which is a tenth of a
 * second of the 10-second delivery budget. delivery.test.ts measures each again and fails when
 * the encoder or decoder changes what they hand back.
 */
export const KNOWN_LEVEL_CHANGES_DB: Readonly<Record<string, number>> = {
  '44100/2/192': -0.2647628052040684,
  '44100/1/192': -0.2647629910055438,
  '44100/2/192/q7': -0.2647629909225565,
  '44100/1/192/q7': -0.2647629909225565,
}

/** Measured level changes, by sample rate, channel count, bitrate and quality. */
const levelChanges = new Map<string, number>(Object.entries(KNOWN_LEVEL_CHANGES_DB))

/** The key of a setting in `KNOWN_LEVEL_CHANGES_DB`. */
export function levelChangeKey(
  sampleRate: number,
  channelCount: number,
  kbps: number,
  quality = LAME_DEFAULT_QUALITY,
): string {
  const key = `${sampleRate}/${channelCount}/${kbps}`
  return quality === LAME_DEFAULT_QUALITY ? key : `${key}/q${quality}`
}

/**
 * How much louder (positive) or quieter the MP3 encoder at this rate, bitrate and algorithm
 * quality hands a signal back, in dB: a second of a 1 kHz tone at -6 dBFS encoded and decoded,
 * its RMS compared over the middle half. Measured once per setting and remembered; the settings in `KNOWN_LEVEL_CHANGES_DB`
 * are known without measuring unless `measure` asks for it.
 */
export async function mp3LevelChangeDb(
  sampleRate: number,
  channelCount: number,
  kbps: number,
  options: { measure?: boolean; quality?: number } = {},
): Promise<number> {
  const quality = options.quality ?? LAME_DEFAULT_QUALITY
  const key = levelChangeKey(sampleRate, channelCount, kbps, quality)
  const known = options.measure === true ? undefined : levelChanges.get(key)
  if (known !== undefined) return known
  const tone = new Float32Array(sampleRate)
  for (let i = 0; i < tone.length; i++)
    tone[i] = 0.5 * Math.sin((2 * Math.PI * 1000 * i) / sampleRate)
  // The probe must run on the WebAssembly LAME that songs are encoded with, not the JavaScript port.
  await prepareMp3Encoders(quality)
  const encoder = new Mp3StreamEncoder(sampleRate, channelCount, kbps, quality)
  encoder.push(Array.from({ length: channelCount }, () => tone))
  const decoded = (await decodeMp3(encoder.finish())).channels[0] ?? new Float32Array(0)
  const from = Math.floor(sampleRate / 4)
  const to = Math.min(decoded.length, Math.floor((3 * sampleRate) / 4))
  let original = 0
  let returned = 0
  for (let i = from; i < to; i++) {
    original += (tone[i] as number) ** 2
    returned += (decoded[i] as number) ** 2
  }
  const change = original > 0 && returned > 0 ? 10 * Math.log10(returned / original) : 0
  levelChanges.set(key, change)
  return change
}
