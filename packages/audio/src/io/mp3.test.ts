import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  LAME_DEFAULT_QUALITY,
  Mp3StreamEncoder,
  decodeMp3,
  prepareMp3Encoders,
  readMp3Info,
  withLameQuality,
} from './mp3'
import { isXingFrame, parseMpegFrameHeader } from './mp3Frames'

const RATE = 44100

function sweep(seconds: number): Float32Array[] {
  const length = Math.round(seconds * RATE)
  return [0, 1].map((c) => {
    const samples = new Float32Array(length)
    for (let i = 0; i < length; i++) {
      const t = i / RATE
      samples[i] = 0.4 * Math.sin(2 * Math.PI * (200 + 300 * t + 50 * c) * t)
    }
    return samples
  })
}

/** Whole frames and the samples they carry; throws if the bytes do not end on a frame's end. */
function walkFrames(bytes: Uint8Array): { frames: number; samples: number } {
  let frames = 0
  let samples = 0
  for (let offset = 0; offset < bytes.length; frames++) {
    const header = parseMpegFrameHeader(bytes, offset)
    if (!header || offset + header.length > bytes.length) throw new Error(`cut at ${offset}`)
    samples += header.samplesPerFrame
    offset += header.length
  }
  return { frames, samples }
}

describe('Mp3StreamEncoder.takeFrames', () => {
  it('hands out whole frames as they are encoded; after the Info frame they are the file', async () => {
    const audio = sweep(3)
    const encoder = new Mp3StreamEncoder(RATE, 2, 128)
    const taken: Uint8Array[] = []
    let reportedSamples = 0
    const length = audio[0]?.length ?? 0
    for (let start = 0, size = 1000; start < length; start += size, size = (size * 5) % 30011) {
      encoder.push(audio.map((channel) => channel.subarray(start, start + size)))
      const frames = encoder.takeFrames()
      expect(walkFrames(frames.bytes).samples).toBe(frames.sampleCount)
      reportedSamples += frames.sampleCount
      taken.push(frames.bytes)
    }
    // Most of the audio leaves before the end, not only at `finish`.
    expect(reportedSamples).toBeGreaterThan(length - 3 * 1152)
    const file = encoder.finish()
    taken.push(encoder.takeFrames().bytes)
    expect(encoder.takeFrames().bytes).toHaveLength(0)

    expect(isXingFrame(file, 0)).toBe(true)
    const infoLength = parseMpegFrameHeader(file, 0)?.length ?? 0
    expect(Buffer.concat(taken).equals(Buffer.from(file.subarray(infoLength)))).toBe(true)
    expect(readMp3Info(file).sampleCount).toBe(length)
    expect((await decodeMp3(file)).channels[0]).toHaveLength(length)
  })

  it('leaves finish as it was for an encoder nobody takes frames from', () => {
    const audio = sweep(1)
    // One after the other, so both draw the same kind of encoder from the pool.
    const streamed = new Mp3StreamEncoder(RATE, 2, 128)
    streamed.push(audio)
    streamed.takeFrames()
    const withFramesTaken = streamed.finish()
    const plain = new Mp3StreamEncoder(RATE, 2, 128)
    plain.push(audio)
    expect(Buffer.from(withFramesTaken).equals(Buffer.from(plain.finish()))).toBe(true)
  })
})

/** A few seconds of something like music: a chord with vibrato, plucked notes and a little noise. */
function musicLike(seconds: number): Float32Array[] {
  const length = Math.round(seconds * RATE)
  let seed = 12345
  const noise = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed / 2147483648 - 0.5
  }
  return [0, 1].map((c) => {
    const samples = new Float32Array(length)
    for (let i = 0; i < length; i++) {
      const t = i / RATE
      const vibrato = 1 + 0.004 * Math.sin(2 * Math.PI * 5 * t)
      let value = 0
      for (const [k, frequency] of [220, 277.2, 329.6, 440 + 3 * c].entries())
        value += (0.12 / (k + 1)) * Math.sin(2 * Math.PI * frequency * vibrato * t)
      const pluck = t % 0.25
      value += 0.2 * Math.exp(-pluck * 18) * Math.sin(2 * Math.PI * 880 * pluck)
      samples[i] = value + 0.01 * noise()
    }
    return samples
  })
}

/** Signal-to-noise ratio of the decoded file against what was encoded, in dB (a second in). */
function decodedSnrDb(original: Float32Array, decoded: Float32Array): number {
  let signal = 0
  let noise = 0
  for (let i = RATE; i < original.length - RATE; i++) {
    const value = original[i] as number
    signal += value * value
    noise += (value - (decoded[i] as number)) ** 2
  }
  return 10 * Math.log10(signal / noise)
}

describe('LAME algorithm quality', () => {
  const lameFile = new Uint8Array(
    readFileSync(new URL(import.meta.resolve('wasm-media-encoders/wasm/mp3'))),
  )

  it('finds the one constant to change in the installed LAME, and refuses what it cannot change', () => {
    const fast = withLameQuality(lameFile, 7)
    expect(fast).toBeDefined()
    const changed = [...(fast as Uint8Array)].flatMap((byte, at) =>
      byte === lameFile[at] ? [] : [at],
    )
    expect(changed).toHaveLength(1)
    expect(fast?.[changed[0] as number]).toBe(7)
    expect(lameFile[changed[0] as number]).toBe(LAME_DEFAULT_QUALITY)
    expect(withLameQuality(lameFile, 10)).toBeUndefined()
    expect(withLameQuality(lameFile, 2.5)).toBeUndefined()
    // Bytes without the code (another build), or with it twice, are left alone.
    expect(withLameQuality(lameFile.subarray(0, 1000), 7)).toBeUndefined()
    const twice = new Uint8Array(lameFile.length * 2)
    twice.set(lameFile)
    twice.set(lameFile, lameFile.length)
    expect(withLameQuality(twice, 7)).toBeUndefined()
  })

  it('encodes at quality 7 differently from the default, and nearly as faithfully', async () => {
    await prepareMp3Encoders(7)
    const audio = musicLike(4)
    const encode = (quality: number) => {
      const encoder = new Mp3StreamEncoder(RATE, 2, 192, quality)
      encoder.push(audio)
      return encoder.finish()
    }
    const standard = encode(LAME_DEFAULT_QUALITY)
    const fast = encode(7)
    expect(Buffer.from(fast).equals(Buffer.from(standard))).toBe(false)
    const standardSnr = decodedSnrDb(
      audio[0] as Float32Array,
      (await decodeMp3(standard)).channels[0] as Float32Array,
    )
    const fastSnr = decodedSnrDb(
      audio[0] as Float32Array,
      (await decodeMp3(fast)).channels[0] as Float32Array,
    )
    // Waveform SNR is not what a listener hears (LAME's default shapes its noise under the
    // music), but a broken or much coarser encoder would lose it: both measure about 29.5 dB.
    expect(standardSnr).toBeGreaterThan(25)
    expect(fastSnr).toBeGreaterThan(standardSnr - 1.5)
    expect(readMp3Info(fast).sampleCount).toBe(audio[0]?.length)
  })
})
