// Voice conversion benchmark: pitch accuracy, and the balance, top band and timbre of covers, each
// judged on voices of a generator the conversion was not tuned on (the engine's eSpeak-based
// singing voice) with the same figures on the formant voice it was tuned on beside them, for
// reference; and speed on a 3-minute vocal.
import type { BenchLabels, BenchReference, BenchRow } from '../../../scripts/bench-types'
import { SINGER_PRESETS, SINGER_PRESET_IDS, convertVoice } from '../src/conversion/convert'
import { trackPitch } from '../src/conversion/pitch'
import { spectralEdgeHz, timbreDistanceDb } from '../src/conversion/timbre'
import { applyToneCurve } from '../src/conversion/toneCurve'
import { integratedLoudness } from '../src/measure/loudness'
import type { PcmAudio } from '../src/types'
import { synthesizeVoice, type VoiceType } from './fixtures/voice'
import { arrangeSong, REALISTIC_STYLES } from './realistic/arrangement'
import { singTake } from './realistic/vocals'
import { realtimeFactor, timed, wallRealtime } from './timing'

const SHIFTS = [-12, -7, -3, 4, 7, 12]
/** Formant voices for the pitch figure: the known synthesis pitch measures the tracker too. */
const PITCH_VOICES: { seed: number; voice: VoiceType }[] = [
  { seed: 11, voice: 'male' },
  { seed: 12, voice: 'female' },
  { seed: 13, voice: 'male' },
  { seed: 14, voice: 'female' },
]
const SPEED_SECONDS = 180
/** The conversions timed on the 3-minute vocal: a shift and a singer each. */
const SPEED_RUNS = [
  [5, 'bright-female'],
  [-5, 'warm-male'],
] as const
const SAMPLE_RATE = 44_100
const COVER_SECONDS = 10
/**
 * Formant voices for the own-material cover figures. The loudness follower, the top band and the
 * timbre transfer were tuned on this generator's seeds 31 to 35 and 41 (and the unit tests' own
 * voice); these seeds were not looked at before the rows were written, but the generator was.
 */
const OWN_VOICES: { seed: number; voice: VoiceType }[] = [
  { seed: 51, voice: 'male' },
  { seed: 52, voice: 'female' },
  { seed: 53, voice: 'male' },
  { seed: 54, voice: 'female' },
]
/** Seeds of the held-out takes: melodies of the realistic set's arranger, sung by the engine. */
const HELD_OUT_SEEDS = [61, 62, 63, 64]

/** What a quality figure is measured on; the budgets are judged on the held-out material. */
const MATERIAL = {
  heldOut: "held-out material (the engine's eSpeak-based singing voice)",
  own: 'own material (the formant voice the cover was tuned on, other seeds)',
} as const
type Material = keyof typeof MATERIAL

const QUALITY_LABELS = {
  pitch: (material: Material) =>
    `Voice conversion pitch error, median, output vs input (4 voices × shifts ${SHIFTS.join('/')}), ${MATERIAL[material]}`,
  loudness: (material: Material) =>
    `Cover: converted vocal vs original vocal loudness, every shift -12..+12 × 4 voices, ${MATERIAL[material]}`,
  topBand: (material: Material) =>
    `Cover: top band kept on a -7 shift (-50 dB edge of the long-term spectrum), ${MATERIAL[material]}`,
  timbre: (material: Material) =>
    `Cover: timbre distance to the preset's voice (log-spectral, 150-4000 Hz), 4 voices, ${MATERIAL[material]}`,
} as const
type Quality = keyof typeof QUALITY_LABELS

const speedBudget = ([semitones, singer]: (typeof SPEED_RUNS)[number]) =>
  `Voice conversion speed, 3-min vocal, ${semitones > 0 ? '+' : ''}${semitones} semitones, singer ${singer} (one core)`

const QUALITIES = Object.keys(QUALITY_LABELS) as Quality[]

export const labels: BenchLabels = {
  budgets: [
    ...QUALITIES.map((quality) => QUALITY_LABELS[quality]('heldOut')),
    ...SPEED_RUNS.map(speedBudget),
  ],
  references: QUALITIES.map((quality) => QUALITY_LABELS[quality]('own')),
}

interface Voice {
  name: string
  audio: PcmAudio
  /** The synthesis pitch at every sample, where the generator knows it. */
  f0?: Float32Array
}

function formantVoices(
  voices: readonly { seed: number; voice: VoiceType }[],
  seconds: number,
  consonants: boolean,
): Voice[] {
  return voices.map(({ seed, voice }) => {
    const made = synthesizeVoice({ seed, voice, seconds, consonants })
    return { name: `${voice} ${seed}`, audio: made.audio, f0: made.f0 }
  })
}

/** Takes of the realistic set's melodies sung by the engine's singing voice (eSpeak NG). */
function singingVoices(): Voice[] {
  const length = Math.round(COVER_SECONDS * SAMPLE_RATE)
  return HELD_OUT_SEEDS.map((seed, index) => {
    const style = REALISTIC_STYLES[index % REALISTIC_STYLES.length] ?? 'pop'
    const take = singTake(arrangeSong(style, seed, COVER_SECONDS).melody, {
      sampleRate: SAMPLE_RATE,
      length,
      seed,
      timingJitterSeconds: 0.004,
      pitchJitterCents: 5,
    })
    return { name: `sung ${style} ${seed}`, audio: { sampleRate: SAMPLE_RATE, channels: [take] } }
  })
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? NaN
}

interface PitchErrors {
  /** |measured shift − requested shift| per frame, both pitches by the same tracker (its bias cancels). */
  relative: number[]
  /** |tracked output pitch − known synthesis pitch × ratio| per frame: includes the tracker's own error. */
  absolute: number[]
  /** |tracked input pitch − known synthesis pitch|: the tracker's error alone, for comparison. */
  tracker: number[]
}

const HOP_SECONDS = 0.01

/** The conversion's pitch errors over every shift; the absolute ones where the pitch is known. */
function pitchErrors(voices: readonly Voice[]): PitchErrors {
  const errors: PitchErrors = { relative: [], absolute: [], tracker: [] }
  for (const { audio, f0 } of voices) {
    const before = trackPitch(audio.channels[0] as Float32Array, audio.sampleRate, {
      hopSeconds: HOP_SECONDS,
    })
    // YIN's estimate for a frame describes the middle of its analysis window.
    const hop = Math.round(HOP_SECONDS * audio.sampleRate)
    let window = 256
    while (window < Math.ceil(audio.sampleRate / 70) + 2) window *= 2
    const truthAt = (t: number) => f0?.[t * hop + window] ?? 0
    before.forEach((f, t) => {
      const truth = truthAt(t)
      if (f > 0 && truth > 0) errors.tracker.push(Math.abs(1200 * Math.log2(f / truth)))
    })
    for (const semitones of SHIFTS) {
      const converted = convertVoice(audio, { semitones })
      const after = trackPitch(converted.channels[0] as Float32Array, converted.sampleRate, {
        hopSeconds: HOP_SECONDS,
      })
      before.forEach((f, t) => {
        const g = after[t] as number
        if (f > 0 && g > 0)
          errors.relative.push(Math.abs(1200 * Math.log2(g / f) - 100 * semitones))
        const truth = truthAt(t)
        if (g > 0 && truth > 0)
          errors.absolute.push(Math.abs(1200 * Math.log2(g / truth) - 100 * semitones))
      })
    }
  }
  for (const list of [errors.relative, errors.absolute, errors.tracker]) list.sort((a, b) => a - b)
  return errors
}

/** A figure and whether it meets its target; a budget row on held-out material, else a reference. */
interface Figure {
  target: string
  measured: string
  pass: boolean
}

function pitchFigure(voices: readonly Voice[]): Figure {
  const errors = pitchErrors(voices)
  const median = percentile(errors.relative, 0.5)
  const known = errors.absolute.length > 0
  const absolute = percentile(errors.absolute, 0.5)
  return {
    target: '< 10 cents',
    measured:
      `${median.toFixed(2)} cents output vs input (p90 ${percentile(errors.relative, 0.9).toFixed(1)}, ` +
      `${errors.relative.length} frames)` +
      (known
        ? `; ${absolute.toFixed(1)} cents vs the known synthesis pitch, of which the tracker alone ` +
          `accounts for ${percentile(errors.tracker, 0.5).toFixed(1)}`
        : ''),
    pass: median < 10 && (!known || absolute < 10),
  }
}

function signed(value: number, digits = 2): string {
  return `${value >= 0 ? '+' : ''}${value.toFixed(digits)}`
}

/** Every shift from -12 to +12, each with a singer (cycling through the presets), on each voice. */
function loudnessFigure(voices: readonly Voice[]): Figure {
  let worst = { difference: 0, where: '' }
  let low = Infinity
  let high = -Infinity
  for (const { name, audio } of voices) {
    const original = integratedLoudness(audio)
    for (let semitones = -12; semitones <= 12; semitones++) {
      const singer = SINGER_PRESET_IDS[(semitones + 12) % SINGER_PRESET_IDS.length]
      const difference = integratedLoudness(convertVoice(audio, { semitones, singer })) - original
      low = Math.min(low, difference)
      high = Math.max(high, difference)
      if (Math.abs(difference) >= Math.abs(worst.difference)) {
        worst = { difference, where: `${name}, ${signed(semitones, 0)} st, ${singer}` }
      }
    }
  }
  return {
    target: 'within 1 LU',
    measured:
      `worst ${signed(worst.difference)} LU (${worst.where}); range ${signed(low)} to ${signed(high)} LU ` +
      `over ${25 * voices.length} conversions (BS.1770 integrated, ${COVER_SECONDS} s voices with consonants)`,
    pass: Math.max(Math.abs(low), Math.abs(high)) <= 1,
  }
}

/** The -50 dB point of the long-term spectrum, before and after a -7 shift. */
function topBandFigure(voices: readonly Voice[]): Figure {
  const figures = voices.map(({ name, audio }) => {
    const sampleRate = audio.sampleRate
    const before = spectralEdgeHz(audio.channels[0] as Float32Array, sampleRate)
    const shifted = convertVoice(audio, { semitones: -7 })
    const after = spectralEdgeHz(shifted.channels[0] as Float32Array, sampleRate)
    return { name, before, after, ratio: after / before }
  })
  const worst = Math.min(...figures.map((f) => f.ratio))
  return {
    target: '≥ 90% of the original edge (squeezing alone gives 67%)',
    measured: figures
      .map((f) => `${f.name}: ${(f.before / 1000).toFixed(1)} → ${(f.after / 1000).toFixed(1)} kHz`)
      .join('; '),
    pass: worst >= 0.9,
  }
}

/**
 * Log-spectral distance to each preset's voice, the conversion without the timbre transfer (its
 * shift, formant offset and tone curve: the engine before) against the conversion with it.
 */
function timbreFigure(voices: readonly Voice[]): Figure {
  const perPreset = SINGER_PRESETS.map((preset) => {
    let before = 0
    let after = 0
    for (const { audio } of voices) {
      const { sampleRate } = audio
      const shift = { semitones: preset.pitchOffset, formantShift: preset.formantOffset }
      const plain = convertVoice(audio, shift).channels[0] as Float32Array
      applyToneCurve(plain, sampleRate, preset.toneCurve)
      const towards = convertVoice(audio, { ...shift, singer: preset.id })
        .channels[0] as Float32Array
      before += timbreDistanceDb(plain, sampleRate, preset.voice) / voices.length
      after += timbreDistanceDb(towards, sampleRate, preset.voice) / voices.length
    }
    return { id: preset.id, before, after }
  })
  const meanBefore = perPreset.reduce((sum, p) => sum + p.before, 0) / perPreset.length
  const meanAfter = perPreset.reduce((sum, p) => sum + p.after, 0) / perPreset.length
  const reduction = 1 - meanAfter / meanBefore
  return {
    target: 'mean reduced ≥ 25%, every preset closer',
    measured:
      `mean ${meanBefore.toFixed(2)} → ${meanAfter.toFixed(2)} dB (${(100 * reduction).toFixed(0)}% closer); ` +
      perPreset.map((p) => `${p.id} ${p.before.toFixed(1)}→${p.after.toFixed(1)}`).join(', '),
    pass: reduction >= 0.25 && perPreset.every((p) => p.after < p.before),
  }
}

const FIGURES: Record<Quality, (voices: readonly Voice[]) => Figure> = {
  pitch: pitchFigure,
  loudness: loudnessFigure,
  topBand: topBandFigure,
  timbre: timbreFigure,
}

/**
 * Each quality's budget row on the held-out voices, then the same figure on the formant voices as
 * a reference: that generator is the one the conversion was tuned on, so it cannot judge it.
 */
function qualityRows(): (BenchRow | BenchReference)[] {
  const sung = singingVoices()
  const formant = formantVoices(OWN_VOICES, COVER_SECONDS, true)
  const voices: Record<Material, Record<Quality, readonly Voice[]>> = {
    heldOut: { pitch: sung, loudness: sung, topBand: sung, timbre: sung },
    own: {
      pitch: formantVoices(PITCH_VOICES, 8, false),
      loudness: formant,
      topBand: formant,
      timbre: formant,
    },
  }
  return QUALITIES.flatMap((quality): (BenchRow | BenchReference)[] => {
    const heldOut = FIGURES[quality](voices.heldOut[quality])
    const own = FIGURES[quality](voices.own[quality])
    return [
      { area: 'audio', budget: QUALITY_LABELS[quality]('heldOut'), ...heldOut },
      {
        reference: true,
        area: 'audio',
        subject: QUALITY_LABELS[quality]('own'),
        measured: `${own.measured} (not judged here; the budget's target: ${own.target})`,
      },
    ]
  })
}

export async function run(): Promise<(BenchRow | BenchReference)[]> {
  const rows = qualityRows()
  const { audio } = synthesizeVoice({ seed: 21, voice: 'female', seconds: SPEED_SECONDS })
  // Warm the JIT on a short clip so the figure is the steady state a server sees.
  convertVoice(
    {
      sampleRate: audio.sampleRate,
      channels: [(audio.channels[0] as Float32Array).subarray(0, 44100 * 5)],
    },
    { semitones: 3 },
  )
  for (const speedRun of SPEED_RUNS) {
    const [semitones, singer] = speedRun
    const timing = await timed(() => convertVoice(audio, { semitones, singer }))
    rows.push({
      area: 'audio',
      budget: speedBudget(speedRun),
      target: '≥ 20× realtime',
      measured: realtimeFactor(SPEED_SECONDS, timing),
      pass: wallRealtime(SPEED_SECONDS, timing) >= 20,
    })
  }
  return rows
}
