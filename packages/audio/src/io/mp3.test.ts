import { describe, expect, it } from 'vitest'
import { Mp3StreamEncoder, decodeMp3, readMp3Info } from './mp3'
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
