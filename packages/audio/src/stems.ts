/**
 * The one gain both separation stems share, whichever engine separated them: a limiter on either
 * stem would break vocals + accompaniment = the song, so loudness and true peak are met by one gain.
 */
import { DEFAULT_MAX_TRUE_PEAK_DB, DEFAULT_TARGET_LUFS, LoudnessMeter } from './measure/loudness'
import { channelTruePeak } from './measure/truePeak'
import { dbToGain, frameCount, gainToDb } from './mix'
import type { PcmAudio } from './types'

export interface StemPair {
  vocals: PcmAudio
  accompaniment: PcmAudio
}

export interface SharedGainOptions {
  /** Loudness the stems' sum should reach. Default -14 LUFS. */
  targetLufs?: number
  /** Neither stem's true peak may pass this. Default -1 dBTP. */
  ceilingDb?: number
}

/** Loudness of a + b, summed a piece at a time rather than into a third full-length copy. */
export function sumLoudness(a: PcmAudio, b: PcmAudio): number {
  const meter = new LoudnessMeter(a.sampleRate, a.channels.length)
  const length = frameCount(a)
  const span = 65536
  for (let start = 0; start < length; start += span) {
    const end = Math.min(length, start + span)
    meter.push(
      a.channels.map((channel, c) => {
        const out = channel.slice(start, end)
        const other = b.channels[c] as Float32Array
        for (let i = 0; i < out.length; i++)
          out[i] = (out[i] as number) + (other[start + i] as number)
        return out
      }),
    )
  }
  return meter.integrated()
}

export function applyGainInPlace(audio: PcmAudio, gainDb: number): void {
  const gain = dbToGain(gainDb)
  for (const channel of audio.channels) {
    for (let i = 0; i < channel.length; i++) channel[i] = (channel[i] as number) * gain
  }
}

/**
 * The gain that puts the stems' sum at the target, lowered if needed so neither stem's true peak
 * passes the ceiling. Not finite when the stems are silent: the caller decides what that means.
 */
export function sharedStemGainDb(stems: StemPair, options: SharedGainOptions = {}): number {
  const target = options.targetLufs ?? DEFAULT_TARGET_LUFS
  const ceiling = options.ceilingDb ?? DEFAULT_MAX_TRUE_PEAK_DB
  let gainDb = target - sumLoudness(stems.vocals, stems.accompaniment)
  let peak = 0
  for (const stem of [stems.vocals, stems.accompaniment]) {
    for (const channel of stem.channels) peak = Math.max(peak, channelTruePeak(channel))
  }
  if (peak > 0) gainDb = Math.min(gainDb, ceiling - gainToDb(peak))
  return gainDb
}

/** Applies `sharedStemGainDb` to both stems in place. */
export function shareStemGain(
  stems: StemPair,
  options: SharedGainOptions = {},
): StemPair & { gainDb: number } {
  const gainDb = sharedStemGainDb(stems, options)
  if (Number.isFinite(gainDb)) {
    applyGainInPlace(stems.vocals, gainDb)
    applyGainInPlace(stems.accompaniment, gainDb)
  }
  return { ...stems, gainDb }
}
