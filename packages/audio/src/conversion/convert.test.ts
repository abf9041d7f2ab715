import { describe, expect, it } from 'vitest'
import { AudioError } from '../errors'
import { integratedLoudness, truePeakDb } from '../measure/loudness'
import type { PcmAudio } from '../types'
import { SINGER_PRESETS, SINGER_PRESET_IDS, convertVoice, coverSong } from './convert'
import { trackPitch } from './pitch'
import { PitchShifter, pitchShiftChannel } from './pitchShift'
import { toneCurveGainDb } from './toneCurve'

/** A sung vowel: 30 harmonics of a gliding, vibrato-laden f0, weighted by two formant humps. */
function voice(options: {
  seconds: number
  sampleRate?: number
  baseHz?: number
  formantHz?: number
}): PcmAudio {
  const sampleRate = options.sampleRate ?? 44100
  const length = Math.round(options.seconds * sampleRate)
  const out = new Float32Array(length)
  const base = options.baseHz ?? 200
  const formant = options.formantHz ?? 700
  let phase = 0
  for (let i = 0; i < length; i++) {
    const t = i / sampleRate
    const f0 = base * Math.pow(2, (2 * t) / 12 + (30 / 1200) * Math.sin(2 * Math.PI * 5.5 * t))
    phase += (2 * Math.PI * f0) / sampleRate
    let value = 0
    for (let h = 1; h <= 30 && h * f0 < sampleRate / 2; h++) {
      const f = h * f0
      const weight =
        Math.exp(-(((f - formant) / 250) ** 2)) +
        0.5 * Math.exp(-(((f - 2.6 * formant) / 400) ** 2)) +
        0.02
      value += weight * Math.sin(h * phase)
    }
    out[i] = 0.1 * value
  }
  return { sampleRate, channels: [out] }
}

function medianCentsError(input: PcmAudio, output: PcmAudio, semitones: number): number {
  const a = trackPitch(input.channels[0] as Float32Array, input.sampleRate)
  const b = trackPitch(output.channels[0] as Float32Array, output.sampleRate)
  const errors: number[] = []
  a.forEach((f, t) => {
    const g = b[t] as number
    if (f > 0 && g > 0) errors.push(Math.abs(1200 * Math.log2(g / f) - 100 * semitones))
  })
  errors.sort((x, y) => x - y)
  expect(errors.length).toBeGreaterThan(a.length / 2)
  return errors[Math.floor(errors.length / 2)] as number
}

/** Power-weighted mean frequency of a signal between 100 Hz and 5 kHz, by a plain DFT on a few frames. */
function spectralCentroid(audio: PcmAudio): number {
  const samples = audio.channels[0] as Float32Array
  const size = 2048
  let weighted = 0
  let total = 0
  for (let start = 4096; start + size < samples.length; start += 8192) {
    for (let f = 100; f < 5000; f += 25) {
      let re = 0
      let im = 0
      for (let i = 0; i < size; i++) {
        const w = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / size)
        const x = (samples[start + i] as number) * w
        re += x * Math.cos((2 * Math.PI * f * i) / audio.sampleRate)
        im -= x * Math.sin((2 * Math.PI * f * i) / audio.sampleRate)
      }
      const power = re * re + im * im
      weighted += power * f
      total += power
    }
  }
  return weighted / total
}

describe('convertVoice', () => {
  const input = voice({ seconds: 2 })

  it.each([-12, -7, -3, 4, 9, 12])(
    'shifts the pitch by %i semitones within 10 cents (median)',
    (semitones) => {
      const output = convertVoice(input, { semitones })
      expect(output.sampleRate).toBe(input.sampleRate)
      expect(output.channels[0]).toHaveLength(input.channels[0]?.length ?? 0)
      expect(medianCentsError(input, output, semitones)).toBeLessThan(10)
    },
  )

  it('keeps the formants by default and moves them with formantShift', () => {
    const original = spectralCentroid(input)
    const kept = spectralCentroid(convertVoice(input, { semitones: 5 }))
    const raised = spectralCentroid(convertVoice(input, { semitones: 5, formantShift: 5 }))
    const onlyFormants = spectralCentroid(convertVoice(input, { semitones: 0, formantShift: -6 }))
    expect(Math.abs(kept / original - 1)).toBeLessThan(0.12)
    expect(raised / kept).toBeGreaterThan(1.15)
    expect(onlyFormants / original).toBeLessThan(0.88)
  })

  it('stays aligned in time with the input', () => {
    // A burst in silence: its onset must not move when the pitch does.
    const sampleRate = 44100
    const burst = voice({ seconds: 0.5 }).channels[0] as Float32Array
    const samples = new Float32Array(sampleRate * 2)
    samples.set(burst, sampleRate)
    const output = convertVoice({ sampleRate, channels: [samples] }, { semitones: 7 })
    const channel = output.channels[0] as Float32Array
    const onset = channel.findIndex((v) => Math.abs(v) > 0.02)
    expect(Math.abs(onset - sampleRate)).toBeLessThan(0.01 * sampleRate)
  })

  it('works at 8 kHz and 96 kHz, on stereo, and on silence', () => {
    const low = voice({ seconds: 1.5, sampleRate: 8000, baseHz: 150 })
    expect(medianCentsError(low, convertVoice(low, { semitones: 3 }), 3)).toBeLessThan(10)
    const high = voice({ seconds: 1, sampleRate: 96000 })
    expect(convertVoice(high, { semitones: -4 }).channels[0]).toHaveLength(96000)
    const mono = input.channels[0] as Float32Array
    const stereo = convertVoice(
      { sampleRate: 44100, channels: [mono, mono.map((v) => 0.5 * v)] },
      { semitones: 2 },
    )
    expect(stereo.channels).toHaveLength(2)
    const silent = convertVoice(
      { sampleRate: 44100, channels: [new Float32Array(44100)] },
      { semitones: 5 },
    )
    expect(silent.channels[0]?.every((v) => v === 0)).toBe(true)
  })

  it('refuses shifts beyond an octave and unknown singers', () => {
    expect(() => convertVoice(input, { semitones: 13 })).toThrow(AudioError)
    expect(() => convertVoice(input, { semitones: 0, formantShift: -20 })).toThrow(AudioError)
    // @ts-expect-error: an id that is not a preset, as a server might receive it
    expect(() => convertVoice(input, { semitones: 0, singer: 'nobody' })).toThrow(/歌手/)
  })
})

describe('PitchShifter', () => {
  it.each([5, -5])(
    'gives the same samples fed in odd chunks as all at once (%i semitones)',
    (semitones) => {
      const input = voice({ seconds: 1.2 }).channels[0] as Float32Array
      const options = { pitchRatio: Math.pow(2, semitones / 12), formantRatio: 1 }
      const whole = pitchShiftChannel(input, 44100, options)
      const shifter = new PitchShifter(44100, options)
      const parts: Float32Array[] = []
      for (let start = 0; start < input.length; start += 777)
        parts.push(shifter.push(input.subarray(start, start + 777)))
      parts.push(shifter.end())
      const joined = new Float32Array(parts.reduce((sum, part) => sum + part.length, 0))
      let offset = 0
      for (const part of parts) {
        joined.set(part, offset)
        offset += part.length
      }
      expect(joined).toHaveLength(input.length)
      let worst = 0
      joined.forEach(
        (value, i) => (worst = Math.max(worst, Math.abs(value - (whole[i] as number)))),
      )
      expect(worst).toBeLessThan(1e-5)
    },
  )
})

describe('singer presets', () => {
  it('each has a Chinese name, a picture, offsets within range and a tone curve', () => {
    expect(SINGER_PRESETS.map((p) => p.id)).toEqual([...SINGER_PRESET_IDS])
    for (const preset of SINGER_PRESETS) {
      expect(preset.name).toMatch(/[\u4e00-\u9fff]/)
      expect(preset.picture).toMatch(/^data:image\/svg\+xml/)
      expect(Math.abs(preset.pitchOffset)).toBeLessThanOrEqual(12)
      expect(Math.abs(preset.formantOffset)).toBeLessThanOrEqual(12)
      expect(preset.toneCurve.length).toBeGreaterThan(0)
    }
  })

  it('applies the tone curve of the chosen singer', () => {
    const input = voice({ seconds: 0.5 })
    const preset = SINGER_PRESETS.find((p) => p.id === 'ethereal')
    expect(toneCurveGainDb(preset?.toneCurve ?? [], 15000, 44100)).toBeGreaterThan(3)
    const plain = convertVoice(input, { semitones: 0 })
    const coloured = convertVoice(input, { semitones: 0, formantShift: 0, singer: 'ethereal' })
    expect(plain.channels[0]).toEqual(input.channels[0])
    expect(coloured.channels[0]).not.toEqual(input.channels[0])
  })
})

describe('coverSong', () => {
  it('returns a normalised remix of the same length', () => {
    const sampleRate = 22050
    const sung = voice({ seconds: 3, sampleRate }).channels[0] as Float32Array
    const left = new Float32Array(sung.length)
    const right = new Float32Array(sung.length)
    for (let i = 0; i < sung.length; i++) {
      const t = i / sampleRate
      left[i] = (sung[i] as number) + 0.2 * Math.sin(2 * Math.PI * 110 * t)
      right[i] = (sung[i] as number) + 0.2 * Math.sin(2 * Math.PI * 165 * t)
    }
    const progress: number[] = []
    const cover = coverSong(
      { sampleRate, channels: [left, right] },
      { singer: 'warm-male', vocalGainDb: 1, onProgress: (f) => progress.push(f) },
    )
    expect(cover.channels).toHaveLength(2)
    expect(cover.channels[0]).toHaveLength(sung.length)
    expect(integratedLoudness(cover)).toBeCloseTo(-14, 0)
    expect(truePeakDb(cover)).toBeLessThanOrEqual(-1)
    expect(progress.at(-1)).toBe(1)
    // Written over the song itself, the result is the same.
    const song = { sampleRate, channels: [left, right] }
    const inPlace = coverSong(song, { singer: 'warm-male', vocalGainDb: 1, inPlace: true })
    expect(inPlace.channels[0]).toBe(left)
    expect(Array.from(inPlace.channels[1]?.subarray(1000, 1010) ?? [])).toEqual(
      Array.from(cover.channels[1]?.subarray(1000, 1010) ?? []),
    )
  })
})
