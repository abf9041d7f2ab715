import { DeliveryLowpass, MP3_DELIVERY_CEILING_DB } from '../measure/delivery'
import { DEFAULT_TARGET_LUFS, LoudnessMeter, integratedLoudness } from '../measure/loudness'
import { TruePeakLimiter } from '../measure/limiter'
import { dbToGain } from '../mix'
import type { PcmAudio } from '../types'
import type { Composition } from './composer'
import type { RenderParts } from './render'
import { arrange } from './render'

/**
 * Mastering a song that is streamed while it renders. Its integrated loudness is not known when
 * the first seconds leave, so it is foreseen before rendering starts:
 * 1. the calibration excerpt (the fullest section with melody, every part at its level, finished
 *    like the song) is measured at the song's rate;
 * 2. the whole song is sketched at a quarter of that rate (about a sixth of the work: the same
 *    parts, notes, levels and finish, without the highs above 5.5 kHz) and its loudness compared
 *    with its own excerpt's: what the intros, verses and breaks add or take away;
 * 3. the limiter is run over the excerpt at the gain this gives, and what it takes is made up.
 * A constant measured on songs covers what is left. That gain is applied throughout, the band is
 * narrowed to what the MP3 keeps, and a causal true-peak limiter keeps the output at or under
 * `MP3_DELIVERY_CEILING_DB` (-2 dBTP), so the song decoded from its MP3 stays at or under -1 dBTP
 * (see measure/delivery.ts for why the codec needs that room).
 */

/** Rounds of making up for the limiter's loss on the excerpt; the second changes it by ~0.01 LU. */
const LIMITER_MAKE_UP_ROUNDS = 2

/** The rate the whole song is sketched at. */
export const SKETCH_SAMPLE_RATE = 11025

/**
 * What the foresight misses, in LU: the median over the tuning set of `bench/mastering-offset.ts`
 * (224 songs: every style with every mood, smart and advanced requests, sung and instrumental,
 * seeds 100-323). With it 0, those songs landed at -14.04 LUFS in the median, -14.64 to -13.76
 * in all (the sketch was -0.40 to +0.14 LU off the rendered song; the limiter took 0.3 dB in the
 * median, up to 1.1, most of it foreseen on the excerpt). With it, 112 other songs (seeds
 * 50000-50111, other lyrics and prompts) landed at -13.99 in the median, -14.82 to -13.80.
 */
export const FORESIGHT_OFFSET_LU = -0.04

/** How much louder (positive) or quieter the whole song is than its excerpt, from the sketch. */
function sketchedSongMinusExcerpt(
  composition: Composition,
  parts: RenderParts | undefined,
): number {
  const sketch = arrange(composition, SKETCH_SAMPLE_RATE, parts)
  for (let section = 0; section < sketch.sectionCount; section++) sketch.renderSection(section)
  sketch.finishUntil(sketch.bus.length)
  const song = integratedLoudness({
    sampleRate: SKETCH_SAMPLE_RATE,
    channels: [sketch.bus.left, sketch.bus.right],
  })
  const excerpt = integratedLoudness(sketch.excerpt)
  return Number.isFinite(song) && Number.isFinite(excerpt) ? song - excerpt : 0
}

/** The integrated loudness the finished song is foreseen to have before mastering, in LUFS. */
export function foreseeLoudness(
  composition: Composition,
  excerpt: PcmAudio,
  parts?: RenderParts,
): number {
  return integratedLoudness(excerpt) + sketchedSongMinusExcerpt(composition, parts)
}

/** How much loudness the master (low-pass and limiter) takes from the excerpt at this gain, in dB. */
function limiterLossDb(excerpt: PcmAudio, gainDb: number): number {
  const master = new SongMaster(gainDb, excerpt.sampleRate, excerpt.channels.length)
  const head = master.push(excerpt.channels)
  const meter = new LoudnessMeter(excerpt.sampleRate, excerpt.channels.length)
  meter.push(head)
  meter.push(master.end())
  return integratedLoudness(excerpt) + gainDb - meter.integrated()
}

/**
 * The gain, in dB, that should bring a song foreseen at `foreseenLufs` to -14 LUFS once limited:
 * the plain difference, raised by what the limiter takes from the excerpt at that gain (found
 * twice, as the raised gain makes it take a little more). 0 for a song foreseen silent.
 */
export function masteringGainDb(
  foreseenLufs: number,
  excerpt: PcmAudio,
  /** What the delivery format will add to the level (an MP3 encoder's, see measure/delivery.ts). */
  deliveryLevelChangeDb = 0,
): number {
  if (!Number.isFinite(foreseenLufs)) return 0
  const plain = DEFAULT_TARGET_LUFS - deliveryLevelChangeDb - (foreseenLufs + FORESIGHT_OFFSET_LU)
  let gainDb = plain
  for (let round = 0; round < LIMITER_MAKE_UP_ROUNDS; round++) {
    gainDb = plain + limiterLossDb(excerpt, gainDb)
  }
  return gainDb
}

/**
 * The song's master, fed stretch by stretch: the mastering gain, the low-pass to the band the MP3
 * keeps, then the limiter.
 */
export class SongMaster {
  private readonly lowpass: DeliveryLowpass
  private readonly limiter: TruePeakLimiter

  constructor(gainDb: number, sampleRate: number, channelCount: number) {
    this.lowpass = new DeliveryLowpass(sampleRate, channelCount)
    this.limiter = new TruePeakLimiter(sampleRate, channelCount, {
      preGain: dbToGain(gainDb),
      ceilingDb: MP3_DELIVERY_CEILING_DB,
    })
  }

  /** Takes the next stretch; returns the mastered output that is final so far. */
  push(channels: readonly Float32Array[]): Float32Array[] {
    return this.limiter.push(this.lowpass.process(channels))
  }

  /** Ends the song and returns the rest of the output. */
  end(): Float32Array[] {
    return this.limiter.end()
  }
}
