/**
 * A minimal FLAC encoder for tests (verbatim subframes, 16-bit, fixed blocks): enough to make a
 * real FLAC file that any decoder reads, without an encoder dependency. Not for production use:
 * verbatim frames do not compress.
 */
import type { PcmAudio } from '@gy/audio'

const BLOCK_SIZE = 4096
/** Rates the frame header names itself; others are read from STREAMINFO (code 0). */
const SAMPLE_RATE_CODES: Record<number, number> = {
  8000: 0b0100,
  16000: 0b0101,
  22050: 0b0110,
  24000: 0b0111,
  32000: 0b1000,
  44100: 0b1001,
  48000: 0b1010,
}

class BitWriter {
  private readonly bytes: number[] = []
  private current = 0
  private filled = 0

  write(value: number, bitCount: number): void {
    for (let bit = bitCount - 1; bit >= 0; bit--) {
      this.current = (this.current << 1) | (Math.floor(value / 2 ** bit) & 1)
      this.filled++
      if (this.filled === 8) {
        this.bytes.push(this.current)
        this.current = 0
        this.filled = 0
      }
    }
  }

  alignToByte(): void {
    while (this.filled !== 0) this.write(0, 1)
  }

  get length(): number {
    return this.bytes.length
  }

  slice(from: number): number[] {
    return this.bytes.slice(from)
  }

  pushByte(byte: number): void {
    this.bytes.push(byte)
  }

  toBytes(): Uint8Array {
    return Uint8Array.from(this.bytes)
  }
}

function crc8(bytes: readonly number[]): number {
  let crc = 0
  for (const byte of bytes) {
    crc ^= byte
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff
  }
  return crc
}

function crc16(bytes: readonly number[]): number {
  let crc = 0
  for (const byte of bytes) {
    crc ^= byte << 8
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x8005) & 0xffff : (crc << 1) & 0xffff
    }
  }
  return crc
}

function toInt16(sample: number): number {
  const clamped = Math.max(-1, Math.min(1, sample))
  return Math.round(clamped * 32767)
}

export function encodeTestFlac(audio: PcmAudio): Uint8Array {
  const channels = audio.channels
  const totalFrames = channels[0]?.length ?? 0
  const frameCount = Math.ceil(totalFrames / BLOCK_SIZE)
  if (frameCount >= 128) throw new Error('encodeTestFlac writes at most 127 frames')
  const out = new BitWriter()
  for (const character of 'fLaC') out.write(character.charCodeAt(0), 8)
  // STREAMINFO, the last metadata block.
  out.write(1, 1)
  out.write(0, 7)
  out.write(34, 24)
  out.write(BLOCK_SIZE, 16)
  out.write(BLOCK_SIZE, 16)
  out.write(0, 24)
  out.write(0, 24)
  out.write(audio.sampleRate, 20)
  out.write(channels.length - 1, 3)
  out.write(15, 5)
  out.write(totalFrames, 36)
  for (let index = 0; index < 16; index++) out.write(0, 8)

  for (let frame = 0; frame < frameCount; frame++) {
    const start = frame * BLOCK_SIZE
    const size = Math.min(BLOCK_SIZE, totalFrames - start)
    const frameStart = out.length
    out.write(0b11111111111110, 14)
    out.write(0, 1)
    out.write(0, 1)
    out.write(0b0111, 4) // block size: 16 bits after the frame number
    out.write(SAMPLE_RATE_CODES[audio.sampleRate] ?? 0b0000, 4)
    out.write(channels.length - 1, 4) // independent channels
    out.write(0b100, 3) // 16 bits per sample
    out.write(0, 1)
    out.write(frame, 8) // the frame number, UTF-8 coded: one byte below 128
    out.write(size - 1, 16)
    out.pushByte(crc8(out.slice(frameStart)))
    for (const channel of channels) {
      out.write(0, 1)
      out.write(0b000001, 6) // VERBATIM
      out.write(0, 1)
      for (let index = start; index < start + size; index++) {
        out.write(toInt16(channel[index] ?? 0) & 0xffff, 16)
      }
    }
    out.alignToByte()
    const crc = crc16(out.slice(frameStart))
    out.write(crc, 16)
  }
  return out.toBytes()
}
