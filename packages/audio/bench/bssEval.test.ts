import { describe, expect, it } from 'vitest'
import { AudioError } from '../src/errors'
import type { PcmAudio } from '../src/types'
import { bssEval, createBssEvaluator, nanMedian, plainSdrFrames, summariseBssEval } from './bssEval'
import { createRandom } from './fixtures/random'

const SAMPLE_RATE = 4000

/** Independent noise channels, seeded; a stand-in for two unrelated sources. */
function noise(seed: number, seconds: number, channels = 2): PcmAudio {
  const random = createRandom(seed)
  const length = Math.round(seconds * SAMPLE_RATE)
  return {
    sampleRate: SAMPLE_RATE,
    channels: Array.from({ length: channels }, () =>
      Float32Array.from({ length }, () => random() * 2 - 1),
    ),
  }
}

function combine(a: PcmAudio, b: PcmAudio, gainB: number): PcmAudio {
  return {
    sampleRate: a.sampleRate,
    channels: a.channels.map((channel, c) => channel.map((x, i) => x + gainB * b.channels[c]![i]!)),
  }
}

function mapChannels(audio: PcmAudio, map: (channel: Float32Array) => Float32Array): PcmAudio {
  return { sampleRate: audio.sampleRate, channels: audio.channels.map(map) }
}

const delayed = (samples: number) => (channel: Float32Array) => {
  const out = new Float32Array(channel.length)
  out.set(channel.subarray(0, channel.length - samples), samples)
  return out
}

/** A three-tap low-pass: a filter the 512-tap distortion filter can represent exactly. */
const smoothed = (channel: Float32Array) =>
  channel.map((x, i) => 0.5 * x + 0.3 * (channel[i - 1] ?? 0) + 0.2 * (channel[i - 2] ?? 0))

const vocals = noise(1, 4)
const accompaniment = noise(2, 4)
const references = [vocals, accompaniment]

describe('bssEval', () => {
  it('gives a very high SDR, SIR and SAR when the estimates are the references', () => {
    const summary = summariseBssEval(bssEval(references, references, { filterLength: 128 }))
    for (const source of [0, 1]) {
      expect(summary.sdr[source]).toBeGreaterThan(100)
      expect(summary.sir[source]).toBeGreaterThan(60)
      expect(summary.sar[source]).toBeGreaterThan(60)
    }
  })

  it('gives the analytically expected SIR for the reference plus a scaled interferer', () => {
    const gain = 0.25
    const estimates = [combine(vocals, accompaniment, gain), combine(accompaniment, vocals, gain)]
    const frames = bssEval(references, estimates, { filterLength: 64 })
    // |s|² / |g·a|² with unit-variance-alike noises: both sources have the same energy per frame.
    const expected = frames.sdr[0]!.map((_, frame) => {
      let signal = 0
      let interferer = 0
      const start = frame * SAMPLE_RATE
      for (let c = 0; c < 2; c++) {
        for (let n = start; n < start + SAMPLE_RATE; n++) {
          signal += vocals.channels[c]![n]! ** 2
          interferer += (gain * accompaniment.channels[c]![n]!) ** 2
        }
      }
      return 10 * Math.log10(signal / interferer)
    })
    frames.sir[0]!.forEach((sir, frame) => expect(sir).toBeCloseTo(expected[frame]!, 0))
    frames.sdr[0]!.forEach((sdr, frame) => expect(sdr).toBeCloseTo(expected[frame]!, 1))
    expect(nanMedian(frames.sar[0]!)).toBeGreaterThan(30)
  })

  it('forgives a filter, a sign flip and a delay within 512 taps in SIR and SAR, not in the v4 SDR', () => {
    // One frame over the whole signal, so that the delay does not also push samples across frames.
    const whole = { windowSamples: vocals.channels[0]!.length, filterLength: 512 }
    const images = createBssEvaluator(references, whole)
    const sources = createBssEvaluator(references, { ...whole, sourcesVersion: true })
    const cases = {
      filtered: mapChannels(vocals, smoothed),
      flipped: mapChannels(vocals, (channel) => channel.map((x) => -x)),
      delayed: mapChannels(vocals, delayed(100)),
    }
    for (const [name, estimate] of Object.entries(cases)) {
      const summary = summariseBssEval(images.evaluate([estimate, accompaniment]))
      expect(summary.sir[0], name).toBeGreaterThan(30)
      expect(summary.sar[0], name).toBeGreaterThan(18)
      // museval's image SDR compares with the unfiltered reference: |s|² / |ŝ − s|².
      expect(summary.sdr[0], name).toBeLessThan(5)
      // The bss_eval_sources variant measures SDR against the filtered reference instead.
      const forgiving = summariseBssEval(sources.evaluate([estimate, accompaniment]))
      expect(forgiving.sdr[0], name).toBeGreaterThan(18)
      expect(Number.isNaN(forgiving.isr[0])).toBe(true)
    }
    const flipped = summariseBssEval(images.evaluate([cases.flipped, accompaniment]))
    expect(flipped.sdr[0]).toBeCloseTo(10 * Math.log10(1 / 4), 1)
  })

  it('does not forgive a delay longer than the filter', () => {
    const estimate = mapChannels(vocals, delayed(100))
    const summary = summariseBssEval(
      bssEval(references, [estimate, accompaniment], { filterLength: 64, sourcesVersion: true }),
    )
    expect(summary.sdr[0]).toBeLessThan(1)
  })

  it('marks frames where a reference is silent as NaN and leaves them out of the median', () => {
    const gappy = mapChannels(vocals, (channel) => channel.map((x, i) => (i < SAMPLE_RATE ? 0 : x)))
    const estimate = combine(gappy, accompaniment, 0.1)
    const frames = bssEval([gappy, accompaniment], [estimate, accompaniment], { filterLength: 32 })
    expect(frames.sdr[0]).toHaveLength(4)
    expect(Number.isNaN(frames.sdr[0]![0]!)).toBe(true)
    expect(Number.isNaN(frames.sdr[1]![0]!)).toBe(true)
    expect(nanMedian(frames.sdr[0]!)).toBeCloseTo(20, -1)
  })

  it('gives the same SDR per frame without the filters (plainSdrFrames), silent frames included', () => {
    const gappy = mapChannels(vocals, (channel) => channel.map((x, i) => (i < SAMPLE_RATE ? 0 : x)))
    const estimates = [combine(gappy, accompaniment, 0.3), combine(accompaniment, gappy, 0.2)]
    const full = bssEval([gappy, accompaniment], estimates, { filterLength: 32 })
    const plain = plainSdrFrames([gappy, accompaniment], estimates)
    expect(Number.isNaN(plain[0]![0]!)).toBe(true)
    for (const source of [0, 1]) {
      expect(plain[source]).toHaveLength(full.sdr[source]!.length)
      full.sdr[source]!.forEach((sdr, frame) => {
        if (Number.isNaN(sdr)) expect(Number.isNaN(plain[source]![frame]!)).toBe(true)
        else expect(plain[source]![frame]).toBeCloseTo(sdr, 6)
      })
    }
  })

  it('drops the trailing partial frame and pads a short estimate, as museval does', () => {
    const long = noise(3, 2.5, 1)
    const other = noise(4, 2.5, 1)
    const short = mapChannels(long, (channel) => channel.slice(0, channel.length - 100))
    const frames = bssEval([long, other], [short, other], { filterLength: 16 })
    expect(frames.sdr[0]).toHaveLength(2)
    expect(frames.sdr[0]![0]).toBeGreaterThan(100)
  })

  it('refuses mismatched or silent input with a Chinese reason', () => {
    const mono = noise(5, 2, 1)
    expect(() => bssEval(references, [mono, accompaniment])).toThrow(AudioError)
    expect(() => bssEval(references, [vocals])).toThrow(/数量/)
    const silence = mapChannels(vocals, (channel) => new Float32Array(channel.length))
    expect(() => bssEval([silence, accompaniment], references)).toThrow(/静音/)
    expect(() => bssEval(references, references, { windowSamples: 0 })).toThrow(AudioError)
  })

  it('takes the median of the frames that are not NaN', () => {
    expect(nanMedian([3, Number.NaN, 1, 2])).toBe(2)
    expect(nanMedian([4, 1, 2, 3])).toBe(2.5)
    expect(Number.isNaN(nanMedian([Number.NaN]))).toBe(true)
  })

  it('agrees with museval on the same signals', () => {
    // A linear congruential generator that a Python script reproduces exactly: museval's
    // metrics.bss_eval(window=2000, hop=2000, filters_len=32) on these signals, cast to float32
    // as here, gave the figures below.
    let state = 12_345
    const next = (): number => {
      state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0
      return state / 2 ** 32 - 0.5
    }
    const length = 6000
    const interleaved = (): Float32Array[] => {
      const channels = [new Float32Array(length), new Float32Array(length)]
      for (let i = 0; i < length; i++) for (const channel of channels) channel[i] = next()
      return channels
    }
    const vocal = interleaved()
    const rest = interleaved()
    const noiseChannels = [new Float64Array(length), new Float64Array(length)]
    for (let i = 0; i < length; i++) for (const channel of noiseChannels) channel[i] = next()
    const estimateVocal = vocal.map((channel, c) =>
      channel.map(
        (x, i) =>
          0.6 * x +
          0.3 * (channel[i - 1] ?? 0) -
          0.1 * (channel[i - 2] ?? 0) +
          0.3 * rest[c]![i]! +
          0.05 * noiseChannels[c]![i]!,
      ),
    )
    const estimateRest = rest.map((channel, c) => channel.map((x, i) => x + 0.2 * vocal[c]![i]!))
    const audio = (channels: Float32Array[]): PcmAudio => ({ sampleRate: 2000, channels })
    const frames = bssEval(
      [audio(vocal), audio(rest)],
      [audio(estimateVocal), audio(estimateRest)],
      { filterLength: 32 },
    )
    const museval = {
      sdr: [
        [4.39896, 4.512356, 4.521049],
        [14.037427, 13.929302, 13.961984],
      ],
      isr: [
        [5.743676, 5.768549, 5.759007],
        [33.868244, 33.933579, 33.823665],
      ],
      sir: [
        [7.109591, 7.156085, 7.151034],
        [14.05519, 13.954625, 13.987148],
      ],
      sar: [[23.543365, 23.503728, 23.323806]],
    }
    for (const [metric, expected] of Object.entries(museval)) {
      expected.forEach((row, source) =>
        row.forEach((value, frame) =>
          expect(frames[metric as keyof typeof museval][source]![frame]).toBeCloseTo(value, 4),
        ),
      )
    }
    // The accompaniment's artefacts are float rounding only: a huge SAR, its exact value noise.
    expect(nanMedian(frames.sar[1]!)).toBeGreaterThan(100)
  })
})
