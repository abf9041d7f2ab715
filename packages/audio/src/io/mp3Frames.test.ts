import { describe, expect, it } from 'vitest'
import type { PcmAudio } from '../types'
import { encodeMp3 } from './mp3'
import {
  id3TagLength,
  isMpegFrameChain,
  isXingFrame,
  parseMpegFrameHeader,
  scanMp3,
  sideInfoLength,
} from './mp3Frames'

function tone(seconds: number, sampleRate = 44100): PcmAudio {
  const samples = new Float32Array(Math.round(seconds * sampleRate))
  for (let i = 0; i < samples.length; i++) {
    samples[i] = 0.4 * Math.sin((2 * Math.PI * 440 * i) / sampleRate)
  }
  return { sampleRate, channels: [samples, samples.slice()] }
}

/** An ID3v2.4 tag holding `bodyLength` zero bytes, its size written syncsafe. */
function id3Tag(bodyLength: number): Uint8Array {
  const tag = new Uint8Array(10 + bodyLength)
  tag.set([0x49, 0x44, 0x33, 4, 0, 0])
  tag[6] = (bodyLength >> 21) & 0x7f
  tag[7] = (bodyLength >> 14) & 0x7f
  tag[8] = (bodyLength >> 7) & 0x7f
  tag[9] = bodyLength & 0x7f
  return tag
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

describe('parseMpegFrameHeader', () => {
  it('reads an MPEG-1 layer III header, padding slot included', () => {
    expect(parseMpegFrameHeader(Uint8Array.of(0xff, 0xfb, 0x90, 0x64), 0)).toEqual({
      length: 417,
      sampleRate: 44100,
      samplesPerFrame: 1152,
      kbps: 128,
      channelCount: 2,
    })
    expect(parseMpegFrameHeader(Uint8Array.of(0xff, 0xfb, 0x92, 0xc4), 0)).toMatchObject({
      length: 418,
      channelCount: 1,
    })
  })

  it('reads MPEG-2 layer III (576 samples) and layer I (4-byte slots) headers', () => {
    expect(parseMpegFrameHeader(Uint8Array.of(0xff, 0xf3, 0x80, 0x00), 0)).toEqual({
      length: 208,
      sampleRate: 22050,
      samplesPerFrame: 576,
      kbps: 64,
      channelCount: 2,
    })
    expect(parseMpegFrameHeader(Uint8Array.of(0xff, 0xff, 0x90, 0x00), 0)).toMatchObject({
      length: 312,
      samplesPerFrame: 384,
      kbps: 288,
    })
  })

  it('refuses what is not a usable header', () => {
    const header = Uint8Array.of(0xff, 0xfb, 0x90, 0x64)
    expect(parseMpegFrameHeader(header, -1)).toBeNull()
    expect(parseMpegFrameHeader(header, 1)).toBeNull()
    expect(parseMpegFrameHeader(Uint8Array.of(0xff, 0xfb, 0x00, 0x64), 0)).toBeNull() // free format
    expect(parseMpegFrameHeader(Uint8Array.of(0xff, 0xfb, 0xf0, 0x64), 0)).toBeNull() // bad bitrate
    expect(parseMpegFrameHeader(Uint8Array.of(0xff, 0xfb, 0x9c, 0x64), 0)).toBeNull() // bad rate
    expect(parseMpegFrameHeader(Uint8Array.of(0xff, 0xeb, 0x90, 0x64), 0)).toBeNull() // bad version
    expect(parseMpegFrameHeader(Uint8Array.of(0xff, 0xf9, 0x90, 0x64), 0)).toBeNull() // bad layer
  })
})

describe('id3TagLength', () => {
  it('reads the syncsafe size, plus the footer when the flag says there is one', () => {
    expect(id3TagLength(id3Tag(300))).toBe(310)
    const withFooter = id3Tag(300)
    withFooter[5] = 0x10
    expect(id3TagLength(withFooter)).toBe(320)
    expect(id3TagLength(Uint8Array.of(0xff, 0xfb, 0x90, 0x64, 0, 0, 0, 0, 0, 0))).toBe(0)
  })
})

describe('sideInfoLength', () => {
  it('depends on the MPEG version and on mono', () => {
    expect(sideInfoLength(Uint8Array.of(0xff, 0xfb, 0x90, 0x64), 0)).toBe(32)
    expect(sideInfoLength(Uint8Array.of(0xff, 0xfb, 0x90, 0xc4), 0)).toBe(17)
    expect(sideInfoLength(Uint8Array.of(0xff, 0xf3, 0x80, 0x00), 0)).toBe(17)
    expect(sideInfoLength(Uint8Array.of(0xff, 0xf3, 0x80, 0xc0), 0)).toBe(9)
  })
})

describe('scanning an encoded file', () => {
  const mp3 = encodeMp3(tone(2), { kbps: 128 })

  it('starts with a Info tag frame, then a chain of audio frames', () => {
    expect(isXingFrame(mp3, 0)).toBe(true)
    expect(isMpegFrameChain(mp3, 0)).toBe(true)
    expect(isMpegFrameChain(mp3, 1)).toBe(false)
    const stream = scanMp3(mp3)
    expect(stream).not.toBeNull()
    if (!stream) return
    expect(isXingFrame(mp3, stream.audioStart)).toBe(false)
    expect(stream).toMatchObject({ sampleRate: 44100, samplesPerFrame: 1152, kbps: 128 })
    // 2 s of audio plus the encoder's delay and flush, in whole frames.
    expect(stream.frames.length * 1152).toBeGreaterThanOrEqual(2 * 44100)
    expect(stream.frames.length).toBeLessThan((2 * 44100) / 1152 + 4)
    const last = stream.frames.at(-1)
    expect(last && last.offset + last.length).toBe(mp3.length)
  })

  it('skips an ID3 tag before the frames and junk between them', () => {
    const plain = scanMp3(mp3)
    const first = plain?.frames[0]
    const second = plain?.frames[1]
    if (!plain || !first || !second) throw new Error('no frames')
    const damaged = concat(
      id3Tag(500),
      mp3.subarray(0, second.offset),
      Uint8Array.of(1, 2, 3),
      mp3.subarray(second.offset),
    )
    const stream = scanMp3(damaged)
    expect(stream?.audioStart).toBe(510 + first.offset)
    expect(stream?.frames.length).toBe(plain.frames.length)
    expect(stream?.frames[1]?.offset).toBe(510 + second.offset + 3)
  })

  it('finds nothing in bytes that are not MPEG audio', () => {
    expect(scanMp3(new TextEncoder().encode('not audio at all'))).toBeNull()
    expect(scanMp3(new Uint8Array(0))).toBeNull()
  })
})
