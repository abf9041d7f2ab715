// Voice conversion benchmark: pitch accuracy on synthetic voices and speed on a 3-minute vocal.
import type { BenchRow } from '../../../scripts/bench-types'
import { convertVoice } from '../src/conversion/convert'
import { trackPitch } from '../src/conversion/pitch'
import { synthesizeVoice, type VoiceType } from './fixtures/voice'
import { realtimeFactor, timed, wallRealtime } from './timing'

const SHIFTS = [-12, -7, -3, 4, 7, 12]
const VOICES: { seed: number; voice: VoiceType }[] = [
  { seed: 11, voice: 'male' },
  { seed: 12, voice: 'female' },
  { seed: 13, voice: 'male' },
  { seed: 14, voice: 'female' },
]
const SPEED_SECONDS = 180

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

function pitchErrors(): PitchErrors {
  const errors: PitchErrors = { relative: [], absolute: [], tracker: [] }
  for (const { seed, voice } of VOICES) {
    const { audio, f0 } = synthesizeVoice({ seed, voice, seconds: 8 })
    const before = trackPitch(audio.channels[0] as Float32Array, audio.sampleRate, {
      hopSeconds: HOP_SECONDS,
    })
    // YIN's estimate for a frame describes the middle of its analysis window.
    const hop = Math.round(HOP_SECONDS * audio.sampleRate)
    let window = 256
    while (window < Math.ceil(audio.sampleRate / 70) + 2) window *= 2
    const truthAt = (t: number) => f0[t * hop + window] ?? 0
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

export async function run(): Promise<BenchRow[]> {
  const errors = pitchErrors()
  const median = percentile(errors.relative, 0.5)
  const absolute = percentile(errors.absolute, 0.5)
  const rows: BenchRow[] = [
    {
      area: 'audio',
      budget: `Voice conversion pitch error, median (4 synthetic voices × shifts ${SHIFTS.join('/')})`,
      target: '< 10 cents',
      measured:
        `${median.toFixed(2)} cents output vs input (p90 ${percentile(errors.relative, 0.9).toFixed(1)}, ` +
        `${errors.relative.length} frames); ${absolute.toFixed(1)} cents vs the known synthesis pitch, ` +
        `of which the tracker alone accounts for ${percentile(errors.tracker, 0.5).toFixed(1)}`,
      pass: median < 10 && absolute < 10,
    },
  ]
  const { audio } = synthesizeVoice({ seed: 21, voice: 'female', seconds: SPEED_SECONDS })
  // Warm the JIT on a short clip so the figure is the steady state a server sees.
  convertVoice(
    {
      sampleRate: audio.sampleRate,
      channels: [(audio.channels[0] as Float32Array).subarray(0, 44100 * 5)],
    },
    { semitones: 3 },
  )
  for (const [semitones, singer] of [
    [5, 'bright-female'],
    [-5, 'warm-male'],
  ] as const) {
    const timing = await timed(() => convertVoice(audio, { semitones, singer }))
    rows.push({
      area: 'audio',
      budget: `Voice conversion speed, 3-min vocal, ${semitones > 0 ? '+' : ''}${semitones} semitones, singer ${singer} (one core)`,
      target: '≥ 20× realtime',
      measured: realtimeFactor(SPEED_SECONDS, timing),
      pass: wallRealtime(SPEED_SECONDS, timing) >= 20,
    })
  }
  return rows
}
