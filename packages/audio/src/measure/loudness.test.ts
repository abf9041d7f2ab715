import { describe, expect, it } from 'vitest'
import type { PcmAudio } from '../types'
import {
  LoudnessMeter,
  integratedLoudness,
  normalizeLoudness,
  normalizeLoudnessInPlace,
  truePeakDb,
} from './loudness'
import { TruePeakMeter } from './truePeak'

function sine(options: {
  frequency: number
  amplitude: number
  seconds: number
  sampleRate?: number
  channels?: number
  phase?: number
}): PcmAudio {
  const sampleRate = options.sampleRate ?? 48000
  const length = Math.round(options.seconds * sampleRate)
  const samples = new Float32Array(length)
  for (let i = 0; i < length; i++) {
    samples[i] =
      options.amplitude *
      Math.sin((2 * Math.PI * options.frequency * i) / sampleRate + (options.phase ?? 0))
  }
  return {
    sampleRate,
    channels: Array.from({ length: options.channels ?? 2 }, () => samples.slice()),
  }
}

function concat(parts: PcmAudio[]): PcmAudio {
  const first = parts[0] as PcmAudio
  return {
    sampleRate: first.sampleRate,
    channels: first.channels.map((_, c) => {
      const total = parts.reduce((sum, p) => sum + (p.channels[c]?.length ?? 0), 0)
      const out = new Float32Array(total)
      let offset = 0
      for (const part of parts) {
        out.set(part.channels[c] as Float32Array, offset)
        offset += part.channels[c]?.length ?? 0
      }
      return out
    }),
  }
}

const dbfs = (db: number) => Math.pow(10, db / 20)

describe('integratedLoudness (EBU Tech 3341 cases)', () => {
  it('reads a stereo 1 kHz sine at -23 dBFS as -23 LUFS', () => {
    const audio = sine({ frequency: 1000, amplitude: dbfs(-23), seconds: 20 })
    expect(integratedLoudness(audio)).toBeCloseTo(-23, 1)
  })

  it('reads -33 dBFS as -33 LUFS, also at 44.1 kHz', () => {
    const audio = sine({ frequency: 1000, amplitude: dbfs(-33), seconds: 20, sampleRate: 44100 })
    expect(integratedLoudness(audio)).toBeCloseTo(-33, 1)
  })

  it('gates quiet passages out relative to the loud ones (case 3: -36/-23/-36 → -23)', () => {
    const audio = concat([
      sine({ frequency: 1000, amplitude: dbfs(-36), seconds: 10 }),
      sine({ frequency: 1000, amplitude: dbfs(-23), seconds: 60 }),
      sine({ frequency: 1000, amplitude: dbfs(-36), seconds: 10 }),
    ])
    expect(integratedLoudness(audio)).toBeCloseTo(-23, 1)
  })

  it('gates silence out absolutely (case 5: -26/-20/-26 dBFS with silence between)', () => {
    const audio = concat([
      sine({ frequency: 1000, amplitude: dbfs(-26), seconds: 20 }),
      sine({ frequency: 1000, amplitude: 0, seconds: 20 }),
      sine({ frequency: 1000, amplitude: dbfs(-20), seconds: 20.1 }),
      sine({ frequency: 1000, amplitude: 0, seconds: 20 }),
      sine({ frequency: 1000, amplitude: dbfs(-26), seconds: 20 }),
    ])
    expect(integratedLoudness(audio)).toBeCloseTo(-23, 1)
  })

  it('is -Infinity for silence and finite for a clip shorter than one block', () => {
    expect(integratedLoudness(sine({ frequency: 1000, amplitude: 0, seconds: 2 }))).toBe(-Infinity)
    expect(
      integratedLoudness(sine({ frequency: 1000, amplitude: dbfs(-20), seconds: 0.2 })),
    ).toBeCloseTo(-20, 0)
  })

  it('gives the same figure when fed in uneven chunks', () => {
    const audio = sine({ frequency: 440, amplitude: 0.3, seconds: 5, sampleRate: 44100 })
    const meter = new LoudnessMeter(44100, 2)
    const n = audio.channels[0]?.length ?? 0
    for (let start = 0; start < n; start += 12345) {
      meter.push(audio.channels.map((c) => c.subarray(start, start + 12345)))
    }
    expect(meter.integrated()).toBeCloseTo(integratedLoudness(audio), 6)
  })
})

describe('truePeakDb', () => {
  it('finds the peak between samples that the samples miss', () => {
    // fs/4 with a 45° phase: every sample sits at ±0.707, the waveform reaches 1.0 between them.
    const audio = sine({ frequency: 12000, amplitude: 1, seconds: 1, phase: Math.PI / 4 })
    let samplePeak = 0
    for (const v of audio.channels[0] as Float32Array)
      samplePeak = Math.max(samplePeak, Math.abs(v))
    expect(20 * Math.log10(samplePeak)).toBeCloseTo(-3.01, 1)
    expect(truePeakDb(audio)).toBeGreaterThan(-0.3)
    expect(truePeakDb(audio)).toBeLessThan(0.2)
  })

  it('streams to the same result as measuring whole', () => {
    const audio = sine({ frequency: 9000, amplitude: 0.8, seconds: 1, phase: 0.3 })
    const meter = new TruePeakMeter()
    const n = audio.channels[0]?.length ?? 0
    for (let start = 0; start < n; start += 1000)
      meter.push(audio.channels.map((c) => c.subarray(start, start + 1000)))
    expect(20 * Math.log10(meter.finish())).toBeCloseTo(truePeakDb(audio), 5)
  })
})

describe('normalizeLoudness', () => {
  it('brings a quiet signal to -14 LUFS by gain alone', () => {
    const audio = sine({ frequency: 220, amplitude: 0.05, seconds: 5 })
    const out = normalizeLoudness(audio)
    expect(integratedLoudness(out)).toBeCloseTo(-14, 1)
    expect(truePeakDb(out)).toBeLessThanOrEqual(-1)
  })

  it('limits peaks so a spiky signal reaches -14 LUFS without passing -1 dBTP', () => {
    // A quiet bed with loud clicks: gain alone would put the clicks far above full scale.
    const sampleRate = 44100
    const length = sampleRate * 8
    const samples = new Float32Array(length)
    for (let i = 0; i < length; i++) {
      samples[i] = 0.05 * Math.sin((2 * Math.PI * 330 * i) / sampleRate)
      if (i % 11025 < 40) samples[i] = (samples[i] as number) + 0.9 * Math.sin(i)
    }
    const audio = { sampleRate, channels: [samples, samples.slice()] }
    const out = normalizeLoudness(audio)
    expect(integratedLoudness(out)).toBeGreaterThan(-14.5)
    expect(integratedLoudness(out)).toBeLessThan(-13.5)
    expect(truePeakDb(out)).toBeLessThanOrEqual(-1)
  })

  it('can work in place, giving the same samples as the copying form', () => {
    const audio = sine({ frequency: 700, amplitude: 0.9, seconds: 2, sampleRate: 44100 })
    const copy = normalizeLoudness(audio, { targetLufs: -8 })
    normalizeLoudnessInPlace(audio, { targetLufs: -8 })
    expect(audio.channels[0]).toEqual(copy.channels[0])
    expect(truePeakDb(audio)).toBeLessThanOrEqual(-1)
  })

  it('honours other targets and leaves silence alone', () => {
    const audio = sine({ frequency: 1000, amplitude: 0.5, seconds: 3 })
    expect(integratedLoudness(normalizeLoudness(audio, { targetLufs: -23 }))).toBeCloseTo(-23, 1)
    const silent = sine({ frequency: 1000, amplitude: 0, seconds: 1 })
    expect(normalizeLoudness(silent).channels[0]?.every((v) => v === 0)).toBe(true)
  })
})
