/**
 * Vocal separation by soft time-frequency masking of the STFT, with no deep neural model: signal
 * cues, combined by a small fitted model (logistic, with eight hidden units in its second stage)
 * whose weights are fitted in this repository.
 *
 * Each bin of the spectrogram (2048-sample sqrt-Hann frames at 44.1 kHz, 50 % overlap) gets the
 * values of several cues:
 * - the lead's melody (the strongest cue on produced mixes): the predominant melody is tracked on
 *   the part of the spectrogram that does not repeat (`melody.ts`: harmonic summation, Viterbi
 *   path and voicing), and the bins on its harmonics, with a width that follows vibrato and a
 *   decaying reverb tail after each note, count for the voice; bins between harmonics and frames
 *   where nothing is sung count against it; consonants before a sung stretch and the band above
 *   the resolved harmonics are left to the other cues (`leadMask.ts`);
 * - repetition (REPET-SIM style): the accompaniment repeats bar after bar, the voice much less. For
 *   each frame the most similar frames at the song's repetition lags (peaks of its beat spectrum)
 *   are found, their per-bin median is the repeating background, and the Wiener-style ratio of
 *   the power above that background to the bin's power is the cue;
 * - stereo image (stereo input only, `stereoImage.ts`): the lead's pan, spread and coherence are
 *   measured on the bins the melody attributes to it, and a bin far from that image counts against
 *   the voice (one-sided: a bin at the lead's image may just as well be bass or kick). The cue
 *   stands aside where the lead cue claims a bin, since the voice's reverb and doubles are wide;
 * - harmonic/percussive structure: median filtering across time (harmonic) and frequency
 *   (percussive); a percussive bin (kick, snare, hi-hat) counts against the voice;
 * - frequency: where in the spectrum the bin lies (bass and kick below the voice).
 * `cueModel.ts` combines them: a logistic model per bin over the cues (how much each counts per
 * frequency band), then a second stage, linear plus eight hidden units, over that estimate's
 * neighbourhood, how often this song's vocals sit at the bin's stereo position, the cues again and
 * how much the melody's pitch moves. Its 241 weights are fitted by `bench/separation-train.ts` on
 * songs of the realistic generator's training seeds, never on the bench's; on the bench's produced
 * mixes it gains 2.2 dB of vocals SDR over hand-weighted voting of the cues' log-odds (still
 * available as `learnt: false`). Bins above ~12 kHz keep
 * a fixed rule: they lean to the accompaniment, more so away from the lead's stereo image.
 * The logistic of the log-odds is the soft mask. It is refined by a Wiener filter
 * (`wiener.ts`): the source powers are the mask's shares of each bin's power, averaged over
 * ±3 frames, and on stereo input each source's spatial covariance per frequency is learnt from
 * them, so a bin whose left/right relation matches the vocals' image leans to the vocals (the
 * multichannel Wiener filter of Open-Unmix's post-processing). The accompaniment is the input
 * minus the vocals, so the two stems sum back to the input exactly (to float rounding).
 *
 * Input is processed in blocks of ~30 s cross-faded over one second (`SeparationStream`), so memory
 * is bounded by the block size, not the song's length.
 */
import { AudioError } from '../errors'
import { stft, istft, type Spectrogram } from '../dsp/stft'
import type { PcmAudio, ProgressCallback } from '../types'
import { medianOfThirteenBits, runningMedian, smallMedian } from './median'
import { LEARNT_WEIGHTS, learntLogOdds, type BlockCues } from './cueModel'
import { leadEvidence } from './leadMask'
import { trackMelody, type MelodyTuning } from './melody'
import { findRepetitionLags } from './repetition'
import { applyStereoCue, measureStereoImage, measureStereoPositions } from './stereoImage'
import { multichannelWienerVocals, wienerMask } from './wiener'

/**
 * The knobs of the method. The weights were chosen on the realistic set's tuning seeds
 * (bench/realistic/set.ts `TUNING_SEEDS`), the rest on the synthetic set with seed 11. The Wiener
 * filter's knobs were chosen on the tuning seeds and on seeds 4–9 of the same generator (none of
 * them in `BENCH_SEEDS`).
 */
export interface SeparationTuning {
  /** Weight of the stereo cue's log-odds (0 switches it off; mono input never has it). */
  stereoWeight: number
  /** Weight of the repetition cue's log-odds. */
  repetitionWeight: number
  /** Weight of the harmonic/percussive cue's log-odds. */
  harmonicWeight: number
  /** Log-odds added outside the vocal band (negative: towards accompaniment). */
  bandPenalty: number
  /** Constant log-odds added to every bin. */
  bias: number
  /** Panning index (−1..1) at which the stereo cue falls to 1/e. */
  panWidth: number
  /** Exponent on the inter-channel phase coherence term of the stereo cue. */
  phaseExponent: number
  /** Neighbour frames whose median forms the repeating background. */
  repetitionNeighbours: number
  /** Beat-spectrum peaks (lags) at which neighbours are looked for, each in both directions. */
  repetitionLags: number
  /** How far the lead cue's evidence silences the stereo cue (0..1). */
  stereoLeadShield: number
  /** Overrides of the melody tracker's knobs. */
  melody: Partial<MelodyTuning>
  /** Weight of the lead cue's log-odds (from the tracked melody's harmonics). */
  leadWeight: number
  /** Highest frequency at which the lead's harmonics are placed, in Hz. */
  harmonicCeilingHz: number
  /** Time constant of the lead's reverb tail, in seconds. */
  reverbSeconds: number
  /** How long before a sung stretch its consonants may start, in seconds. */
  consonantLeadSeconds: number
  /** Consonant energy is looked for above this frequency, in Hz. */
  consonantFloorHz: number
  /**
   * Resynthesise stereo vocals from the mid signal (centre) instead of each channel. Off by
   * default: it drops the side part of the vocal reverb, which cost 0.4 dB on the benchmark set.
   */
  centreResynthesis: boolean
  /** Refine the mask with the (multichannel) Wiener filter of `wiener.ts`. */
  wiener: boolean
  /** Frames on each side over which the Wiener filter averages the source powers. */
  wienerSmoothingFrames: number
  /** Floor of each source's power in the Wiener filter, relative to the bin's power. */
  wienerPowerFloor: number
  /**
   * Reverberation time (60 dB of decay) of the vocals' tail in the Wiener filter, in seconds; 0
   * switches the tail off. Off by default: a fixed tail (4 s, −5 dB) gained 0.5 dB on the produced
   * mixes of the tuning seeds 1–3 but nothing on seeds 4–9, and it cost 0.4–0.6 dB on light mixes
   * and 1.3 dB on the dry synthetic song; a tail would have to be measured per song to help.
   */
  vocalReverbSeconds: number
  /** Level of that tail under a held note, relative to the note, in dB. */
  vocalReverbLevelDb: number
  /** Combine the cues with the learnt model of `cueModel.ts` (false: hand-weighted voting). */
  learnt: boolean
  /** Time constant of the lead's long (hall) reverb tail, a feature of the learnt model. */
  longReverbSeconds: number
}

export const DEFAULT_SEPARATION_TUNING: SeparationTuning = {
  stereoWeight: 0.6,
  repetitionWeight: 0.3,
  harmonicWeight: 0.6,
  bandPenalty: 2.4,
  bias: 0,
  panWidth: 0.35,
  phaseExponent: 2,
  repetitionNeighbours: 13,
  repetitionLags: 20,
  stereoLeadShield: 1,
  melody: {},
  leadWeight: 1.2,
  harmonicCeilingHz: 7000,
  reverbSeconds: 0.4,
  consonantLeadSeconds: 0.12,
  consonantFloorHz: 2500,
  centreResynthesis: false,
  wiener: true,
  wienerSmoothingFrames: 3,
  wienerPowerFloor: 0.01,
  vocalReverbSeconds: 0,
  vocalReverbLevelDb: -5,
  learnt: true,
  longReverbSeconds: 1.5,
}

export interface SeparateOptions {
  onProgress?: ProgressCallback
  /** Overrides of the method's knobs, for experiments and the benchmark's ablation rows. */
  tuning?: Partial<SeparationTuning>
  /** Sees each block's cues (for the learnt model's training script). */
  onCues?: CueObserver
}

export interface SeparatedStems {
  vocals: PcmAudio
  accompaniment: PcmAudio
}

/** Analysis parameters derived from the sample rate, so 8 kHz and 96 kHz input behave alike. */
export interface AnalysisSettings {
  frameSize: number
  hopSize: number
  binHz: number
  /** Bins up to ~12 kHz get every cue; above them only the stereo and band cues. */
  featureBins: number
  timeMedianFrames: number
  frequencyMedianBins: number
}

const FRAME_SECONDS = 0.0464
const BLOCK_SECONDS = 30
const CROSSFADE_SECONDS = 1
const FEATURE_CEILING_HZ = 12_000
/** Log-odds by which the other cues must favour the tracked harmonics for the lead cue to count fully. */
const LEAD_AGREEMENT_FOR_FULL_TRUST = 0.75

function oddAtLeast3(value: number): number {
  const rounded = Math.max(3, Math.round(value))
  return rounded % 2 === 1 ? rounded : rounded + 1
}

export function analysisSettings(sampleRate: number): AnalysisSettings {
  const frameSize = Math.min(
    8192,
    Math.max(256, 2 ** Math.round(Math.log2(sampleRate * FRAME_SECONDS))),
  )
  const hopSize = frameSize / 2
  const binHz = sampleRate / frameSize
  const binCount = frameSize / 2 + 1
  return {
    frameSize,
    hopSize,
    binHz,
    featureBins: Math.min(binCount, Math.ceil(FEATURE_CEILING_HZ / binHz) + 1),
    timeMedianFrames: oddAtLeast3(0.2 / (hopSize / sampleRate)),
    frequencyMedianBins: oddAtLeast3(400 / binHz),
  }
}

function validate(audio: PcmAudio): number {
  if (!Number.isFinite(audio.sampleRate) || audio.sampleRate <= 0) {
    throw new AudioError('invalid_option', `采样率无效（${audio.sampleRate}）`)
  }
  if (audio.channels.length === 0) throw new AudioError('invalid_option', '音频没有声道')
  const length = audio.channels[0]!.length
  if (audio.channels.some((channel) => channel.length !== length)) {
    throw new AudioError('invalid_option', '各声道长度不一致')
  }
  // One NaN would spread through every frame it touches; refuse it rather than return noise.
  for (const channel of audio.channels) {
    for (let i = 0; i < length; i++) {
      if (!Number.isFinite(channel[i]!))
        throw new AudioError('invalid_option', '音频包含无效的采样值')
    }
  }
  return length
}

/** Weight of the vocal band at a frequency: smooth shoulders at 60–150 Hz and 8–16 kHz. */
function bandWeight(frequency: number): number {
  const low = Math.min(1, Math.max(0, (frequency - 60) / 90))
  const high = frequency <= 8000 ? 1 : Math.max(0.15, 1 - (frequency - 8000) / 8000)
  return low * low * (3 - 2 * low) * high
}

/** Stems for a run of input samples, one Float32Array per channel in each. */
export interface SeparatedChunk {
  vocals: Float32Array[]
  accompaniment: Float32Array[]
}

export interface SeparationStreamOptions {
  tuning?: Partial<SeparationTuning>
  /** Called as work advances with the number of input samples whose processing is done. */
  onSamplesDone?: (samples: number) => void
  /** Sees each block's cues and spectra (the training script of the learnt model reads them). */
  onCues?: CueObserver
}

export type CueObserver = (cues: BlockCues, spectra: Spectrogram[]) => void

/**
 * Block-wise separation of input that arrives in chunks (or is too long to hold twice in memory).
 * Input is buffered until a block of ~30 s can be processed with enough after it; each block's
 * vocals are cross-faded over one second with the next block's. Memory is bounded by about 46 s
 * of input plus one block's spectrograms, whatever the song's length.
 *
 * `push` returns the stems of the samples that are now final (possibly none); `end` returns the
 * rest. Concatenated, the chunks have exactly the input's length, and vocals + accompaniment
 * equals the input sample by sample.
 */
export class SeparationStream {
  private readonly settings: AnalysisSettings
  private readonly tuning: SeparationTuning
  private readonly blockLength: number
  private readonly crossfade: number
  private pending: Float32Array[]
  private pendingLength = 0
  /** The previous block's vocals over the crossfade, already weighted by its falling ramp. */
  private carry: Float32Array[] | undefined
  private samplesDone = 0
  private ended = false

  constructor(
    readonly sampleRate: number,
    readonly channelCount: number,
    private readonly options: SeparationStreamOptions = {},
  ) {
    if (!Number.isFinite(sampleRate) || sampleRate <= 0) {
      throw new AudioError('invalid_option', `采样率无效（${sampleRate}）`)
    }
    if (!Number.isInteger(channelCount) || channelCount < 1) {
      throw new AudioError('invalid_option', '音频没有声道')
    }
    this.settings = analysisSettings(sampleRate)
    this.tuning = { ...DEFAULT_SEPARATION_TUNING, ...options.tuning }
    this.blockLength = Math.round(BLOCK_SECONDS * sampleRate)
    this.crossfade = Math.round(CROSSFADE_SECONDS * sampleRate)
    this.pending = Array.from({ length: channelCount }, () => new Float32Array(0))
  }

  push(chunk: Float32Array[]): SeparatedChunk {
    if (this.ended) throw new AudioError('invalid_option', '分离流已结束')
    if (chunk.length !== this.channelCount) {
      throw new AudioError(
        'invalid_option',
        `声道数应为 ${this.channelCount}，收到 ${chunk.length}`,
      )
    }
    const added = chunk[0]!.length
    if (chunk.some((channel) => channel.length !== added)) {
      throw new AudioError('invalid_option', '各声道长度不一致')
    }
    this.append(chunk, added)
    const parts: SeparatedChunk[] = []
    // Process a block only when at least half a block follows it, so the last block of a song is
    // never a sliver with too little material for the repetition cue.
    while (this.pendingLength >= this.blockLength * 1.5) {
      parts.push(this.processBlock(this.blockLength, false))
    }
    return concatenateChunks(parts, this.channelCount)
  }

  end(): SeparatedChunk {
    if (this.ended) throw new AudioError('invalid_option', '分离流已结束')
    this.ended = true
    if (this.pendingLength === 0) return concatenateChunks([], this.channelCount)
    return this.processBlock(this.pendingLength, true)
  }

  private append(chunk: Float32Array[], added: number): void {
    const needed = this.pendingLength + added
    if (needed > this.pending[0]!.length) {
      const capacity = Math.max(needed, Math.ceil(this.pending[0]!.length * 1.5))
      this.pending = this.pending.map((old) => {
        const grown = new Float32Array(capacity)
        grown.set(old.subarray(0, this.pendingLength))
        return grown
      })
    }
    for (let c = 0; c < this.channelCount; c++) {
      this.pending[c]!.set(chunk[c]!, this.pendingLength)
    }
    this.pendingLength = needed
  }

  private processBlock(length: number, last: boolean): SeparatedChunk {
    const emitLength = last ? length : length - this.crossfade
    const blockStart = this.samplesDone
    const report = this.options.onSamplesDone
    const onProgress = report
      ? (fraction: number) => report(blockStart + Math.floor(fraction * emitLength))
      : undefined
    const block = this.pending.map((channel) => channel.subarray(0, length))
    const blockVocals = separateBlock(
      block,
      this.settings,
      this.tuning,
      onProgress,
      this.options.onCues,
    )
    const fadeIn = this.carry ? Math.min(this.crossfade, length) : 0
    const vocals: Float32Array[] = []
    const accompaniment: Float32Array[] = []
    const nextCarry: Float32Array[] = []
    for (let c = 0; c < this.channelCount; c++) {
      const source = blockVocals[c]!
      const input = block[c]!
      const carry = this.carry?.[c]
      // The block's own vocals become the emitted ones in place (the crossfade tail after them is
      // read below, untouched): one block-long array fewer per channel to allocate and fault in.
      const vocal = source.subarray(0, emitLength)
      const rest = new Float32Array(emitLength)
      for (let i = 0; i < emitLength; i++) {
        let value = source[i]!
        // Rising ramp against the previous block's falling one: the weights sum to one.
        if (i < fadeIn && carry) value = value * ((i + 0.5) / fadeIn) + carry[i]!
        vocal[i] = value
        rest[i] = input[i]! - value
      }
      vocals.push(vocal)
      accompaniment.push(rest)
      if (!last) {
        const tail = new Float32Array(this.crossfade)
        for (let j = 0; j < this.crossfade; j++) {
          tail[j] = source[emitLength + j]! * (1 - (j + 0.5) / this.crossfade)
        }
        nextCarry.push(tail)
      }
    }
    this.carry = last ? undefined : nextCarry
    for (const channel of this.pending) channel.copyWithin(0, emitLength, this.pendingLength)
    this.pendingLength -= emitLength
    this.samplesDone += emitLength
    report?.(this.samplesDone)
    return { vocals, accompaniment }
  }
}

function concatenateChunks(parts: SeparatedChunk[], channelCount: number): SeparatedChunk {
  if (parts.length === 1) return parts[0]!
  const total = parts.reduce((sum, part) => sum + part.vocals[0]!.length, 0)
  const join = (pick: (part: SeparatedChunk) => Float32Array[]): Float32Array[] =>
    Array.from({ length: channelCount }, (_, c) => {
      const joined = new Float32Array(total)
      let offset = 0
      for (const part of parts) {
        joined.set(pick(part)[c]!, offset)
        offset += pick(part)[c]!.length
      }
      return joined
    })
  return { vocals: join((part) => part.vocals), accompaniment: join((part) => part.accompaniment) }
}

/** Input is fed to the stream in pieces this long, so its buffer never copies the whole song. */
const FEED_SECONDS = 10

/**
 * Splits a song into a vocals stem and an accompaniment stem with the same sample rate, length and
 * channel count as the input; vocals + accompaniment equals the input to float rounding.
 * Silence in gives silence out. With more than two channels the stereo cue reads the first two and
 * the mask applies to all. Throws `AudioError` ('invalid_option') for malformed `PcmAudio`
 * (no channels, unequal lengths, a bad sample rate, NaN or infinite samples).
 */
export function separate(audio: PcmAudio, options: SeparateOptions = {}): SeparatedStems {
  const length = validate(audio)
  const { sampleRate, channels } = audio
  const onProgress = options.onProgress
  const stream = new SeparationStream(sampleRate, channels.length, {
    tuning: options.tuning,
    onCues: options.onCues,
    onSamplesDone:
      onProgress && length > 0 ? (done) => onProgress(Math.min(1, done / length)) : undefined,
  })
  const vocals = channels.map(() => new Float32Array(length))
  const accompaniment = channels.map(() => new Float32Array(length))
  let written = 0
  const store = (chunk: SeparatedChunk): void => {
    for (let c = 0; c < channels.length; c++) {
      vocals[c]!.set(chunk.vocals[c]!, written)
      accompaniment[c]!.set(chunk.accompaniment[c]!, written)
    }
    written += chunk.vocals[0]!.length
  }
  const feed = Math.max(1, Math.round(FEED_SECONDS * sampleRate))
  for (let start = 0; start < length; start += feed) {
    const end = Math.min(length, start + feed)
    store(stream.push(channels.map((channel) => channel.subarray(start, end))))
  }
  store(stream.end())
  onProgress?.(1)
  return {
    vocals: { sampleRate, channels: vocals },
    accompaniment: { sampleRate, channels: accompaniment },
  }
}

/** Log-odds of a probability, clamped so a single confident cue cannot decide a bin alone. */
function logOdds(probability: number): number {
  const p = probability < 0.01 ? 0.01 : probability > 0.99 ? 0.99 : probability
  return Math.log(p / (1 - p))
}

/** The vocals of one block, one Float32Array per channel. */
function separateBlock(
  channels: Float32Array[],
  settings: AnalysisSettings,
  tuning: SeparationTuning,
  onProgress: ProgressCallback | undefined,
  onCues?: CueObserver,
): Float32Array[] {
  const length = channels[0]!.length
  const stereo = channels.length >= 2
  const stftOptions = { frameSize: settings.frameSize, hopSize: settings.hopSize }
  const spectra: Spectrogram[] = channels.map((channel) => stft(channel, stftOptions))
  onProgress?.(0.3)
  const { frameCount, binCount } = spectra[0]!
  const featureBins = settings.featureBins

  // Magnitude (power mean of the channels) for the features.
  const magnitude = new Float32Array(frameCount * featureBins)
  const channelCount = spectra.length
  for (let t = 0; t < frameCount; t++) {
    for (let k = 0; k < featureBins; k++) {
      const index = t * binCount + k
      let power = 0
      for (let c = 0; c < channelCount; c++) {
        const re = spectra[c]!.real[index]!
        const im = spectra[c]!.imag[index]!
        power += re * re + im * im
      }
      magnitude[t * featureBins + k] = Math.sqrt(power / channelCount)
    }
  }
  onProgress?.(0.4)

  // Harmonic fraction H²/(H²+P²): time median (harmonic) against frequency median (percussive).
  const harmonicLogOdds = new Float32Array(frameCount * featureBins)
  {
    const harmonic = new Float32Array(frameCount * featureBins)
    const percussive = new Float32Array(frameCount * featureBins)
    const scratch = new Float32Array(
      Math.max(settings.timeMedianFrames, settings.frequencyMedianBins),
    )
    for (let k = 0; k < featureBins; k++) {
      runningMedian(
        magnitude,
        harmonic,
        k,
        featureBins,
        frameCount,
        settings.timeMedianFrames,
        scratch,
      )
    }
    for (let t = 0; t < frameCount; t++) {
      runningMedian(
        magnitude,
        percussive,
        t * featureBins,
        1,
        featureBins,
        settings.frequencyMedianBins,
        scratch,
      )
    }
    for (let i = 0; i < harmonicLogOdds.length; i++) {
      const h2 = harmonic[i]! * harmonic[i]!
      const p2 = percussive[i]! * percussive[i]!
      harmonicLogOdds[i] = logOdds(h2 + p2 > 1e-20 ? h2 / (h2 + p2) : 0.5)
    }
  }
  onProgress?.(0.55)

  // The part of the magnitude that does not repeat: where the lead stands out for the tracker.
  const foreground = magnitude.slice()
  const repetitionLogOdds = new Float32Array(frameCount * featureBins).fill(Number.NaN)
  applyRepetitionCue(
    magnitude,
    foreground,
    repetitionLogOdds,
    frameCount,
    featureBins,
    settings,
    tuning,
  )
  onProgress?.(0.65)

  const frameSeconds = settings.hopSize / (settings.binHz * settings.frameSize)
  const leadBins = Math.min(featureBins, Math.ceil(tuning.harmonicCeilingHz / settings.binHz) + 1)
  const track = trackMelody(
    foreground,
    frameCount,
    featureBins,
    {
      binHz: settings.binHz,
      frameSeconds,
    },
    tuning.melody,
  )
  const leadSettings = {
    binHz: settings.binHz,
    frameSeconds,
    harmonicCeilingHz: tuning.harmonicCeilingHz,
    reverbSeconds: tuning.reverbSeconds,
    consonantLeadSeconds: tuning.consonantLeadSeconds,
    consonantFloorHz: tuning.consonantFloorHz,
  }
  const evidence = leadEvidence(track, frameCount, featureBins, leadSettings)

  // The voting score of the cues other than the lead, for the trust in the track below.
  const score = new Float32Array(frameCount * binCount)
  for (let k = 0; k < binCount; k++) {
    const inBand = bandWeight(k * settings.binHz)
    score[k] = tuning.bias + tuning.bandPenalty * (inBand - 1)
  }
  for (let t = 1; t < frameCount; t++) score.copyWithin(t * binCount, 0, binCount)
  for (let t = 0; t < frameCount; t++) {
    for (let k = 0; k < featureBins; k++) {
      const i = t * featureBins + k
      const repetition = repetitionLogOdds[i]!
      score[t * binCount + k]! +=
        tuning.harmonicWeight * Math.min(0, harmonicLogOdds[i]!) +
        (repetition === repetition ? tuning.repetitionWeight * repetition : 0)
    }
  }
  // Trust in the track: full when the other cues already favour its harmonics (on the realistic
  // tuning songs they did by 1.5 to 1.8 log-odds), none when no frame was voiced or they disagree,
  // so a track that followed an instrument (or a block with no singing) falls back to those cues.
  const agreement = leadAgreement(score, evidence, magnitude, track.frequency, binCount, leadBins)
  const trust = Math.max(0, Math.min(1, agreement / LEAD_AGREEMENT_FOR_FULL_TRUST))

  // The stereo cue's off-image measure per bin (0 at the lead's image, up to 6 far from it).
  let stereoOffImage: Float32Array | undefined
  const image = stereo
    ? measureStereoImage(spectra[0]!, spectra[1]!, evidence, leadBins)
    : undefined
  if (image) {
    stereoOffImage = new Float32Array(frameCount * binCount)
    applyStereoCue(spectra[0]!, spectra[1]!, image, stereoOffImage, {
      weight: -1,
      minimumPanWidth: tuning.panWidth,
      phaseExponent: tuning.phaseExponent,
      leadShield: 0,
    })
  }
  const stereoPosition = stereo
    ? measureStereoPositions(spectra[0]!, spectra[1]!, featureBins)
    : undefined

  const cues: BlockCues = {
    frameCount,
    featureBins,
    binCount,
    binHz: settings.binHz,
    frameSeconds,
    magnitude,
    harmonicLogOdds,
    repetitionLogOdds,
    lead: evidence,
    leadLongTail: leadEvidence(track, frameCount, featureBins, {
      ...leadSettings,
      reverbSeconds: tuning.longReverbSeconds,
    }),
    trust,
    stereoOffImage,
    stereoPosition,
    f0: track.frequency,
  }
  onCues?.(cues, spectra)

  if (tuning.learnt) {
    // Bins above the feature ceiling keep the band and stereo rule; the rest is the learnt model.
    if (stereoOffImage) {
      for (let t = 0; t < frameCount; t++) {
        for (let k = featureBins; k < binCount; k++) {
          score[t * binCount + k]! -= tuning.stereoWeight * stereoOffImage[t * binCount + k]!
        }
      }
    }
    learntLogOdds(cues, LEARNT_WEIGHTS, score, binCount)
  } else {
    const leadWeight = tuning.leadWeight * trust
    if (leadWeight !== 0) {
      for (let t = 0; t < frameCount; t++) {
        for (let k = 0; k < featureBins; k++) {
          const value = evidence[t * featureBins + k]!
          // NaN: the lead cue abstains (consonants, unresolved harmonics).
          if (value !== value) continue
          score[t * binCount + k]! += leadWeight * logOdds(0.08 + 0.84 * value)
        }
      }
    }
    if (image) {
      applyStereoCue(
        spectra[0]!,
        spectra[1]!,
        image,
        score,
        {
          weight: tuning.stereoWeight,
          minimumPanWidth: tuning.panWidth,
          phaseExponent: tuning.phaseExponent,
          leadShield: tuning.stereoLeadShield * trust,
        },
        { values: evidence, bins: featureBins },
      )
    }
  }
  onProgress?.(0.75)

  // The soft mask is the logistic of the summed log-odds.
  const mask = score
  for (let i = 0; i < mask.length; i++) mask[i] = 1 / (1 + Math.exp(-score[i]!))

  const result = resynthesise(
    spectra,
    mask,
    stereo && tuning.centreResynthesis,
    length,
    tuning,
    frameSeconds,
  )
  onProgress?.(1)
  return result
}

/**
 * Adds the repetition cue to `score`, and writes into `foreground` each bin's magnitude above its
 * repeating background (left as it is where the cue abstains).
 */
function applyRepetitionCue(
  magnitude: Float32Array,
  foreground: Float32Array,
  repetitionLogOdds: Float32Array,
  frameCount: number,
  featureBins: number,
  settings: AnalysisSettings,
  tuning: SeparationTuning,
): void {
  const frameSeconds = settings.hopSize / (settings.binHz * settings.frameSize)
  const lags = findRepetitionLags(
    magnitude,
    frameCount,
    featureBins,
    settings.binHz,
    frameSeconds,
    tuning.repetitionLags,
  )
  if (lags.length === 0) return
  const similarity = frameSimilarityFeatures(magnitude, frameCount, featureBins, settings.binHz)
  const bands = similarity.bandCount
  const features = similarity.features
  const wanted = tuning.repetitionNeighbours
  const chosen = new Int32Array(wanted)
  const chosenRow = new Int32Array(wanted)
  const chosenScore = new Float32Array(wanted)
  const values = new Float32Array(wanted)
  // Magnitudes are never negative, so their bit patterns order as they do (see medianOfThirteenBits).
  const magnitudeBits = new Int32Array(magnitude.buffer, magnitude.byteOffset, magnitude.length)
  const neighbourBits = new Int32Array(wanted)
  const medianBits = new Int32Array(1)
  const medianValue = new Float32Array(medianBits.buffer)
  for (let t = 0; t < frameCount; t++) {
    let found = 0
    for (const lag of lags) {
      for (let direction = -1; direction <= 1; direction += 2) {
        const u = t + direction * lag
        if (u < 0 || u >= frameCount) continue
        let similarityScore = 0
        for (let b = 0; b < bands; b++) {
          similarityScore += features[t * bands + b]! * features[u * bands + b]!
        }
        // Keep the `wanted` best candidates, sorted by similarity (descending).
        let at = found < wanted ? found++ : wanted
        if (at === wanted && similarityScore <= chosenScore[wanted - 1]!) continue
        if (at === wanted) at = wanted - 1
        while (at > 0 && chosenScore[at - 1]! < similarityScore) {
          chosenScore[at] = chosenScore[at - 1]!
          chosen[at] = chosen[at - 1]!
          at--
        }
        chosenScore[at] = similarityScore
        chosen[at] = u
      }
    }
    // With fewer than three neighbours a median is not a background model; the cue abstains.
    if (found < 3) continue
    const row = t * featureBins
    for (let j = 0; j < found; j++) chosenRow[j] = chosen[j]! * featureBins
    for (let k = 0; k < featureBins; k++) {
      const own = magnitude[row + k]!
      if (own <= 1e-12) continue
      const ownBits = magnitudeBits[row + k]!
      let quieter = 0
      for (let j = 0; j < found; j++) {
        const bits = magnitudeBits[chosenRow[j]! + k]!
        neighbourBits[j] = bits
        quieter += (bits - ownBits) >>> 31
      }
      // With no more than half the neighbours quieter than the bin, their median is at least its
      // own level, and the bin is all background: about half of them, no median needed.
      let background = own
      if (quieter > (found - 1) >> 1) {
        if (found === 13) {
          medianBits[0] = medianOfThirteenBits(neighbourBits)
          background = Math.min(own, medianValue[0]!)
        } else {
          for (let j = 0; j < found; j++) values[j] = magnitude[chosenRow[j]! + k]!
          background = Math.min(own, smallMedian(values, found))
        }
      }
      // Wiener-style ratio of the non-repeating power to the bin's power.
      const residual = own - background
      foreground[row + k] = residual
      const fraction =
        (residual * residual) / (residual * residual + background * background + 1e-30)
      repetitionLogOdds[row + k] = logOdds(fraction)
    }
  }
}

/**
 * Per-frame band summaries (about 40 bands, cube-root compressed, unit length) whose dot product
 * is the cosine similarity REPET-SIM compares frames with, at a fraction of a full-spectrum cost.
 */
function frameSimilarityFeatures(
  magnitude: Float32Array,
  frameCount: number,
  featureBins: number,
  binHz: number,
): { features: Float32Array; bandCount: number } {
  const edges = bandEdges(featureBins, binHz)
  const bandCount = edges.length - 1
  const features = new Float32Array(frameCount * bandCount)
  for (let t = 0; t < frameCount; t++) {
    let norm = 0
    for (let b = 0; b < bandCount; b++) {
      let sum = 0
      for (let k = edges[b]!; k < edges[b + 1]!; k++) sum += magnitude[t * featureBins + k]!
      const value = Math.cbrt(sum)
      features[t * bandCount + b] = value
      norm += value * value
    }
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0
    for (let b = 0; b < bandCount; b++) features[t * bandCount + b]! *= scale
  }
  return { features, bandCount }
}

/** Bin edges of bands evenly spaced on a mel-like scale from ~40 Hz to the feature ceiling. */
export function bandEdges(featureBins: number, binHz: number): Int32Array {
  const toMel = (hz: number): number => 2595 * Math.log10(1 + hz / 700)
  const fromMel = (mel: number): number => 700 * (10 ** (mel / 2595) - 1)
  const top = toMel(featureBins * binHz)
  const bottom = toMel(40)
  const edges: number[] = [1]
  const wanted = 40
  for (let b = 1; b <= wanted; b++) {
    const bin = Math.min(
      featureBins,
      Math.round(fromMel(bottom + ((top - bottom) * b) / wanted) / binHz),
    )
    if (bin > edges[edges.length - 1]!) edges.push(bin)
  }
  return Int32Array.from(edges)
}

/**
 * How much more the other cues (band, percussive, repetition) already favour the tracked
 * harmonics than the other bins of the same sung frames: the mean log-odds on the harmonics minus
 * the mean off them, weighted by magnitude. Near zero or below, the tracker has probably followed
 * an instrument rather than the voice.
 */
function leadAgreement(
  score: Float32Array,
  evidence: Float32Array,
  magnitude: Float32Array,
  frequency: Float32Array,
  binCount: number,
  leadBins: number,
): number {
  const featureBins = magnitude.length / frequency.length
  let onWeight = 0
  let onSum = 0
  let offWeight = 0
  let offSum = 0
  for (let t = 0; t < frequency.length; t++) {
    if (!(frequency[t]! > 0)) continue
    for (let k = 1; k < leadBins; k++) {
      const value = evidence[t * featureBins + k]!
      const weight = magnitude[t * featureBins + k]!
      if (value >= 0.5) {
        onWeight += weight
        onSum += weight * score[t * binCount + k]!
      } else if (value < 0.1) {
        offWeight += weight
        offSum += weight * score[t * binCount + k]!
      }
    }
  }
  if (onWeight === 0 || offWeight === 0) return 0
  return onSum / onWeight - offSum / offWeight
}

/**
 * The Wiener filter's model of the vocals' reverb tail, per frame: its power decays by 60 dB in
 * `vocalReverbSeconds`, and under a held note it levels off `vocalReverbLevelDb` from the note.
 */
function reverbTail(
  tuning: SeparationTuning,
  frameSeconds: number,
): { reverbDecay: number; reverbFeed: number } {
  if (!(tuning.vocalReverbSeconds > 0)) return { reverbDecay: 0, reverbFeed: 0 }
  const reverbDecay = 10 ** ((-6 * frameSeconds) / tuning.vocalReverbSeconds)
  return { reverbDecay, reverbFeed: 10 ** (tuning.vocalReverbLevelDb / 10) * (1 - reverbDecay) }
}

/** Masks the spectra in place (they are not needed afterwards) and transforms them back. */
function resynthesise(
  spectra: Spectrogram[],
  mask: Float32Array,
  stereoCentre: boolean,
  length: number,
  tuning: SeparationTuning,
  frameSeconds: number,
): Float32Array[] {
  if (tuning.wiener) {
    const settings = {
      powerSmoothingFrames: tuning.wienerSmoothingFrames,
      powerFloor: tuning.wienerPowerFloor,
      ...reverbTail(tuning, frameSeconds),
    }
    if (spectra.length === 2 && !stereoCentre) {
      multichannelWienerVocals(spectra[0]!, spectra[1]!, mask, settings)
      return spectra.map((spectrum) => istft(spectrum, length))
    }
    mask = wienerMask(spectra, mask, settings)
  }
  if (stereoCentre && spectra.length === 2) {
    const left = spectra[0]!
    const right = spectra[1]!
    // A centre-panned voice is the same in both channels: take it from the mid signal, so the
    // side signal (by definition not centred) stays in the accompaniment, and one inverse
    // transform serves both channels.
    for (let i = 0; i < mask.length; i++) {
      left.real[i] = 0.5 * (left.real[i]! + right.real[i]!) * mask[i]!
      left.imag[i] = 0.5 * (left.imag[i]! + right.imag[i]!) * mask[i]!
    }
    const centre = istft(left, length)
    return [centre, centre.slice()]
  }
  return spectra.map((spectrum) => {
    for (let i = 0; i < mask.length; i++) {
      spectrum.real[i]! *= mask[i]!
      spectrum.imag[i]! *= mask[i]!
    }
    return istft(spectrum, length)
  })
}
