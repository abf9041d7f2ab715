import { describe, expect, it } from 'vitest'
import { AudioError } from '../errors'
import type { PcmAudio } from '../types'
import { decodeAudio, probeAudio, sniffAudioFormat, streamAudio } from './decode'
import { encodeMp3, readMp3Info } from './mp3'
import { encodeWav } from './wav'

function tone(
  seconds: number,
  sampleRate: number,
  channelCount: number,
  amplitude = 0.5,
): PcmAudio {
  const length = Math.round(seconds * sampleRate)
  return {
    sampleRate,
    channels: Array.from({ length: channelCount }, (_, c) => {
      const samples = new Float32Array(length)
      for (let i = 0; i < length; i++) {
        samples[i] = amplitude * Math.sin((2 * Math.PI * (440 + 110 * c) * i) / sampleRate)
      }
      return samples
    }),
  }
}

async function expectRefusal(bytes: Uint8Array, code: AudioError['code']): Promise<void> {
  const error = await decodeAudio(bytes).then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(AudioError)
  expect((error as AudioError).code).toBe(code)
  expect((error as AudioError).message).toMatch(/[\u4e00-\u9fff]/)
}

/** Largest lag-aligned correlation between two signals, searching lags up to maxLag. */
function bestCorrelation(
  a: Float32Array,
  b: Float32Array,
  maxLag: number,
): { lag: number; value: number } {
  let best = { lag: 0, value: -1 }
  const n = Math.min(a.length, b.length) - maxLag
  for (let lag = 0; lag <= maxLag; lag++) {
    let ab = 0
    let aa = 0
    let bb = 0
    for (let i = 0; i < n; i++) {
      const x = a[i] as number
      const y = b[i + lag] as number
      ab += x * y
      aa += x * x
      bb += y * y
    }
    const value = ab / Math.sqrt(aa * bb)
    if (value > best.value) best = { lag, value }
  }
  return best
}

describe('WAV', () => {
  it.each([16, 24, 32] as const)('round-trips %i-bit samples', async (bitDepth) => {
    const audio = tone(0.5, 44100, 2)
    const decoded = await decodeAudio(encodeWav(audio, { bitDepth }))
    expect(decoded.sampleRate).toBe(44100)
    expect(decoded.channels).toHaveLength(2)
    const tolerance = bitDepth === 16 ? 1 / 32768 : bitDepth === 24 ? 1 / 8388608 : 1e-7
    decoded.channels.forEach((channel, c) => {
      let worst = 0
      channel.forEach(
        (v, i) => (worst = Math.max(worst, Math.abs(v - (audio.channels[c]?.[i] ?? 0)))),
      )
      expect(worst).toBeLessThanOrEqual(tolerance)
    })
  })

  it('reads 32-bit integer PCM and skips unknown chunks', async () => {
    const frames = 100
    const bytes = new Uint8Array(44 + 12 + frames * 4)
    const view = new DataView(bytes.buffer)
    const write = (offset: number, text: string) =>
      [...text].forEach((ch, i) => (bytes[offset + i] = ch.charCodeAt(0)))
    write(0, 'RIFF')
    view.setUint32(4, bytes.length - 8, true)
    write(8, 'WAVE')
    write(12, 'LIST')
    view.setUint32(16, 3, true) // odd size: one pad byte follows
    write(24, 'fmt ')
    view.setUint32(28, 16, true)
    view.setUint16(32, 1, true)
    view.setUint16(34, 1, true)
    view.setUint32(36, 8000, true)
    view.setUint32(40, 32000, true)
    view.setUint16(44, 4, true)
    view.setUint16(46, 32, true)
    write(48, 'data')
    view.setUint32(52, frames * 4, true)
    for (let i = 0; i < frames; i++) view.setInt32(56 + i * 4, i === 10 ? 1 << 30 : 0, true)
    const decoded = await decodeAudio(bytes.subarray(0, 56 + frames * 4))
    expect(decoded.channels[0]?.[10]).toBeCloseTo(0.5, 6)
  })

  it('decodes the frames present in a file cut off mid-data and refuses one cut in the header', async () => {
    const bytes = encodeWav(tone(1, 22050, 2))
    const cut = await decodeAudio(bytes.subarray(0, 44 + 4 * 1000 + 3))
    expect(cut.channels[0]).toHaveLength(1000)
    expect(probeAudio(bytes.subarray(0, 44 + 4000)).truncated).toBe(true)
    await expectRefusal(bytes.subarray(0, 30), 'truncated')
    await expectRefusal(bytes.subarray(0, 44), 'truncated')
  })

  it('refuses a corrupted header and an unsupported encoding with reasons', async () => {
    const bytes = encodeWav(tone(0.1, 8000, 1))
    const badAlign = bytes.slice()
    badAlign[32] = 7
    await expectRefusal(badAlign, 'corrupted')
    const alaw = bytes.slice()
    alaw[20] = 6
    await expectRefusal(alaw, 'unsupported_encoding')
    const rate = bytes.slice()
    new DataView(rate.buffer).setUint32(24, 1000, true)
    await expectRefusal(rate, 'unsupported_sample_rate')
  })

  it('handles 8 kHz mono, 96 kHz stereo, a 1-second file and a silent file', async () => {
    const low = await decodeAudio(encodeWav(tone(1, 8000, 1)))
    expect(low).toMatchObject({ sampleRate: 8000 })
    expect(low.channels[0]).toHaveLength(8000)
    const high = await decodeAudio(encodeWav(tone(1, 96000, 2), { bitDepth: 24 }))
    expect(high.sampleRate).toBe(96000)
    expect(high.channels[1]).toHaveLength(96000)
    const silent = await decodeAudio(encodeWav(tone(1, 44100, 2, 0)))
    expect(silent.channels.every((c) => c.every((v) => v === 0))).toBe(true)
  })

  it('refuses a 30-minute file before decoding it, yet streams it for measurement', async () => {
    // 30 minutes of 8 kHz mono 8-bit: small enough to build, long enough to refuse.
    const frames = 30 * 60 * 8000
    const bytes = new Uint8Array(44 + frames).fill(128)
    bytes.set(encodeWav(tone(0.01, 8000, 1)).subarray(0, 44))
    const view = new DataView(bytes.buffer)
    view.setUint32(4, bytes.length - 8, true)
    view.setUint32(28, 8000, true)
    view.setUint16(32, 1, true)
    view.setUint16(34, 8, true)
    view.setUint32(40, frames, true)
    expect(probeAudio(bytes).durationSeconds).toBe(1800)
    // How fast it is refused is a budget of the audio bench, not a test on a shared machine.
    await expectRefusal(bytes, 'too_long')
    let streamed = 0
    for await (const chunk of streamAudio(bytes, 1 << 20))
      streamed += chunk.channels[0]?.length ?? 0
    expect(streamed).toBe(frames)
  })
})

describe('MP3', () => {
  it('round-trips through LAME and mpg123 gaplessly, with the waveform intact', async () => {
    const audio = tone(2, 44100, 2)
    const bytes = encodeMp3(audio, { kbps: 192 })
    expect(sniffAudioFormat(bytes)).toBe('mp3')
    // The Info tag written before the audio tells decoders the encoder delay and padding.
    expect(new TextDecoder().decode(bytes.subarray(36, 40))).toBe('Info')
    const info = readMp3Info(bytes)
    expect(info.sampleRate).toBe(44100)
    expect(info.durationSeconds).toBe(2)
    const decoded = await decodeAudio(bytes)
    expect(decoded.channels).toHaveLength(2)
    expect(decoded.channels[0]).toHaveLength(88200)
    // Aligned sample for sample: the correlation at lag 0 is that of a faithful copy.
    const left = audio.channels[0] as Float32Array
    expect(bestCorrelation(left, decoded.channels[0] as Float32Array, 0).value).toBeGreaterThan(
      0.99,
    )
  })

  it('encodes 96 kHz by resampling to 48 kHz and 8 kHz mono as MPEG 2.5', async () => {
    const high = await decodeAudio(encodeMp3(tone(1, 96000, 2)))
    expect(high.sampleRate).toBe(48000)
    const low = await decodeAudio(encodeMp3(tone(1, 8000, 1), { kbps: 32 }))
    expect(low.sampleRate).toBe(8000)
    expect(low.channels).toHaveLength(1)
    expect(low.channels[0]).toHaveLength(8000)
  })

  it('decodes what is there in a truncated file and refuses a header-only one', async () => {
    const bytes = encodeMp3(tone(2, 44100, 1), { kbps: 128 })
    const half = await decodeAudio(bytes.subarray(0, Math.floor(bytes.length / 2)))
    expect(half.channels[0]?.length).toBeGreaterThan(30000)
    expect(half.channels[0]?.length).toBeLessThan(60000)
    await expectRefusal(bytes.subarray(0, 3), 'unsupported_format')
  })

  it('refuses a file whose frames are mostly garbage', async () => {
    const bytes = encodeMp3(tone(2, 44100, 2), { kbps: 128 })
    const damaged = bytes.slice()
    let seed = 7
    for (let i = 1200; i < damaged.length; i++) {
      seed = (seed * 1103515245 + 12345) >>> 0
      damaged[i] = seed >>> 24
    }
    await expectRefusal(damaged, 'corrupted')
  })

  it('refuses a 30-minute MP3 from its frame headers alone', async () => {
    const frame = encodeMp3(tone(0.2, 8000, 1), { kbps: 32 })
    const info = readMp3Info(frame)
    // One MPEG 2.5 layer III frame at 32 kbit/s and 8 kHz: 576 samples in 72 × 32000 / 8000 = 288 bytes.
    // The first frame is the Info tag; the second is audio.
    const frameBytes = frame.subarray(info.firstFrameOffset + 288, info.firstFrameOffset + 576)
    const repeats = Math.ceil((30 * 60 * 8000) / 576)
    const long = new Uint8Array(frameBytes.length * repeats)
    for (let i = 0; i < repeats; i++) long.set(frameBytes, i * frameBytes.length)
    expect(readMp3Info(long).durationSeconds).toBeGreaterThanOrEqual(1800)
    await expectRefusal(long, 'too_long')
  })
})

describe('bad input', () => {
  it('refuses an empty file', async () => {
    await expectRefusal(new Uint8Array(0), 'empty')
  })

  it('refuses non-audio bytes renamed to .mp3 (PNG, text, PDF)', async () => {
    const png = new Uint8Array([
      0x89,
      0x50,
      0x4e,
      0x47,
      0x0d,
      0x0a,
      0x1a,
      0x0a,
      ...new Array(2000).fill(0),
    ])
    await expectRefusal(png, 'unsupported_format')
    await expectRefusal(
      new TextEncoder().encode('这不是音频文件 '.repeat(500)),
      'unsupported_format',
    )
    await expectRefusal(
      new TextEncoder().encode('%PDF-1.7\n' + 'x'.repeat(5000)),
      'unsupported_format',
    )
  })

  it('never hangs or throws anything but AudioError on random bytes and random cuts', async () => {
    const wav = encodeWav(tone(0.3, 16000, 2))
    const mp3 = encodeMp3(tone(0.3, 22050, 1), { kbps: 64 })
    let seed = 12345
    const random = () => {
      seed = (seed * 1664525 + 1013904223) >>> 0
      return seed / 4294967296
    }
    const cases: Uint8Array[] = []
    for (let i = 0; i < 40; i++) {
      const noise = new Uint8Array(Math.floor(random() * 5000))
      for (let j = 0; j < noise.length; j++) noise[j] = Math.floor(random() * 256)
      cases.push(noise)
      const source = i % 2 === 0 ? wav : mp3
      const cut = source.slice(0, Math.floor(random() * source.length))
      for (let j = 0; j < 20; j++)
        cut[Math.floor(random() * cut.length)] = Math.floor(random() * 256)
      cases.push(cut)
    }
    for (const bytes of cases) {
      const outcome = await decodeAudio(bytes).then(
        (audio) => audio,
        (e: unknown) => e,
      )
      if (outcome instanceof Error) expect(outcome).toBeInstanceOf(AudioError)
      else expect((outcome as PcmAudio).channels.length).toBeGreaterThan(0)
    }
  })
})
